import { shim } from "../shim";

/** The serialized provider of `PortalCategory`: this module's whole export (see ../shim.ts). */
export = shim("PortalCategory");
