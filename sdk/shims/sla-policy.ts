import { shim } from "../shim";

/** The serialized provider of `SlaPolicy`: this module's whole export (see ../shim.ts). */
export = shim("SlaPolicy");
