import { MODES, outcome, seedClients, useSandbox } from "./http";

type Agent = { id: number } & Record<string, unknown>;

describe.each(MODES)("agents (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { agent1, admin2, anonymous } = seedClients(sandbox);

  it("lists the account's users as agents, ordered by name, for any member", async () => {
    const answer = await agent1.get("/api/v1/accounts/1/agents");
    expect(answer.status).toBe(200);
    const agents = answer.body as Agent[];
    expect(agents.map((a) => [a.id, a.name, a.role])).toEqual([
      [1, "Alice Admin", "administrator"],
      [2, "Bob Agent", "agent"],
      [3, "Carol Agent", "agent"],
      [4, "Dana Shared", "agent"],
    ]);
    expect(agents[2]).toEqual({
      id: 3,
      account_id: 1,
      availability_status: "online",
      auto_offline: true,
      confirmed: true,
      email: "carol@acme.test",
      provider: "email",
      available_name: "Carol",
      name: "Carol Agent",
      role: "agent",
      thumbnail: "",
      custom_role_id: null,
    });
  });

  it("renders a shared user with the role of the account asked for", async () => {
    const agents = (await admin2.get("/api/v1/accounts/2/agents")).body as Agent[];
    expect(agents.map((a) => [a.id, a.role, a.account_id])).toEqual([
      [4, "agent", 2],
      [5, "administrator", 2],
    ]);
  });

  it("refuses callers outside the account and anonymous ones", async () => {
    expect((await admin2.get("/api/v1/accounts/1/agents")).body).toEqual({ error: "You are not authorized to access this account" });
    expect((await anonymous.get("/api/v1/accounts/1/agents")).status).toBe(401);
  });

  it("has no agent show route", async () => {
    expect((await agent1.get("/api/v1/accounts/1/agents/1")).status).toBe(404);
  });
});

describe("agent writes", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const AGENTS = "/api/v1/accounts/1/agents";
  const user = (id: number) => sandbox().control.snapshot().users.find((u) => u.id === id);

  it("invites a new person (administrators only): an unconfirmed user, offline until they sign in", async () => {
    expect(outcome(await agent1.post(AGENTS, { email: "new@acme.test", name: "New" }))).toEqual([401, { error: "You are not authorized to do this action" }]);
    const answer = await admin1.post(AGENTS, { email: "Frank@Acme.test", name: "Frank", role: "administrator" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: 6,
      account_id: 1,
      availability_status: "offline",
      auto_offline: true,
      confirmed: false,
      email: "frank@acme.test",
      provider: "email",
      available_name: "Frank",
      name: "Frank",
      role: "administrator",
      thumbnail: "",
      custom_role_id: null,
    });
    // Without auto_offline the set availability shows, signed in or not.
    const busy = await admin1.post(AGENTS, { agent: { email: "gina@acme.test", name: "Gina", availability: "busy", auto_offline: false } });
    expect(busy.body).toMatchObject({ id: 7, availability_status: "busy", auto_offline: false, role: "agent" });
  });

  it("adds a user of another account by e-mail address (any case), keeping their name", async () => {
    const answer = await admin2.post("/api/v1/accounts/2/agents", { email: "CAROL@acme.test", name: "Someone else" });
    expect(answer.body).toMatchObject({ id: 3, name: "Carol Agent", account_id: 2, role: "agent" });
    expect(user(3)?.memberships.map((m) => m.account_id)).toEqual([1, 2]);
    expect(sandbox().control.snapshot().users).toHaveLength(5);
  });

  it("refuses an e-mail address that is already an agent of the account, and malformed or missing ones", async () => {
    expect(outcome(await admin1.post(AGENTS, { email: "bob@acme.test", name: "Bob" }))).toEqual([422, { message: "User has already been taken", attributes: ["user_id"] }]);
    expect(outcome(await admin1.post(AGENTS, { email: "not-an-address", name: "X" }))).toEqual([422, { message: "Email is invalid", attributes: ["email"] }]);
    expect(outcome(await admin1.post(AGENTS, { name: "X" }))).toEqual([422, { message: "Email can't be blank", attributes: ["email"] }]);
    expect(outcome(await admin1.post(AGENTS, {}))).toEqual([422, { error: "param is missing or the value is empty: agent" }]);
    // A new user needs a name (a NOT NULL column), and the role is an enum.
    expect((await admin1.post(AGENTS, { email: "x@acme.test" })).status).toBe(500);
    expect((await admin1.post(AGENTS, { email: "y@acme.test", name: "Y", role: "supervisor" })).status).toBe(500);
    expect(sandbox().control.snapshot().users).toHaveLength(5);
  });

  it("updates the user's name and the account's role, availability and auto-offline, each only when given", async () => {
    const answer = await admin1.patch(`${AGENTS}/4`, { name: "Dana S.", role: "administrator" });
    expect(answer.body).toMatchObject({ id: 4, name: "Dana S.", role: "administrator", availability_status: "online" });
    // The name is the user's: account 2 shows it too; the role is account 1's alone.
    const inOther = ((await admin2.get("/api/v1/accounts/2/agents")).body as Agent[]).find((a) => a.id === 4);
    expect(inOther).toMatchObject({ name: "Dana S.", role: "agent" });
    expect((await admin1.patch(`${AGENTS}/4`, { agent: { availability: "busy", name: null } })).body).toMatchObject({ name: "Dana S.", availability_status: "busy" });
    expect((await admin1.patch(`${AGENTS}/5`, { name: "x" })).status).toBe(404);
    expect((await agent1.patch(`${AGENTS}/4`, { name: "x" })).status).toBe(401);
  });

  it("sets the custom role from every create and update (Enterprise): absent means none, an unknown id is a 500", async () => {
    const role = (await admin1.post("/api/v1/accounts/1/custom_roles", { name: "Supervisor", permissions: ["report_manage"] })).body as { id: number };
    expect((await admin1.patch(`${AGENTS}/2`, { custom_role_id: role.id })).body).toMatchObject({ custom_role_id: role.id });
    expect((await admin1.patch(`${AGENTS}/2`, { name: "Bob Agent" })).body).toMatchObject({ custom_role_id: null });
    expect((await admin1.post(AGENTS, { email: "h@acme.test", name: "H", custom_role_id: role.id })).body).toMatchObject({ custom_role_id: role.id });
    expect((await admin1.patch(`${AGENTS}/2`, { custom_role_id: 99 })).status).toBe(500);
  });

  it("removes a person from the account and from its inboxes and teams, never from another account", async () => {
    const team = (await admin1.post("/api/v1/accounts/1/teams", { name: "support" })).body as { id: number };
    await admin1.post(`/api/v1/accounts/1/teams/${team.id}/team_members`, { user_ids: [4] });
    const answer = await admin1.delete(`${AGENTS}/4`);
    expect([answer.status, answer.text]).toEqual([200, ""]);
    const state = sandbox().control.snapshot();
    expect(state.inboxes.find((i) => i.id === 1)?.member_ids).toEqual([2]);
    expect(state.teams.find((t) => t.id === team.id)?.member_ids).toEqual([]);
    expect(user(4)?.memberships.map((m) => m.account_id)).toEqual([2]);
    expect((await admin1.delete(`${AGENTS}/4`)).status).toBe(404);
  });

  it("deletes a user left in no account from the installation, token and all", async () => {
    const token = sandbox().info.accounts[0]?.agentToken ?? "";
    expect((await admin1.delete(`${AGENTS}/2`)).status).toBe(200);
    expect(user(2)).toBeUndefined();
    expect((await agent1.get(AGENTS)).body).toEqual({ error: "Invalid Access Token" });
    expect(token).not.toBe("");
  });
});

describe("agents from a fixture", () => {
  const sandbox = useSandbox({
    fixture: {
      accounts: [{ id: 1, name: "A" }, { id: 2, name: "B" }],
      users: [
        { id: 1, name: "zed", email: "z@a.test", confirmed: false, memberships: [{ account_id: 1, role: "administrator", availability: "busy", auto_offline: false }] },
        { id: 2, name: "Amy", email: "amy@a.test", memberships: [{ account_id: 1, role: "agent", availability: "offline" }, { account_id: 2, role: "administrator" }] },
      ],
      platform_apps: [],
    },
  });
  const { admin1 } = seedClients(sandbox);

  it("reports availability, auto-offline and confirmation as seeded, ordering case-insensitively", async () => {
    const agents = (await admin1.get("/api/v1/accounts/1/agents")).body as Agent[];
    expect(agents.map((a) => [a.name, a.availability_status, a.auto_offline, a.confirmed])).toEqual([
      ["Amy", "offline", true, true],
      ["zed", "busy", false, false],
    ]);
  });
});

// app/views/api/v1/models/_agent.json.jbuilder at fd5ac2a8a: `custom_role_id` only `if ChatwootApp.enterprise?`;
// `custom_attributes` only when the user has any (the Platform API sets them).
describe("the agent partial by edition and custom attributes", () => {
  const sandbox = useSandbox();
  const { agent1, platform1 } = seedClients(sandbox);
  const carol = async () => ((await agent1.get("/api/v1/accounts/1/agents")).body as Agent[]).find((a) => a.id === 3) ?? {};

  it.each([
    ["enterprise", true],
    ["community", false],
  ] as const)("on a %s server, custom_role_id is rendered: %s", async (edition, rendered) => {
    sandbox().control.setEdition(edition);
    expect(Object.hasOwn(await carol(), "custom_role_id")).toBe(rendered);
  });

  it("renders a user's custom attributes once the user has any", async () => {
    expect(await carol()).not.toHaveProperty("custom_attributes");
    const grant = await platform1.post("/platform/api/v1/users", { name: "Carol Agent", email: "carol@acme.test", password: "Sup3r-secret!" });
    expect(grant.status).toBe(200);
    expect((await platform1.patch("/platform/api/v1/users/3", { custom_attributes: { tier: "gold" } })).status).toBe(200);
    expect(await carol()).toMatchObject({ custom_attributes: { tier: "gold" } });
  });
});
