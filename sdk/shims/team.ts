import { shim } from "../shim";

/** The serialized provider of `Team`: this module's whole export (see ../shim.ts). */
export = shim("Team");
