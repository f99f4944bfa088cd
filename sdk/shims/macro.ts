import { shim } from "../shim";

/** The serialized provider of `Macro`: this module's whole export (see ../shim.ts). */
export = shim("Macro");
