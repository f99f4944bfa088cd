import * as pulumi from "@pulumi/pulumi";
import { SETTING_SOURCES } from "../provider/config";
import { configure } from "../provider";

/**
 * Hands the stack's `chatwoot:*` configuration to the provider code running in the program
 * process, as the serialized shims' `configure()` does in the provider host. The data sources call
 * it before each lookup; unset values fall back to the `CHATWOOT_*` environment variables.
 */
export function configureFromStack(): void {
  const config = new pulumi.Config("chatwoot");
  const values: Record<string, string | undefined> = {};
  for (const { key } of Object.values(SETTING_SOURCES)) values[key] = config.get(key);
  configure(values);
}
