/**
 * The two ways a Pulumi program loads this package, which Pulumi serializes differently.
 */
import * as path from "node:path";
import type * as Sdk from "pulumi-chatwoot";

/** The repository root: the host runs here, as the engine runs it in the project directory. */
export const repoRoot = path.resolve(__dirname, "../../..");

/** The SDK's module surface. */
export type ChatwootSdk = typeof Sdk;

/**
 * The SDK as a user's program loads it: the built package installed in `node_modules` (by `npm run
 * build`). Pulumi then stores each provider as `require("pulumi-chatwoot/dist/sdk/shims/<type>.js")`.
 */
export function installedSdk(): ChatwootSdk {
  return require(path.join(repoRoot, "node_modules", "pulumi-chatwoot")) as ChatwootSdk;
}

/**
 * The SDK as a checkout of this repository loads itself: its own `dist/`, which is not under
 * `node_modules`, so Pulumi serializes each shim by value.
 */
export function checkoutSdk(): ChatwootSdk {
  return require(path.join(repoRoot, "dist", "sdk")) as ChatwootSdk;
}
