import { shim } from "../shim";

/** The serialized provider of `Agent`: this module's whole export (see ../shim.ts). */
export = shim("Agent");
