/**
 * The fleet file's JSON Schema, made from its zod schema (./fleet-file.ts): `npm run generate`
 * writes it to ./fleet.schema.json, which the package ships, so that an editor completes and checks
 * a fleet file that names it (`# yaml-language-server: $schema=node_modules/pulumi-chatwoot/dist/sdk/fleet/fleet.schema.json`).
 */
import { z } from "zod";
import { FleetFile } from "./fleet-file";

/** Where the schema is checked in, from the repository's root. */
export const FLEET_SCHEMA_FILE = "sdk/fleet/fleet.schema.json";

/** The JSON Schema's text, as checked in: the shared parts named in `$defs` by their ids (./fleet-file.ts). */
export function fleetJsonSchemaText(): string {
  const schema = z.toJSONSchema(FleetFile, { io: "input", target: "draft-2020-12" });
  return `${JSON.stringify({ title: "pulumi-chatwoot fleet file", ...schema }, null, 2)}
`;
}
