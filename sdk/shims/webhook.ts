import { shim } from "../shim";

/** The serialized provider of `Webhook`: this module's whole export (see ../shim.ts). */
export = shim("Webhook");
