import type * as pulumi from "@pulumi/pulumi";
import type * as implementation from "../provider";
import type * as existing from "../provider/lifecycle/existing";

/**
 * The provider objects handed to `pulumi.dynamic.Resource`. Pulumi serializes the provider into
 * every resource's state and runs that text later (refresh and destroy run the stored text). Each
 * shim is therefore the whole export of its own module under `sdk/shims/`: when the package is
 * installed, Pulumi stores only `require("pulumi-chatwoot/dist/sdk/shims/<type>.js")` (about
 * 250 bytes), so state holds no code, no absolute path and no token, and an upgraded package takes
 * effect for destroy and refresh too. The shim loads the real implementation by package name at
 * run time and delegates.
 */

type ResourceKind = implementation.ResourceKind;

/**
 * The mark `X.get` puts in the props it hands to the engine (see ./resource-conventions.ts and
 * provider/lifecycle/existing.ts, which declares the same key: the type says so).
 */
export const EXISTING_KEY: typeof existing.EXISTING_KEY = "__existing";

/** Where the host finds the implementation: the installed package, else this project's own build. */
function load(): typeof implementation {
  try {
    return require("pulumi-chatwoot/provider");
  } catch (err) {
    // Run from a checkout of this repository (the SDK serialized by value), the package cannot
    // resolve itself by name: use the built dist/ of the project directory the host runs in.
    const code = (err as { code?: string }).code;
    if (code !== "MODULE_NOT_FOUND" && code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw err;
    return require(require("path").join(process.cwd(), "dist", "provider"));
  }
}

/** The provider object for one resource type; `configure` forwards the stack's `chatwoot:*` settings. */
export function shim(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  const impl = () => load().resources[kind];
  return {
    configure: async (req) => load().configureFromHost(req.config),
    check: (olds, news) => impl().check!(olds, news),
    diff: (id, olds, news) => load().diffDynamic(kind, id, olds, news),
    create: (inputs) => impl().create(inputs),
    read: (id, props) => (props?.[EXISTING_KEY] ? load().readExisting(kind, id, props) : impl().read!(id, props)),
    update: (id, olds, news) => impl().update!(id, olds, news),
    // What deleting did to an adopted object goes to the host's stdout, which Pulumi shows.
    delete: (id, props) => load().showingNotices(load().onStdout, () => impl().delete!(id, props)),
  };
}
