import * as pulumi from "@pulumi/pulumi";
import type * as config from "../provider/config";

/**
 * Hands the stack's `chatwoot:*` configuration to the provider code running in the program
 * process, as the serialized shims' `configure()` does in the provider host. The data sources call
 * it before each lookup; unset values fall back to the `CHATWOOT_*` environment variables. The
 * provider's connection module is loaded then, not when the package is imported.
 */
export function configureFromStack(): void {
  const { SETTING_SOURCES, configureConnection } = require("../provider/config") as typeof config;
  const stack = new pulumi.Config("chatwoot");
  const values: Record<string, string | undefined> = {};
  for (const { key } of Object.values(SETTING_SOURCES)) values[key] = stack.get(key);
  configureConnection(values);
}
