import { shim } from "../shim";

/** The serialized provider of `PlatformUser`: this module's whole export (see ../shim.ts). */
export = shim("PlatformUser");
