import { shim } from "../shim";

/** The serialized provider of `Portal`: this module's whole export (see ../shim.ts). */
export = shim("Portal");
