/**
 * AgentBot with `scope: "account"`: the account's own API (`/api/v1/accounts/{id}/agent_bots`),
 * with an administrator's token. The Platform API's bots are in agent-bot.test.ts.
 */
import { resources } from "../../provider";
import { check, CheckFailed, create, destroy, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const provider = resources.AgentBot;
const base = { scope: "account", name: "Website bot", description: "Answers the widget", outgoingUrl: "https://bots.example.test/web" };

describe("AgentBot with scope account", () => {
  const ctx = useSandbox();
  const bots = () => `/api/v1/accounts/${ctx.account.id}/agent_bots`;
  const serverBot = (id: string | number) => ctx.sb.control.snapshot().agent_bots.find((b) => b.id === Number(id));

  it("creates with one POST to the account's bots, without an account id in the body, and keeps the bot's token", async () => {
    const state = await create(provider, base);
    expect(ctx.writes()).toEqual([
      expect.objectContaining({
        method: "POST",
        path: bots(),
        body: { name: "Website bot", description: "Answers the widget", outgoing_url: "https://bots.example.test/web" },
      }),
    ]);
    expect(state.outs).toMatchObject({ ...base, accountId: ctx.account.id, systemBot: false, botType: "webhook" });
    // The account API sends the token to administrators; it is the bot's own, and known for redaction.
    expect(state.outs.accessToken).toEqual(expect.any(String));
    expect(ctx.sb.control.secrets()).toContain(state.outs.accessToken);
    expect(serverBot(state.id)).toMatchObject({ name: "Website bot", account_id: ctx.account.id });
    // No Platform App sees a bot made through the account API.
    const listed = await ctx.platform("GET", "/platform/api/v1/agent_bots");
    expect((listed.body as { id: number }[]).map((b) => b.id)).not.toContain(Number(state.id));
  });

  it("sends nothing on a second up, and one PATCH of the changed field on a change", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, base)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
    const next = await up(provider, state, { ...base, description: "Answers everything" });
    expect(next.op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: `${bots()}/${state.id}`, body: { description: "Answers everything" } })]);
    expect(next.state.outs).toMatchObject({ description: "Answers everything", accessToken: state.outs.accessToken });
  });

  it("replaces the bot when its account or its scope changes, and not for a Platform bot's account", async () => {
    const state = await create(provider, base);
    expect((await up(provider, state, { ...base, accountId: 2 })).diff).toMatchObject({ replaces: ["accountId"], deleteBeforeReplace: false });
    expect((await up(provider, state, { ...base, scope: "platform" })).diff.replaces).toEqual(["scope"]);
    const platformBot = await create(provider, { name: "Triage" });
    expect((await up(provider, platformBot, { name: "Triage", accountId: 2 })).op).toBe("update");
  });

  it("sees drift, reports a bot deleted by hand as gone, and deletes with one DELETE", async () => {
    const state = await create(provider, base);
    expect((await ctx.admin("PATCH", `${bots()}/${state.id}`, { name: "Renamed by hand" })).status).toBe(200);
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ name: "Renamed by hand" });
    expect((await up(provider, refreshed, base)).op).toBe("update");
    ctx.sb.control.clearLog();
    await destroy(provider, refreshed);
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "DELETE", path: `${bots()}/${state.id}`, status: 200 })]);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  describe("adoption", () => {
    it("takes over any bot of the account, a Platform App's too, with one PATCH of what differs", async () => {
      // Bot 1 of the seed belongs to account 1 and was made by Platform App 1.
      ctx.sb.control.clearLog();
      const state = await create(provider, { ...base, adoptId: 1 });
      expect(state.id).toBe("1");
      expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${bots()}/1`, `PATCH ${bots()}/1`]);
      expect(ctx.writes()[0]!.body).toEqual({ name: "Website bot", description: "Answers the widget", outgoing_url: "https://bots.example.test/web" });
      expect(state.outs.adopted).toBe(true);
    });

    it("refuses a system bot and another account's bot before any write", async () => {
      const system = await ctx.platform("POST", "/platform/api/v1/agent_bots", { name: "Everywhere" });
      const systemId = (system.body as { id: number }).id;
      ctx.sb.control.clearLog();
      await expect(create(provider, { ...base, adoptId: systemId })).rejects.toThrow(/adoptId \d+: a system bot belongs to no account/);
      await expect(create(provider, { ...base, adoptId: 2 })).rejects.toThrow(/adoptId 2: account 1 has no agent bot 2/);
      expect(ctx.writes()).toHaveLength(0);
    });
  });

  it("answers an inbox: an Inbox takes the account bot's id", async () => {
    const bot = await create(provider, base);
    const inbox = await create(resources.Inbox, { adoptId: 2, agentBotId: bot.id });
    expect(inbox.outs.agentBotId).toBe(Number(bot.id));
    expect(ctx.sb.control.snapshot().inboxes.find((i) => i.id === 2)?.agent_bot_id).toBe(Number(bot.id));
  });

  it("names the administrator's token when an agent's token is refused", async () => {
    ctx.connect({ apiAccessToken: ctx.account.agentToken! });
    try {
      await expect(create(provider, base)).rejects.toThrow(/POST .*agent_bots: 401.*administrator/);
    } finally {
      ctx.connect();
    }
  });

  it("checks the scope and the account before any request", async () => {
    const failures = async (inputs: Record<string, unknown>) =>
      check(provider, inputs).then(
        () => [],
        (err: unknown) => (err as CheckFailed).failures.map((f) => f.property),
      );
    expect(await failures({ ...base, scope: "team" })).toEqual(["scope"]);
    expect(await failures({ ...base, accountId: null })).toEqual(["accountId"]);
    expect(await failures({ name: "System", accountId: null })).toEqual([]);
    expect(ctx.requests()).toHaveLength(0);
  });
});
