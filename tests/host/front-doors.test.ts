/**
 * Which front door a resource or data source of the installed package takes, and what it hands
 * the engine there, read from the SDK's real registrations under a recording monitor:
 * - the dynamic door, the default: exactly what `pulumi.dynamic.Resource` registers for the same
 *   shim (its type token and its `__provider` text), so that a stack made before the plugin door
 *   sees no change, with the plugin's type as an alias;
 * - the plugin door, where a `chatwoot.Provider` (its own, or a parent's) or the stack setting
 *   `chatwoot:usePlugin` asks for it: the plugin's type token, no provider text, the provider
 *   Pulumi picks, and the dynamic type as an alias, except beside an `import` id (which would make
 *   the engine import the object as a new resource and delete the old one, and the object with it)
 *   and on `X.get`'s read;
 * - `chatwoot.Provider`: the plugin's provider type, its tokens secret whatever the program passes;
 * - data sources: the plugin's function through the engine on the plugin door (its secrets kept
 *   in the Output form), the reader in the program on the dynamic door.
 * The doors' own behaviour is tested through the real CLI in tests/program/door-switch.test.ts.
 */
import * as pulumi from "@pulumi/pulumi";
import { captureReads, captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { ProgramMonitor, type Invocation } from "../harness/program-monitor";
import { runUnderMonitor } from "../harness/program-run";
import { serializeProvider } from "../harness/serialize-provider";
import { wrapSecret, type PropertyMap } from "../harness/wire";
import { installedSdk, repoRoot, type ChatwootSdk } from "./support/packages";
import { RESOURCE_CASES, typeToken, type ResourceKind } from "./support/resource-cases";

const sdk = installedSdk();
const pluginType = (kind: string) => `chatwoot:index:${kind}`;
const moduleOf = (kind: string) => kind.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();
/** The installed package's shim of a type, the object its class hands `pulumi.dynamic.Resource` before the plugin door. */
const shimOf = (kind: ResourceKind) => require(`${repoRoot}/node_modules/pulumi-chatwoot/dist/sdk/shims/${moduleOf(kind)}.js`) as pulumi.dynamic.ResourceProvider;

const USE_PLUGIN = { "chatwoot:usePlugin": "true" };

describe("every resource class", () => {
  let dynamic: Map<string, CapturedRegistration>;
  let plugin: Map<string, CapturedRegistration>;
  beforeAll(async () => {
    const declareAll = () => RESOURCE_CASES.forEach((c) => c.declare(sdk, `door-${c.kind}`));
    dynamic = new Map((await captureRegistrations(declareAll)).map((r) => [r.name, r]));
    plugin = new Map((await captureRegistrations(declareAll, { config: USE_PLUGIN })).map((r) => [r.name, r]));
  });

  test.each(RESOURCE_CASES.map((c) => c.kind))("%s registers on the dynamic door as pulumi.dynamic.Resource does, with the plugin's type as an alias", async (kind) => {
    const registration = dynamic.get(`door-${kind}`)!;
    expect(registration.type).toBe(typeToken(kind));
    expect(registration.providerText).toBe((await serializeProvider(shimOf(kind))).text);
    expect(registration.secretInputKeys).not.toContain("__provider");
    expect(registration.aliases).toEqual([{ type: pluginType(kind) }]);
  });

  test.each(RESOURCE_CASES.map((c) => c.kind))("%s registers on the plugin door with chatwoot:usePlugin: the same inputs, no provider text, the dynamic type as an alias", (kind) => {
    const [before, after] = [dynamic.get(`door-${kind}`)!, plugin.get(`door-${kind}`)!];
    expect(after.type).toBe(pluginType(kind));
    expect(after.provider).toBeUndefined();
    const { __provider: _text, ...inputs } = before.plainInputs;
    expect(after.plainInputs).toEqual(inputs);
    expect(after.secretInputKeys).toEqual(before.secretInputKeys);
    expect(after.options.additionalSecretOutputs).toEqual(before.options.additionalSecretOutputs);
    expect(after.aliases).toEqual([{ type: typeToken(kind) }]);
  });
});

/** A dynamic resource as the classes were before the plugin door: `pulumi.dynamic.Resource` itself. */
class DynamicResource extends pulumi.dynamic.Resource {}

test("the dynamic door's registration is the one pulumi.dynamic.Resource makes for the same shim and props", async () => {
  const [label, reference] = await captureRegistrations(() => {
    new sdk.Label("vip", { title: "vip", color: "#7c3aed" });
    new DynamicResource(shimOf("Label"), "reference", { description: undefined, color: "#7c3aed", showOnSidebar: undefined, title: "vip" }, undefined, "chatwoot", "Label");
  });
  expect({ type: label!.type, inputs: label!.inputs }).toEqual({ type: reference!.type, inputs: reference!.inputs });
});

/** The registration of a Label declared by `declare` (given the staging provider), with the stack's `config`. */
async function labelRegistration(declare: (staging: pulumi.ProviderResource) => unknown, config: Record<string, string> = {}): Promise<{ label: CapturedRegistration; staging: CapturedRegistration }> {
  const captured = await captureRegistrations(() => declare(new sdk.Provider("staging", { url: "https://chat.staging.example.test", accountId: 1 })), { config });
  const label = captured.find((r) => r.name === "vip");
  const staging = captured.find((r) => r.name === "staging");
  if (!label || !staging) throw new Error(`no label or provider among ${captured.map((r) => r.name).join(", ")}`);
  return { label, staging };
}

/** The URN of a provider reference (`<urn>::<id>`). */
const providerUrn = (reference: string | undefined) => reference?.slice(0, reference.lastIndexOf("::"));

/** A provider of another package, which Pulumi hands resources of its own package only. */
class OtherProvider extends pulumi.ProviderResource {
  constructor(name: string) {
    super("other", name, {});
  }
}

const DOOR_CASES: { name: string; declare: (staging: pulumi.ProviderResource) => unknown; config?: Record<string, string>; door: "dynamic" | "plugin"; provider?: "staging" }[] = [
  { name: "no provider", declare: () => new sdk.Label("vip", { title: "vip" }), door: "dynamic" },
  { name: "chatwoot:usePlugin: false", declare: () => new sdk.Label("vip", { title: "vip" }), config: { "chatwoot:usePlugin": "false" }, door: "dynamic" },
  { name: "chatwoot:usePlugin: true", declare: () => new sdk.Label("vip", { title: "vip" }), config: USE_PLUGIN, door: "plugin" },
  { name: "its provider option", declare: (staging) => new sdk.Label("vip", { title: "vip" }, { provider: staging }), door: "plugin", provider: "staging" },
  {
    name: "its parent's providers (a list)",
    declare: (staging) => new sdk.Label("vip", { title: "vip" }, { parent: new pulumi.ComponentResource("acme:desk:Desk", "desk", {}, { providers: [staging] }) }),
    door: "plugin",
    provider: "staging",
  },
  {
    name: "its grandparent's providers (a map)",
    declare: (staging) => {
      const desk = new pulumi.ComponentResource("acme:desk:Desk", "desk", {}, { providers: { chatwoot: staging } });
      return new sdk.Label("vip", { title: "vip" }, { parent: new pulumi.ComponentResource("acme:desk:Labels", "labels", {}, { parent: desk }) });
    },
    door: "plugin",
    provider: "staging",
  },
  { name: "a provider of another package", declare: () => new sdk.Label("vip", { title: "vip" }, { parent: new pulumi.ComponentResource("acme:desk:Desk", "desk", {}, { providers: [new OtherProvider("other")] }) }), door: "dynamic" },
];

test.each(DOOR_CASES)("a resource with $name takes the $door door", async ({ declare, config, door, provider }) => {
  const { label, staging } = await labelRegistration(declare, config);
  expect(label.type).toBe(door === "plugin" ? pluginType("Label") : typeToken("Label"));
  expect("__provider" in label.plainInputs).toBe(door === "dynamic");
  expect(providerUrn(label.provider)).toBe(provider ? staging.urn : undefined);
});

test("chatwoot:usePlugin that is no boolean fails the resource, naming the setting", async () => {
  await expect(captureRegistrations(() => new sdk.Label("vip", { title: "vip" }), { config: { "chatwoot:usePlugin": "yes" } })).rejects.toThrow(/chatwoot:usePlugin.*boolean/);
});

test("on the plugin door, an import id goes without the alias, so the engine cannot import-replace an old dynamic resource", async () => {
  const { label } = await labelRegistration((staging) => new sdk.Label("vip", { title: "vip" }, { provider: staging, import: "5" }));
  expect({ type: label.type, importId: label.importId, aliases: label.aliases }).toEqual({ type: pluginType("Label"), importId: "5", aliases: [] });
  // The program's own aliases stay as given.
  const { label: renamed } = await labelRegistration((staging) => new sdk.Label("vip", { title: "vip" }, { provider: staging, import: "5", aliases: [{ name: "old-vip" }] }));
  expect(renamed.aliases).toEqual([{ name: "old-vip" }]);
  const { label: moved } = await labelRegistration((staging) => new sdk.Label("vip", { title: "vip" }, { provider: staging, aliases: [{ name: "old-vip" }] }));
  expect(moved.aliases).toEqual([{ name: "old-vip" }, { type: typeToken("Label") }]);
});

test("X.get reads through the plugin with a provider, with the mark of a get and no alias", async () => {
  let staging: pulumi.ProviderResource | undefined;
  const reads = await captureReads(() => {
    staging = new sdk.Provider("staging", { url: "https://chat.staging.example.test" });
    sdk.Label.get("existing", "12", { accountId: 2 }, { provider: staging });
    sdk.Team.get("dynamic", "3");
  });
  expect(reads.map((r) => [r.name, r.type, r.id, r.plainInputs.__existing, r.plainInputs.accountId]).sort()).toEqual([
    ["dynamic", typeToken("Team"), "3", true, undefined],
    ["existing", pluginType("Label"), "12", true, 2],
  ]);
  expect("__provider" in reads.find((r) => r.name === "existing")!.plainInputs).toBe(false);
});

test("chatwoot.Provider registers the plugin's provider with its settings, the tokens secret even when given plain", async () => {
  const [provider] = await captureRegistrations(
    () => new sdk.Provider("staging", { url: "https://chat.staging.example.test", accountId: 7, apiAccessToken: "api-token-plain", platformAccessToken: pulumi.secret("platform-token"), rateLimitPerMinute: 600 }),
  );
  expect(provider!.type).toBe("pulumi:providers:chatwoot");
  expect(provider!.plainInputs).toEqual({ url: "https://chat.staging.example.test", accountId: 7, apiAccessToken: "api-token-plain", platformAccessToken: "platform-token", rateLimitPerMinute: 600 });
  expect([...provider!.secretInputKeys].sort()).toEqual(["apiAccessToken", "platformAccessToken"]);
  expect([...provider!.options.additionalSecretOutputs].sort()).toEqual(["apiAccessToken", "platformAccessToken"]);
});

/** Runs `program` under a monitor that answers every function call with `answer` and records the calls. */
async function invocations(program: (s: ChatwootSdk) => Promise<unknown>, answer: PropertyMap, config: Record<string, string> = {}) {
  const calls: Invocation[] = [];
  let result: unknown;
  const monitor = new ProgramMonitor({
    register: async (r) => ({ id: r.custom ? `${r.name}-id` : "", outputs: r.inputs }),
    invoke: async (invocation) => {
      calls.push(invocation);
      return answer;
    },
  });
  const errors = await runUnderMonitor(monitor, { project: "project", stack: "stack", config }, async () => {
    result = await program(sdk);
  });
  return { calls, result, errors: errors.map((e) => e.message) };
}

/** What an Output holds and whether it is secret, read from inside the program. */
const settled = async <T>(output: pulumi.Output<T>) => ({ value: await (output as unknown as { promise(): Promise<T> }).promise(), secret: await pulumi.isSecret(output) });

test("a data source on the plugin door invokes the plugin's function with its arguments and provider; the Output form keeps the result's secrets", async () => {
  const inbox = { id: 3, name: "Website", websiteToken: wrapSecret("tok-123") };
  const { calls, result, errors } = await invocations(async (s) => {
    const staging = new s.Provider("staging", { url: "https://chat.staging.example.test" });
    const plain = await s.getInbox({ inboxId: 3 }, { provider: staging });
    const output = await settled(s.getInboxOutput({ inboxId: 3, accountId: 2 }, { provider: staging }));
    return { plain, output };
  }, inbox);
  expect(errors).toEqual([]);
  expect(calls.map((c) => [c.token, c.args, providerUrn(c.provider)?.split("::").pop()])).toEqual([
    ["chatwoot:index:getInbox", { inboxId: 3 }, "staging"],
    ["chatwoot:index:getInbox", { inboxId: 3, accountId: 2 }, "staging"],
  ]);
  expect(result).toEqual({ plain: { id: 3, name: "Website", websiteToken: "tok-123" }, output: { value: { id: 3, name: "Website", websiteToken: "tok-123" }, secret: true } });
});

test("with chatwoot:usePlugin, a data source without a provider invokes the plugin's function through the default provider", async () => {
  const { calls, result, errors } = await invocations(async (s) => s.getLabels({}), { labels: [{ id: 1, title: "vip" }] }, USE_PLUGIN);
  expect(errors).toEqual([]);
  expect(calls.map((c) => [c.token, c.provider])).toEqual([["chatwoot:index:getLabels", undefined]]);
  expect(result).toEqual({ labels: [{ id: 1, title: "vip" }] });
});

test("on the dynamic door a data source runs its reader in the program, calling no function", async () => {
  // No connection is configured: the reader fails, naming the setting.
  const { calls, errors } = await invocations(async (s) => s.getLabels({}), {});
  expect(calls).toEqual([]);
  expect(errors).toEqual([expect.stringMatching(/getLabels.*chatwoot:url/)]);
});
