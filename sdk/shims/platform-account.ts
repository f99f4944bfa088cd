import { shim } from "../shim";

/** The serialized provider of `PlatformAccount`: this module's whole export (see ../shim.ts). */
export = shim("PlatformAccount");
