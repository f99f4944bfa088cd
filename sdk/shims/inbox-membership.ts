import { shim } from "../shim";

/** The serialized provider of `InboxMembership`: this module's whole export (see ../shim.ts). */
export = shim("InboxMembership");
