import { MODES, seedClients, useSandbox } from "./http";

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
