import { shim } from "../shim";

/** The serialized provider of `AutomationRule`: this module's whole export (see ../shim.ts). */
export = shim("AutomationRule");
