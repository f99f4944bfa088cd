import { shim } from "../shim";

/** The serialized provider of `DashboardApp`: this module's whole export (see ../shim.ts). */
export = shim("DashboardApp");
