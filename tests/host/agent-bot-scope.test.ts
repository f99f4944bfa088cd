/**
 * AgentBot's scope through Pulumi's real dynamic-provider host: a bot of the account's own API
 * (`scope: "account"`) through its lifecycle, and state written before scopes existed (by the
 * older build whose provider text is `fixtures/provider-v0-agent-bot.txt`), which must diff as
 * unchanged, never as an update or a replacement.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { parseUrn } from "../harness/urn";
import type { PropertyMap } from "../harness/wire";
import { useChatwootHost, withInputs } from "./support/chatwoot-host";
import { tokenSightings } from "./support/crossings";
import type { Deployed } from "./support/engine-steps";
import { installedSdk } from "./support/packages";

const ctx = useChatwootHost();
let accountBot: CapturedRegistration;
let platformBot: CapturedRegistration;

beforeAll(async () => {
  const sdk = installedSdk();
  const captured = await captureRegistrations(() => {
    new sdk.AgentBot("account-bot", { scope: "account", name: "Website bot", outgoingUrl: "https://bots.example.test/web" });
    new sdk.AgentBot("platform-bot", { name: "Triage", description: "Routes new chats", outgoingUrl: "https://bots.example.test/triage" });
  });
  accountBot = captured.find((r) => r.name === "account-bot") as CapturedRegistration;
  platformBot = captured.find((r) => r.name === "platform-bot") as CapturedRegistration;
});

const bots = () => `/api/v1/accounts/${ctx.account.id}/agent_bots`;
const serverBot = (id: string) => ctx.sb.control.snapshot().agent_bots.find((b) => b.id === Number(id));
const unchanged = { changes: "none", replaces: [], stables: [], deleteBeforeReplace: false };

describe("an account's bot (scope account)", () => {
  const create = async () => {
    ctx.sb.control.clearLog();
    return ctx.steps.create(accountBot.urn, accountBot.plainInputs);
  };

  test("create makes the bot with one POST to the account's bots; its token is only in the secret output", async () => {
    const deployed = await create();
    expect(ctx.writes()).toEqual([`POST ${bots()}`]);
    expect(serverBot(deployed.id)).toMatchObject({ name: "Website bot", account_id: ctx.account.id });
    expect(deployed.outputs).toMatchObject({ scope: "account", accountId: ctx.account.id, systemBot: false });
    expect(accountBot.options.additionalSecretOutputs).toContain("accessToken");
    expect(typeof deployed.outputs.accessToken).toBe("string");
  });

  test("diff: none for the same inputs, some for a change, a replacement for another account or scope", async () => {
    const deployed = await create();
    ctx.sb.control.clearLog();
    expect(await ctx.steps.diff(deployed, accountBot.plainInputs)).toEqual(unchanged);
    expect(await ctx.steps.diff(deployed, withInputs(accountBot.plainInputs, { name: "Widget bot" }))).toEqual({ ...unchanged, changes: "some" });
    expect(await ctx.steps.diff(deployed, withInputs(accountBot.plainInputs, { accountId: 2 }))).toMatchObject({ changes: "some", replaces: ["accountId"] });
    expect(await ctx.steps.diff(deployed, withInputs(accountBot.plainInputs, { scope: "platform" }))).toMatchObject({ changes: "some", replaces: ["scope"] });
    expect(ctx.requests()).toEqual([]);
  });

  test("update sends one PATCH; refresh shows a change made by hand; delete removes the bot", async () => {
    const deployed = await create();
    ctx.sb.control.clearLog();
    const updated = await ctx.steps.update(deployed, withInputs(accountBot.plainInputs, { name: "Widget bot" }));
    expect(ctx.writes()).toEqual([`PATCH ${bots()}/${deployed.id}`]);
    expect(updated.outputs).toMatchObject({ name: "Widget bot" });
    expect((await ctx.admin("PATCH", `${bots()}/${deployed.id}`, { description: "Edited by hand" })).status).toBe(200);
    expect((await ctx.steps.refresh(updated)).properties).toMatchObject({ description: "Edited by hand", name: "Widget bot" });
    await ctx.steps.destroy(updated);
    expect(serverBot(deployed.id)).toBeUndefined();
    expect((await ctx.steps.refresh(updated)).id).toBe("");
  });
});

describe("a Platform bot in state written before scopes existed", () => {
  const olderText = fs.readFileSync(path.join(__dirname, "fixtures", "provider-v0-agent-bot.txt"), "utf8");
  /** Made with the current package, then stored as the older build stored it: its text, and no `scope` anywhere. */
  const stored = async (): Promise<Deployed> => {
    const deployed = await ctx.steps.create(platformBot.urn, platformBot.plainInputs);
    const older = (props: PropertyMap) => {
      const { scope: _scope, ...rest } = props;
      return { ...rest, __provider: olderText };
    };
    return { ...deployed, inputs: older(deployed.inputs), outputs: older(deployed.outputs) };
  };

  test("diffs as unchanged against the program without a scope and with scope platform", async () => {
    const state = await stored();
    expect(state.outputs).not.toHaveProperty("scope");
    ctx.sb.control.clearLog();
    expect(await ctx.steps.diff(state, platformBot.plainInputs)).toEqual(unchanged);
    expect(await ctx.steps.diff(state, withInputs(platformBot.plainInputs, { scope: "platform" }))).toEqual(unchanged);
    expect(ctx.requests()).toEqual([]);
  });

  test("is replaced only when the program moves it to scope account", async () => {
    const state = await stored();
    expect(await ctx.steps.diff(state, withInputs(platformBot.plainInputs, { scope: "account" }))).toMatchObject({ changes: "some", replaces: ["scope"] });
  });

  test("an up with scope platform sends nothing, and a refresh keeps it a Platform bot", async () => {
    const state = await stored();
    ctx.sb.control.clearLog();
    const read = await ctx.steps.refresh(state);
    expect(read.id).toBe(state.id);
    expect(ctx.requests()).toEqual([`GET /platform/api/v1/agent_bots/${state.id}`]);
    expect(await ctx.steps.diff({ ...state, outputs: read.properties }, withInputs(platformBot.plainInputs, { scope: "platform" }))).toEqual(unchanged);
    expect(ctx.writes()).toEqual([]);
  });
});

test("nothing that crossed the host in this file carried a token outside a secret output", () => {
  const secretOutputs = { [parseUrn(accountBot.urn).type]: accountBot.options.additionalSecretOutputs };
  expect(tokenSightings(ctx.crossings, ctx.sb.control.secrets(), secretOutputs, ctx.host.output())).toEqual([]);
});
