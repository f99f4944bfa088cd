import { shim } from "../shim";

/** The serialized provider of `CustomAttributeDefinition`: this module's whole export (see ../shim.ts). */
export = shim("CustomAttributeDefinition");
