import type * as pulumi from "@pulumi/pulumi";
import type * as implementation from "../provider";

/**
 * The provider objects handed to `pulumi.dynamic.Resource`. Pulumi serializes each of them into
 * every resource's state and runs that text later (refresh and destroy run the stored text), so
 * they only load the real implementation by package name at run time and delegate: no captured
 * clients or schemas, no absolute path, no token, a few hundred bytes each.
 */

type ResourceKind = implementation.ResourceKind;
type Provider = pulumi.dynamic.ResourceProvider;

/** Where the host finds the implementation: the installed package, else this project's own build. */
function load(): typeof implementation {
  try {
    return require("pulumi-chatwoot/provider");
  } catch (err) {
    // Inside this repository the package cannot resolve itself from the host's text module: use the
    // built dist/ of the project directory the host runs in.
    const code = (err as { code?: string }).code;
    if (code !== "MODULE_NOT_FOUND" && code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw err;
    return require(require("path").join(process.cwd(), "dist", "provider"));
  }
}

/** A shim for one resource type. `configure` forwards the stack's `chatwoot:*` settings. */
function shim(kind: ResourceKind): Provider {
  const impl = () => load().resources[kind];
  return {
    async configure(req) {
      const values: Record<string, string | undefined> = {};
      for (const key of ["url", "apiAccessToken", "platformAccessToken", "accountId", "requestTimeoutMs", "maxRetries"]) {
        values[key] = req.config.get(`chatwoot:${key}`);
      }
      load().configure(values);
    },
    check: (olds, news) => impl().check!(olds, news),
    diff: (id, olds, news) => impl().diff!(id, olds, news),
    create: (inputs) => impl().create(inputs),
    read: (id, props) => impl().read!(id, props),
    update: (id, olds, news) => impl().update!(id, olds, news),
    delete: (id, props) => impl().delete!(id, props),
  };
}

/** One module-level shim per resource type, so Pulumi serializes each once per program run. */
export const shims = {
  AgentBot: shim("AgentBot"),
  AutomationRule: shim("AutomationRule"),
  CustomAttributeDefinition: shim("CustomAttributeDefinition"),
  InboxMembership: shim("InboxMembership"),
  Portal: shim("Portal"),
} satisfies Partial<Record<ResourceKind, Provider>>;
