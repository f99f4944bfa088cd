// Upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/agent_bots_controller_spec.rb; the answers as
// app/views/api/v1/models/_agent_bot.json.jbuilder renders them through app/presenters/agent_bot_presenter.rb.
import { outcome, seedClients, useSandbox } from "./http";

const BOTS = "/api/v1/accounts/1/agent_bots";
type Bot = Record<string, unknown> & { id: number };

describe("account agent bots", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2, platform1 } = seedClients(sandbox);
  /** A system bot (no account), made through the Platform API as upstream's console would. */
  const systemBot = async () => (await platform1.post("/platform/api/v1/agent_bots", { name: "Everywhere", outgoing_url: "https://bots.test/all" })).body as Bot;

  it("lists the account's bots and the system bots, for every member, as a bare array", async () => {
    const system = await systemBot();
    const answer = await agent1.get(BOTS);
    expect(answer.status).toBe(200);
    const bots = answer.body as Bot[];
    expect(bots.map((b) => [b.id, b.account_id, b.system_bot])).toEqual([
      [1, 1, false],
      [system.id, null, true],
    ]);
    // Another account's bot (bot 2 belongs to account 2) is not listed.
    expect(((await admin2.get("/api/v1/accounts/2/agent_bots")).body as Bot[]).map((b) => b.id)).toEqual([2, system.id]);
  });

  it("renders the account partial: a system bot without its outgoing URL or token, the account's own bot's token for every member", async () => {
    const system = await systemBot();
    const [own, global] = (await admin1.get(BOTS)).body as Bot[];
    expect(own).toEqual({
      id: 1,
      name: "Triage bot",
      description: "Routes new conversations",
      thumbnail: "",
      outgoing_url: "https://bots.acme.test/triage",
      bot_type: "webhook",
      bot_config: {},
      account_id: 1,
      access_token: expect.any(String),
      system_bot: false,
    });
    expect(sandbox().control.secrets()).toContain(own?.access_token);
    expect(global).toEqual({ id: system.id, name: "Everywhere", description: null, thumbnail: "", bot_type: "webhook", bot_config: {}, account_id: null, system_bot: true });
    // AgentBotPresenter has no role check: an agent sees the account's own bot's token too.
    expect((((await agent1.get(BOTS)).body as Bot[])[0] ?? {}).access_token).toBe(own?.access_token);
    expect((((await agent1.get(BOTS)).body as Bot[])[1] ?? {}).access_token).toBeUndefined();
  });

  it("creates a bot of the account for administrators, with top-level keys only, which no Platform App sees", async () => {
    const created = await admin1.post(BOTS, { name: "Helper", outgoing_url: "https://bots.test/help", bot_config: { mode: "fast" }, account_id: 2, agent_bot: { name: "x" } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: 3, name: "Helper", outgoing_url: "https://bots.test/help", bot_config: { mode: "fast" }, account_id: 1, system_bot: false });
    expect(((await platform1.get("/platform/api/v1/agent_bots")).body as Bot[]).map((b) => b.id)).toEqual([1]);
    expect(outcome(await agent1.post(BOTS, { name: "Nope" }))).toEqual([401, { error: "You are not authorized to do this action" }]);
  });

  it("refuses a bot type other than webhook with a 500 and the URL length with a 422", async () => {
    expect((await admin1.post(BOTS, { name: "Odd", bot_type: "csml" })).status).toBe(500);
    const long = await admin1.post(BOTS, { name: "Long", outgoing_url: `https://x.test/${"a".repeat(2040)}` });
    expect(outcome(long)).toEqual([422, { message: "Outgoing url is too long (maximum is 2048 characters)", attributes: ["outgoing_url"] }]);
  });

  it("updates only the keys sent, and only the account's own bots", async () => {
    const system = await systemBot();
    const updated = await admin1.patch(`${BOTS}/1`, { description: "Now triages everything" });
    expect(updated.body).toMatchObject({ id: 1, name: "Triage bot", description: "Now triages everything" });
    expect((await admin1.patch(`${BOTS}/${system.id}`, { name: "Mine" })).status).toBe(404);
    expect((await admin1.patch(`${BOTS}/2`, { name: "Mine" })).status).toBe(404);
    // The role check runs before the lookup: an agent is refused even for an unknown id.
    expect((await agent1.patch(`${BOTS}/999`, { name: "x" })).status).toBe(401);
  });

  it("shows a system bot but never another account's", async () => {
    const system = await systemBot();
    expect((await agent1.get(`${BOTS}/${system.id}`)).body).toMatchObject({ id: system.id, system_bot: true });
    expect((await admin1.get(`${BOTS}/2`)).status).toBe(404);
  });

  it("deletes the account's bot (empty 200), which also leaves its inboxes without a bot", async () => {
    expect((await admin1.post("/api/v1/accounts/1/inboxes/2/set_agent_bot", { agent_bot: 1 })).status).toBe(200);
    const answer = await admin1.delete(`${BOTS}/1`);
    expect([answer.status, answer.text]).toEqual([200, ""]);
    expect((await admin1.get("/api/v1/accounts/1/inboxes/2/agent_bot")).body).toEqual({ agent_bot: {} });
    expect((await admin1.delete(`${BOTS}/1`)).status).toBe(404);
  });

  it("lets an inbox use a bot made through the account API", async () => {
    const bot = (await admin1.post(BOTS, { name: "Inbox helper" })).body as Bot;
    expect((await admin1.post("/api/v1/accounts/1/inboxes/2/set_agent_bot", { agent_bot: bot.id })).status).toBe(200);
    expect((await admin1.get("/api/v1/accounts/1/inboxes/2/agent_bot")).body).toMatchObject({ agent_bot: { id: bot.id, name: "Inbox helper" } });
  });
});
