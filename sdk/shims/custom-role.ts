import { shim } from "../shim";

/** The serialized provider of `CustomRole`: this module's whole export (see ../shim.ts). */
export = shim("CustomRole");
