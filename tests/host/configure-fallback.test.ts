/**
 * Without the stack config, the provider falls back to the CHATWOOT_* environment variables of the
 * host process. Engines before 3.139 send dynamic providers none of the stack's `chatwoot:*` keys
 * (their Configure RPC carries only the `pulumi-nodejs` package's own config, usually nothing), and a
 * host that never receives the Configure RPC at all hands `configure()` no config to read.
 */
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { startHost } from "../harness/host";
import type { Sandbox } from "../../sdk/sandbox";
import { useChatwootHost } from "./support/chatwoot-host";
import { tokenSightings } from "./support/crossings";
import { engineSteps } from "./support/engine-steps";
import { installedSdk, repoRoot } from "./support/packages";
import { RESOURCE_CASES, typeToken, type ResourceCase } from "./support/resource-cases";

/** The connection as environment variables: account 1's administrator and the first Platform App. */
const connectionEnv = (sb: Sandbox): NodeJS.ProcessEnv => ({
  CHATWOOT_URL: sb.url,
  CHATWOOT_API_ACCESS_TOKEN: sb.info.accounts[0].adminToken,
  CHATWOOT_PLATFORM_ACCESS_TOKEN: sb.info.platformTokens[0],
  CHATWOOT_ACCOUNT_ID: String(sb.info.accounts[0].id),
});

const ctx = useChatwootHost({ configure: false, env: connectionEnv });
const registrations = new Map<string, CapturedRegistration>();

beforeAll(async () => {
  const sdk = installedSdk();
  const captured = await captureRegistrations(() => RESOURCE_CASES.forEach((c) => c.declare(sdk, `env-${c.kind}`)));
  for (const r of captured) registrations.set(r.type, r);
});

const registration = (c: ResourceCase) => registrations.get(typeToken(c.kind)) as CapturedRegistration;

describe("a host that never received the Configure RPC", () => {
  test.each(RESOURCE_CASES)("$kind: create, refresh and delete with the connection from the environment", async (c) => {
    await c.prepare?.(ctx);
    const deployed = await ctx.steps.create(registration(c).urn, registration(c).plainInputs);
    // From CHATWOOT_ACCOUNT_ID; an object of the installation has none.
    expect(deployed.inputs.accountId).toBe(c.accountless ? undefined : ctx.account.id);
    expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toMatchObject(c.created);
    expect((await ctx.steps.refresh(deployed)).id).toBe(deployed.id);
    await ctx.steps.destroy(deployed);
    expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toEqual(c.deleted);
  });

  test("was indeed never configured, and printed no token outside the secret outputs", () => {
    expect(ctx.host.callCounts().configure).toBe(0);
    expect(ctx.host.callCounts().create).toBe(RESOURCE_CASES.length);
    // A server secret (a webhook's signing key, an inbox's website token) may cross only in the
    // outputs the SDK marks secret.
    const secretOutputs = Object.fromEntries([...registrations.values()].map((r) => [r.type, r.options.additionalSecretOutputs]));
    expect(tokenSightings(ctx.crossings, ctx.sb.control.secrets(), secretOutputs, ctx.host.output())).toEqual([]);
  });
});

test("a Configure RPC without chatwoot:* keys, as older engines send it, also leaves the connection to the environment", async () => {
  const host = await startHost({ cwd: repoRoot, env: connectionEnv(ctx.sb) });
  try {
    await host.configure({ "aws:region": "eu-central-1" });
    const c = RESOURCE_CASES.find((x) => x.kind === "CustomAttributeDefinition") as ResourceCase;
    const steps = engineSteps(host);
    const deployed = await steps.create(registration(c).urn, registration(c).plainInputs);
    expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toMatchObject(c.created);
    await steps.destroy(deployed);
    expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toEqual(c.deleted);
  } finally {
    await host.close();
  }
});
