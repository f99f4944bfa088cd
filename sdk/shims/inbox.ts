import { shim } from "../shim";

/** The serialized provider of `Inbox`: this module's whole export (see ../shim.ts). */
export = shim("Inbox");
