import * as pulumi from "@pulumi/pulumi";
import type * as naming from "../provider/plugin/naming";
import type * as providerConfig from "../provider/plugin/provider-config";

/**
 * Which of the package's two front doors a resource or data source takes. Both call the same
 * provider core; they differ in who runs it:
 * - the dynamic door (the default, nothing to install): Pulumi's dynamic-provider host, type
 *   tokens `pulumi-nodejs:dynamic/chatwoot:<Type>`, the connection from the stack's `chatwoot:*`
 *   config; a data source runs its reader in the program process;
 * - the plugin door: the native plugin `pulumi-resource-chatwoot` (the package carries it; the
 *   project's Pulumi.yaml names it), type tokens `chatwoot:index:<Type>`, functions
 *   `chatwoot:index:get<X>`, a connection per provider.
 *
 * A resource or data source takes the plugin when the program asks for it, as Pulumi itself would
 * pick its provider: a {@link Provider} in its `provider` option (or inherited from its parent's
 * `providers`), or, for every one without such a provider, the stack setting
 * `chatwoot:usePlugin: true` (which `pulumi import`'s generated code, carrying no provider option,
 * needs). Anything else stays dynamic, as every program written before the plugin door was.
 */

/** The plugin's package name: its providers' `getPackage()` and the first part of its tokens. */
export const PLUGIN_PACKAGE = "chatwoot";

/** The plugin's type token of a resource type or function: `chatwoot:index:Label` (provider/plugin/naming.ts spells the same). */
export const pluginToken = (name: string): `${typeof naming.TOKEN_PREFIX}${string}` => `chatwoot:index:${name}`;

/** The dynamic door's type token of a resource type: `pulumi-nodejs:dynamic/chatwoot:Label`, which every dynamic stack's URNs hold. */
export const dynamicToken = (name: string): string => `pulumi-nodejs:dynamic/chatwoot:${name}`;

/** The stack setting that puts resources and data sources without a provider of their own on the plugin. */
const USE_PLUGIN: typeof providerConfig.USE_PLUGIN_KEY = "usePlugin";

/**
 * Whether `value` is a provider of the plugin (a {@link Provider}, even from another copy of the
 * package), by the type Pulumi gives it, as Pulumi's generated `Provider.isInstance` checks.
 */
export function isPluginProvider(value: unknown): value is pulumi.ProviderResource {
  return typeof value === "object" && value !== null && (value as { __pulumiType?: unknown }).__pulumiType === `pulumi:providers:${PLUGIN_PACKAGE}`;
}

/** The options of a resource or a data source that say where its provider comes from. */
type ProviderOptions = Pick<pulumi.CustomResourceOptions & pulumi.InvokeOptions, "provider" | "parent">;

/**
 * The plugin's provider a resource or data source with these options gets, as Pulumi picks it: its
 * `provider` option, else its parent's (a component's `providers`, inherited down the tree). A
 * `provider` of another package is Pulumi's own business, and leaves the plugin out.
 */
function explicitProvider(opts: ProviderOptions | undefined): pulumi.ProviderResource | undefined {
  if (opts?.provider !== undefined) return isPluginProvider(opts.provider) ? opts.provider : undefined;
  const inherited = opts?.parent?.getProvider(pluginToken(""));
  return isPluginProvider(inherited) ? inherited : undefined;
}

/**
 * Whether a resource or data source with these options takes the plugin door: it has a provider of
 * the plugin, or the stack says `chatwoot:usePlugin: true` (a value that is no boolean fails,
 * naming the setting).
 */
export function onPlugin(opts: ProviderOptions | undefined): boolean {
  return explicitProvider(opts) !== undefined || new pulumi.Config(PLUGIN_PACKAGE).getBoolean(USE_PLUGIN) === true;
}
