/**
 * What the serialized shims load (by package name, `pulumi-chatwoot/provider`) inside Pulumi's
 * dynamic-provider host. This surface is a contract with every provider text already stored in
 * users' state: names here may be added, never renamed or removed.
 */
import { configureConnection, SETTING_SOURCES } from "./config";
import { dynamicDiff } from "./lifecycle/door-switch";
import { readExisting as readExistingObject } from "./lifecycle/existing";
import type { Props } from "./lifecycle/json";
import { DATA_SOURCE_TYPES, RESOURCE_TYPES, type ResourceKind } from "./registry";

/** Receives the stack's `chatwoot:*` configuration (keys without the namespace) from the shims. */
export function configure(values: Record<string, string | undefined>): void {
  configureConnection(values);
}

/**
 * Receives the dynamic-provider host's config (every stack key, namespaced) from the shims'
 * `configure()` and keeps the `chatwoot:*` settings.
 */
export function configureFromHost(config: { get(key: string): string | undefined }): void {
  const values: Record<string, string | undefined> = {};
  for (const { key } of Object.values(SETTING_SOURCES)) values[key] = hostSetting(config, `chatwoot:${key}`);
  configureConnection(values);
}

/**
 * A host that never received the Configure RPC (an engine that does not send one) has no config to
 * read from, and its `get` fails with a TypeError: nothing is set, so the environment applies.
 */
function hostSetting(config: { get(key: string): string | undefined }, key: string): string | undefined {
  try {
    return config.get(key);
  } catch (err) {
    if (err instanceof TypeError) return undefined;
    throw err;
  }
}

/** The lifecycle methods of each resource, by Pulumi type name (from the registry of types). */
export const resources = Object.fromEntries(RESOURCE_TYPES.map((t) => [t.name, t.lifecycle])) as {
  [T in (typeof RESOURCE_TYPES)[number] as T["name"]]: T["lifecycle"];
};

export type { ResourceKind } from "./registry";

/** The diff of a dynamic resource of type `kind`: the type's, and an update where the plugin wrote the outputs last (see ./lifecycle/door-switch.ts). */
export async function diffDynamic(kind: ResourceKind, id: string, olds: Props, news: Props): ReturnType<(typeof resources)[ResourceKind]["diff"]> {
  return dynamicDiff(await resources[kind].diff(id, olds, news), olds);
}

/** `X.get`'s read of an object of type `kind` (see ./lifecycle/existing.ts). */
export function readExisting(kind: ResourceKind, id: string, props: Props): ReturnType<typeof readExistingObject> {
  return readExistingObject(resources[kind], kind, id, props);
}

/** The data sources, called in the program process by the SDK's `getX` functions (from the registry of types). */
export const readers = Object.fromEntries(DATA_SOURCE_TYPES.map((t) => [t.name, t.read])) as {
  [T in (typeof DATA_SOURCE_TYPES)[number] as T["name"]]: T["read"];
};

/** How the dynamic shims let the lifecycle tell the user what a step did (see ./lifecycle/notices.ts). */
export { onStdout, showingNotices } from "./lifecycle/notices";
