import { shim } from "../shim";

/** The serialized provider of `PlatformAccountUser`: this module's whole export (see ../shim.ts). */
export = shim("PlatformAccountUser");
