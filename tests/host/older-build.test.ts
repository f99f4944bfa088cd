/**
 * State written by an earlier build keeps working after an upgrade. Refresh and destroy run the
 * provider text stored in state, never the program's, so a text from an older build must still
 * find the implementation it loads by package name, and configure it.
 *
 * `fixtures/provider-v0-<type>.txt` are the texts of the build before the shims became package
 * modules (commit 3a15cc0). Its shims were properties of one exported object, so Pulumi serialized
 * them by value even from an installed package; their `configure()` forwarded an explicit list of
 * `chatwoot:*` keys to `configure(values)` of `pulumi-chatwoot/provider`. They were made once:
 * `sdk/shim.ts` of that commit transpiled with TypeScript (ES2022, CommonJS), and each
 * `shims.<Type>` passed to `pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true })`
 * of @pulumi/pulumi 3.248.0, the call `pulumi.dynamic.Resource` makes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { startHost, type HostClient } from "../harness/host";
import { CONNECTION_ENV, stackConfig, useChatwootHost } from "./support/chatwoot-host";
import { recordCrossings, tokenSightings, type Crossing } from "./support/crossings";
import { engineSteps, type Deployed, type EngineSteps } from "./support/engine-steps";
import { installedSdk, repoRoot } from "./support/packages";
import { RESOURCE_CASES, typeToken, type ResourceCase } from "./support/resource-cases";

// The host of earlier `pulumi up`s, which creates the objects with the current package.
const ctx = useChatwootHost();
const registrations = new Map<string, CapturedRegistration>();

// The host of a `pulumi refresh` or `pulumi destroy` after the upgrade: the engine starts it afresh,
// and it only ever loads the texts stored in state.
let later: HostClient | undefined;
let laterSteps: EngineSteps;
const laterCrossings: Crossing[] = [];

beforeAll(async () => {
  const sdk = installedSdk();
  const captured = await captureRegistrations(() => OLDER_CASES.forEach((c) => c.declare(sdk, `old-${c.kind}`)));
  for (const r of captured) registrations.set(r.type, r);
  later = await startHost({ cwd: repoRoot, env: Object.fromEntries(CONNECTION_ENV.map((name) => [name, ""])) });
  const recorded = recordCrossings(later, laterCrossings);
  const { config, secretKeys } = stackConfig(ctx.sb);
  await recorded.configure(config, secretKeys);
  laterSteps = engineSteps(recorded);
});

afterAll(async () => {
  await later?.close();
});

/** The types the older build had: only their objects can be in state it wrote. */
const OLDER_BUILD_KINDS: readonly ResourceCase["kind"][] = [
  "AgentBot", "Portal", "AutomationRule", "CustomAttributeDefinition", "InboxMembership", "Inbox",
  "Label", "CannedResponse", "Webhook", "Macro", "Team", "TeamMembership",
];
const OLDER_CASES = RESOURCE_CASES.filter((c) => OLDER_BUILD_KINDS.includes(c.kind));

const olderText = (c: ResourceCase) =>
  fs.readFileSync(path.join(__dirname, "fixtures", `provider-v0-${c.kind.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase()}.txt`), "utf8");

/** Creates the object with the current package, then stores it as the older build would have. */
async function createdUnderOlderBuild(c: ResourceCase): Promise<Deployed> {
  const registration = registrations.get(typeToken(c.kind)) as CapturedRegistration;
  await c.prepare?.(ctx);
  const deployed = await ctx.steps.create(registration.urn, registration.plainInputs);
  const __provider = olderText(c);
  return { ...deployed, inputs: { ...deployed.inputs, __provider }, outputs: { ...deployed.outputs, __provider } };
}

test("every type of the older build has its case", () => {
  expect(OLDER_CASES.map((c) => c.kind).sort()).toEqual([...OLDER_BUILD_KINDS].sort());
});

describe.each(OLDER_CASES)("$kind in state written by the older build", (c) => {
  test("the stored text is the older shape: by value, configuring with an explicit key list", () => {
    const text = olderText(c);
    expect(text).toContain(`kind: "${c.kind}"`);
    expect(text).toContain('["url", "apiAccessToken", "platformAccessToken", "accountId", "requestTimeoutMs", "maxRetries"]');
    expect(text).toContain("load().configure(values)");
    expect(text).not.toContain("configureFromHost");
  });

  test("refresh sees a change made by hand and keeps the older text in state", async () => {
    // The older build's kinds each have a change made by hand.
    const drift = c.drift!;
    const stored = await createdUnderOlderBuild(c);
    await drift.apply(ctx, stored);
    const read = await laterSteps.refresh(stored);
    expect(read.id).toBe(stored.id);
    expect(read.properties).toMatchObject({ ...drift.outputs, __provider: olderText(c) });
  });

  test("refresh reports an object deleted by hand as gone", async () => {
    const gone = await c.removeByHand(ctx, await createdUnderOlderBuild(c));
    expect((await laterSteps.refresh(gone)).id).toBe("");
  });

  test("destroy removes the object", async () => {
    const stored = await createdUnderOlderBuild(c);
    await laterSteps.destroy(stored);
    expect(c.onServer(ctx.sb.control.snapshot(), stored)).toEqual(c.deleted);
  });

  test("an up with the current package finds nothing to change (the provider text is not compared)", async () => {
    const stored = await createdUnderOlderBuild(c);
    const registration = registrations.get(typeToken(c.kind)) as CapturedRegistration;
    expect(registration.providerText).not.toBe(stored.outputs.__provider);
    expect(await ctx.steps.diff(stored, registration.plainInputs)).toMatchObject({ changes: "none", replaces: [] });
  });
});

test("every call of the later host succeeded, and none carried a token", () => {
  const count = (method: string) => laterCrossings.filter((x) => x.method === method).length;
  expect([count("read"), count("delete")]).toEqual([OLDER_CASES.length * 2, OLDER_CASES.length]);
  expect(laterCrossings.filter((x) => x.error !== undefined)).toEqual([]);
  const secretOutputs = Object.fromEntries([...registrations.values()].map((r) => [r.type, r.options.additionalSecretOutputs]));
  expect(tokenSightings(laterCrossings, ctx.sb.control.secrets(), secretOutputs, (later as HostClient).output())).toEqual([]);
});
