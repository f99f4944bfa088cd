import { shim } from "../shim";

/** The serialized provider of `AgentBot`: this module's whole export (see ../shim.ts). */
export = shim("AgentBot");
