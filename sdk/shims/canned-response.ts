import { shim } from "../shim";

/** The serialized provider of `CannedResponse`: this module's whole export (see ../shim.ts). */
export = shim("CannedResponse");
