/**
 * No token crosses the host in plaintext: not in replies, not in error texts (401, 422,
 * initialisation failures), not in what the host process prints. The search is for the real
 * values: every token the sandbox issued (users', Platform Apps', bots', inboxes' website and HMAC
 * tokens) and the invented ones a misconfigured stack sends. A bot's access token may appear in
 * one place only: its `accessToken` output, which the SDK marks secret.
 */
import { randomBytes } from "node:crypto";
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { HostError } from "../harness/host-error";
import { startHost, type HostClient } from "../harness/host";
import { CONNECTION_ENV, stackConfig, useChatwootHost, withInputs } from "./support/chatwoot-host";
import { recordCrossings, tokenSightings, type Crossing } from "./support/crossings";
import { engineSteps, type Deployed } from "./support/engine-steps";
import { installedSdk, repoRoot } from "./support/packages";
import { RESOURCE_CASES, typeToken, type ResourceKind } from "./support/resource-cases";

const ctx = useChatwootHost();
const registrations = new Map<ResourceKind, CapturedRegistration>();
/** A token no sandbox issued, sent by the misconfigured stack. */
const inventedToken = randomBytes(18).toString("base64url");

// A second host for a stack configured with the wrong credentials: an agent's token where an
// administrator's is needed, and an invented Platform App token. Its calls are recorded too.
let misconfigured: HostClient | undefined;
const misconfiguredCrossings: Crossing[] = [];

beforeAll(async () => {
  const sdk = installedSdk();
  const captured = await captureRegistrations(() => {
    RESOURCE_CASES.forEach((c) => c.declare(sdk, `secret-${c.kind}`));
    new sdk.Portal("linked", { name: "Website help", slug: "website-help", inboxId: 1 });
  });
  for (const c of RESOURCE_CASES) registrations.set(c.kind, captured.find((r) => r.type === typeToken(c.kind) && r.name === `secret-${c.kind}`) as CapturedRegistration);
  linkedPortal = captured.find((r) => r.name === "linked") as CapturedRegistration;

  const { config, secretKeys } = stackConfig(ctx.sb);
  const agentToken = ctx.account.agentToken;
  if (!agentToken) throw new Error("the seed has no agent in account 1");
  misconfigured = await startHost({ cwd: repoRoot, env: Object.fromEntries(CONNECTION_ENV.map((name) => [name, ""])) });
  await misconfigured.configure({ ...config, "chatwoot:apiAccessToken": agentToken, "chatwoot:platformAccessToken": inventedToken }, secretKeys);
});

afterAll(async () => {
  await misconfigured?.close();
});

let linkedPortal: CapturedRegistration;
const registration = (kind: ResourceKind) => registrations.get(kind) as CapturedRegistration;
const secretOutputs = () => Object.fromEntries([...registrations.values()].map((r) => [r.type, r.options.additionalSecretOutputs]));
const allTokens = () => [...ctx.sb.control.secrets(), inventedToken];
const failure = async (run: Promise<unknown>): Promise<HostError> => {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HostError)) throw new Error(`expected the host to answer with an error, got ${String(error)}`);
  return error;
};

describe("successful calls", () => {
  test.each(RESOURCE_CASES)("$kind: check, create, diff, update, refresh and delete carry no token", async (c) => {
    await c.prepare?.(ctx);
    const start = ctx.crossings.length;
    const deployed = await ctx.steps.create(registration(c.kind).urn, registration(c.kind).plainInputs);
    // A resource every input of which replaces it is diffed with its own inputs, and never updated.
    const changed = withInputs(registration(c.kind).plainInputs, c.change?.inputs ?? {});
    await ctx.steps.diff(deployed, changed);
    const updated = c.change ? await ctx.steps.update(deployed, changed) : deployed;
    await ctx.steps.refresh(updated);
    await ctx.steps.destroy(updated);
    const crossed = ctx.crossings.slice(start);
    const update = c.change ? ["check", "update"] : [];
    expect(crossed.map((x) => x.method)).toEqual(["check", "create", "check", "diff", ...update, "read", "delete"]);
    expect(tokenSightings(crossed, allTokens(), secretOutputs(), "")).toEqual([]);
  });

  test("a portal linked to a web-widget inbox shows the inbox without its website and HMAC tokens", async () => {
    const inbox = (await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/inboxes/1`)).body as Record<string, unknown>;
    // The server does hand these tokens out, so the search below could find them.
    expect(ctx.sb.control.secrets()).toEqual(expect.arrayContaining([inbox.website_token, inbox.hmac_token]));
    const start = ctx.crossings.length;
    const deployed = await ctx.steps.create(linkedPortal.urn, linkedPortal.plainInputs);
    expect(deployed.outputs.inbox).toMatchObject({ id: 1 });
    await ctx.steps.refresh(deployed);
    await ctx.steps.destroy(deployed);
    expect(tokenSightings(ctx.crossings.slice(start), allTokens(), secretOutputs(), "")).toEqual([]);
  });

  test("a bot's access token appears only in its accessToken output, which the SDK marks secret", async () => {
    // The documented answer to a bot update carries the bot's access token.
    ctx.sb.control.setShapes("documented");
    try {
      const bot = registration("AgentBot");
      expect(bot.options.additionalSecretOutputs).toEqual(["accessToken"]);
      const start = ctx.crossings.length;
      const deployed: Deployed = await ctx.steps.create(bot.urn, bot.plainInputs);
      const updated = await ctx.steps.update(deployed, withInputs(bot.plainInputs, { description: "Routes every chat" }));
      expect(ctx.sb.control.secrets()).toContain(updated.outputs.accessToken);
      const crossed = ctx.crossings.slice(start);
      expect(tokenSightings(crossed, allTokens(), secretOutputs(), "")).toEqual([]);
      // Without the exemption the same search finds it: the token did cross, where it may.
      expect(tokenSightings(crossed, allTokens(), {}, "")).toEqual([expect.stringMatching(/update secret-AgentBot properties\.accessToken$/)]);
      await ctx.steps.destroy(updated);
    } finally {
      ctx.sb.control.setShapes("chatwoot");
    }
  });
});

describe("failed calls", () => {
  test("a key the account already uses is refused before the POST (by the check), naming the object, not the token", async () => {
    const definition = registration("CustomAttributeDefinition");
    const first = await ctx.steps.create(definition.urn, definition.plainInputs);
    const start = ctx.crossings.length;
    const { failures } = await ctx.host.check(definition.urn, {}, definition.plainInputs);
    expect(failures.map((f) => f.reason)).toEqual([expect.stringMatching(/^POST \S+ not sent: custom attribute definition \d+ already has .*set adopt: true/)]);
    expect(tokenSightings(ctx.crossings.slice(start), allTokens(), secretOutputs(), "")).toEqual([]);
    await ctx.steps.destroy(first);
  });

  test("an initialisation failure (a portal whose inbox cannot be linked) carries properties without tokens", async () => {
    const portal = registration("Portal");
    const start = ctx.crossings.length;
    const error = await failure(ctx.steps.create(portal.urn, withInputs(portal.plainInputs, { inboxId: 2 })));
    expect(error.initFailure?.id).toMatch(/^\d+$/);
    // The state keeps what the server really holds: the portal, not linked.
    expect(error.initFailure?.properties).toMatchObject({ slug: "help", inboxId: null });
    expect(error.initFailure?.reasons.join("\n")).toMatch(/inbox 2 was not linked/);
    expect(tokenSightings(ctx.crossings.slice(start), allTokens(), secretOutputs(), "")).toEqual([]);
  });

  describe("with the wrong credentials", () => {
    let recorded: ReturnType<typeof engineSteps> | undefined;
    const steps = () => (recorded ??= engineSteps(recordCrossings(misconfigured as HostClient, misconfiguredCrossings)));

    test("a 401 for an agent's token on an administrator's request names the status, not the token", async () => {
      const error = await failure(steps().create(registration("Portal").urn, registration("Portal").plainInputs));
      expect(error.details).toMatch(/401/);
      expect(ctx.sb.control.secrets()).toContain(ctx.account.agentToken);
    });

    test("a 401 for an invented Platform App token names the status, not the token", async () => {
      const error = await failure(steps().create(registration("AgentBot").urn, registration("AgentBot").plainInputs));
      expect(error.details).toMatch(/401/);
    });

    test("refresh and delete fail the same way, and nothing crossed carries a token", async () => {
      const stale: Deployed = { urn: registration("AutomationRule").urn, id: "1", inputs: registration("AutomationRule").plainInputs, outputs: { ...registration("AutomationRule").plainInputs, accountId: 1 } };
      expect((await failure(steps().refresh(stale))).details).toMatch(/401/);
      expect((await failure(steps().destroy(stale))).details).toMatch(/401/);
      expect(misconfiguredCrossings.filter((x) => x.error !== undefined)).toHaveLength(4);
      expect(tokenSightings(misconfiguredCrossings, allTokens(), secretOutputs(), (misconfigured as HostClient).output())).toEqual([]);
    });
  });
});

test("nothing the host printed in this file carries a token", () => {
  expect(ctx.crossings.length).toBeGreaterThan(40);
  expect(tokenSightings(ctx.crossings, allTokens(), secretOutputs(), ctx.host.output())).toEqual([]);
});
