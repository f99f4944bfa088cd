/**
 * How the plugin's package names things, wherever they are written: its type and function tokens
 * (`chatwoot:index:Label`, `chatwoot:index:getInbox`, in the schema, the server, exported YAML
 * programs and import files) and the tarball `npm run build:plugin` writes.
 */

/** The package's token prefix. */
export const TOKEN_PREFIX = "chatwoot:index:";

/** The token of a resource type or data source: `Label` → `chatwoot:index:Label`. */
export const pluginToken = (name: string): string => `${TOKEN_PREFIX}${name}`;

/** The plugin tarball's name for `version`, in Pulumi's plugin naming, which users recognise. */
export const pluginTarballName = (version: string): string => `pulumi-resource-chatwoot-v${version}-linux-amd64.tar.gz`;
