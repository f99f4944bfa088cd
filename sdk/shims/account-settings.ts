import { shim } from "../shim";

/** The serialized provider of `AccountSettings`: this module's whole export (see ../shim.ts). */
export = shim("AccountSettings");
