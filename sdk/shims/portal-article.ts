import { shim } from "../shim";

/** The serialized provider of `PortalArticle`: this module's whole export (see ../shim.ts). */
export = shim("PortalArticle");
