import { shim } from "../shim";

/** The serialized provider of `TeamMembership`: this module's whole export (see ../shim.ts). */
export = shim("TeamMembership");
