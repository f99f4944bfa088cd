import { shim } from "../shim";

/** The serialized provider of `Label`: this module's whole export (see ../shim.ts). */
export = shim("Label");
