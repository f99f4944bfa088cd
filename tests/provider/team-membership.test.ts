import { configure, resources } from "../../provider";
import { resetConnectionConfig } from "../../provider/config";
import { startTestServer, type TestServer } from "../unit/http/support/server";
import { create, destroy, refresh, up, type State } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.TeamMembership;

// Seed (sdk/sandbox/seed.ts): account 1 has users 1–4; user 5 belongs to account 2 only. Teams
// start empty: each test makes its own.
describe.each(SHAPES)("TeamMembership (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const teams = () => `/api/v1/accounts/${ctx.account.id}/teams`;
  const members = (teamId: number) => `${teams()}/${teamId}/team_members`;
  /** Makes a team by hand, with these members; returns its id. */
  async function team(name: string, userIds: number[] = []): Promise<number> {
    const { id } = (await ctx.admin("POST", teams(), { name })).body as { id: number };
    if (userIds.length) await ctx.admin("POST", members(id), { user_ids: userIds });
    ctx.sb.control.clearLog();
    return id;
  }
  /** Member rows of a team in the order the server keeps them. */
  const memberRows = (teamId: number) => ctx.sb.control.snapshot().teams.find((t) => t.id === teamId)?.member_ids;
  const sorted = (ids: number[] | undefined) => [...(ids ?? [])].sort((a, b) => a - b);
  const writes = () => ctx.writes().map((w) => ({ method: w.method, path: w.path, body: w.body }));
  const agentIds = (s: State) => (s.outs.agents as { id: number }[]).map((a) => a.id);
  const foreignUser = () => ctx.sb.info.accounts[1].userIds.find((id) => !ctx.account.userIds.includes(id))!;

  describe("listed members (non-exclusive)", () => {
    it("creates with one POST of the listed users to the team's path and returns complete outputs", async () => {
      const teamId = await team("billing");
      const state = await create(provider, { teamId, userIds: [3, 2] });
      expect(writes()).toEqual([{ method: "POST", path: members(teamId), body: { user_ids: [3, 2] } }]);
      expect(state.id).toBe(`${ctx.account.id}/${teamId}`);
      expect(state.outs).toMatchObject({ accountId: ctx.account.id, teamId, userIds: [3, 2], exclusive: false });
      const agents = state.outs.agents as Record<string, unknown>[];
      expect(agents.find((a) => a.id === 2)).toMatchObject({ accountId: ctx.account.id, email: "bob@acme.test", role: "agent" });
      expect(sorted(memberRows(teamId))).toEqual([2, 3]);
    });

    it("lists every member after a POST, although upstream answers it with the added users only", async () => {
      const teamId = await team("billing", [2, 4]);
      const state = await create(provider, { teamId, userIds: [2, 3] });
      expect(writes()).toEqual([{ method: "POST", path: members(teamId), body: { user_ids: [3] } }]);
      expect(sorted(agentIds(state))).toEqual([2, 3, 4]);
      // The outputs after the create are what a refresh reads (one GET), member for member.
      ctx.sb.control.clearLog();
      const refreshed = (await refresh(provider, state))!;
      expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${members(teamId)}`]);
      expect(refreshed.outs).toEqual(state.outs);
    });

    it("adopts users who already are members without any write, and a second up sends nothing", async () => {
      const teamId = await team("billing", [2, 4]);
      const state = await create(provider, { teamId, userIds: [4, 2] });
      expect(ctx.writes()).toHaveLength(0);
      expect(state.outs.userIds).toEqual([4, 2]);
      expect((await up(provider, state, { teamId, userIds: [2, 4] })).op).toBe("same");
      expect(ctx.requests().filter((r) => r.method !== "GET")).toHaveLength(0);
    });

    it("updates by removing the dropped users (DELETE) and adding the new ones (POST), nothing else", async () => {
      const teamId = await team("billing", [4]);
      const state = await create(provider, { teamId, userIds: [2, 3] });
      ctx.sb.control.clearLog();
      const { op, state: next } = await up(provider, state, { teamId, userIds: [3, 1] });
      expect(op).toBe("update");
      expect(writes()).toEqual([
        { method: "DELETE", path: members(teamId), body: { user_ids: [2] } },
        { method: "POST", path: members(teamId), body: { user_ids: [1] } },
      ]);
      expect(sorted(memberRows(teamId))).toEqual([1, 3, 4]); // user 4 was never listed: untouched
      expect(next.outs).toMatchObject({ userIds: [3, 1], exclusive: false });
      expect(sorted(agentIds(next))).toEqual([1, 3, 4]);
    });

    it("shows a user removed out of band as drift and re-adds only that user", async () => {
      const teamId = await team("billing");
      const state = await create(provider, { teamId, userIds: [2, 3] });
      await ctx.admin("DELETE", members(teamId), { user_ids: [3] });
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.outs.userIds).toEqual([2]);
      ctx.sb.control.clearLog();
      expect((await up(provider, refreshed, { teamId, userIds: [2, 3] })).op).toBe("update");
      expect(writes()).toEqual([{ method: "POST", path: members(teamId), body: { user_ids: [3] } }]);
    });

    it("deletes only the listed users", async () => {
      const teamId = await team("billing", [2, 4]);
      const state = await create(provider, { teamId, userIds: [3] });
      ctx.sb.control.clearLog();
      await destroy(provider, state);
      expect(writes()).toEqual([{ method: "DELETE", path: members(teamId), body: { user_ids: [3] } }]);
      expect(sorted(memberRows(teamId))).toEqual([2, 4]);
    });
  });

  describe("exclusive", () => {
    it("makes the team hold exactly the listed users with one PATCH", async () => {
      const teamId = await team("billing", [2, 4]);
      const state = await create(provider, { teamId, userIds: [3], exclusive: true });
      expect(writes()).toEqual([{ method: "PATCH", path: members(teamId), body: { user_ids: [3] } }]);
      expect(memberRows(teamId)).toEqual([3]);
      expect(state.outs).toMatchObject({ userIds: [3], exclusive: true });
      expect(agentIds(state)).toEqual([3]);
    });

    it("shows any member added out of band as drift and removes it with one PATCH", async () => {
      const teamId = await team("billing");
      const state = await create(provider, { teamId, userIds: [2], exclusive: true });
      await ctx.admin("POST", members(teamId), { user_ids: [4, 1] });
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.outs.userIds).toEqual([2, 1, 4]);
      ctx.sb.control.clearLog();
      expect((await up(provider, refreshed, { teamId, userIds: [2], exclusive: true })).op).toBe("update");
      expect(writes()).toEqual([{ method: "PATCH", path: members(teamId), body: { user_ids: [2] } }]);
      expect(memberRows(teamId)).toEqual([2]);
    });

    it("switching exclusive on is one PATCH; switching it off sends nothing", async () => {
      const teamId = await team("billing", [2, 4]);
      const state = await create(provider, { teamId, userIds: [2] });
      ctx.sb.control.clearLog();
      const on = await up(provider, state, { teamId, userIds: [2], exclusive: true });
      expect(writes()).toEqual([{ method: "PATCH", path: members(teamId), body: { user_ids: [2] } }]);
      ctx.sb.control.clearLog();
      const off = await up(provider, on.state, { teamId, userIds: [2] });
      expect(off.op).toBe("update");
      expect(ctx.requests()).toHaveLength(0);
      expect(off.state.outs).toMatchObject({ userIds: [2], exclusive: false });
    });

    it("an empty exclusive list removes everyone when allowEmpty says so", async () => {
      const teamId = await team("billing", [2, 3]);
      const state = await create(provider, { teamId, userIds: [], exclusive: true, allowEmpty: true });
      expect(writes()).toEqual([{ method: "PATCH", path: members(teamId), body: { user_ids: [] } }]);
      expect(memberRows(teamId)).toEqual([]);
      expect(state.outs).toMatchObject({ userIds: [], agents: [] });
    });
  });

  describe("refused users leave nothing behind", () => {
    it("names the user ids when a user is not in the account (401 Invalid User IDs), before any change", async () => {
      const teamId = await team("billing");
      const err = (await create(provider, { teamId, userIds: [2, foreignUser()] }).catch((e: unknown) => e)) as Error;
      expect(err.message).toMatch(/POST .*team_members: 401 Invalid User IDs/);
      expect(err.message).toContain(`user ids sent: 2, ${foreignUser()}; each must be an existing user of account ${ctx.account.id}`);
      expect(memberRows(teamId)).toEqual([]);
    });

    it("refuses a user that does not exist the same way", async () => {
      const teamId = await team("billing");
      await expect(create(provider, { teamId, userIds: [999] })).rejects.toThrow(/401 Invalid User IDs.*user ids sent: 999/);
    });

    it("undoes the removals of an update whose additions are refused", async () => {
      const teamId = await team("billing");
      const state = await create(provider, { teamId, userIds: [2, 3] });
      ctx.sb.control.clearLog();
      const err = (await up(provider, state, { teamId, userIds: [3, foreignUser()] }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain("Invalid User IDs");
      expect(err.message).toContain("the membership changes made so far were undone");
      expect(writes()).toEqual([
        { method: "DELETE", path: members(teamId), body: { user_ids: [2] } },
        { method: "POST", path: members(teamId), body: { user_ids: [foreignUser()] } },
        { method: "POST", path: members(teamId), body: { user_ids: [2] } },
      ]);
      expect(sorted(memberRows(teamId))).toEqual([2, 3]);
    });
  });

  describe("gone and replaced", () => {
    it("reports the membership of a deleted team as gone (the team's members go with it), and deletes without error", async () => {
      const teamId = await team("billing");
      const state = await create(provider, { teamId, userIds: [2, 3] });
      await ctx.admin("DELETE", `${teams()}/${teamId}`);
      expect(await refresh(provider, state)).toBeUndefined();
      await expect(destroy(provider, state)).resolves.toBeUndefined();
    });

    it("refuses a team of another account with a clear error and no write", async () => {
      const globex = ctx.sb.info.accounts[1];
      const res = await fetch(`${ctx.sb.url}/api/v1/accounts/${globex.id}/teams`, {
        method: "POST",
        headers: { api_access_token: globex.adminToken, "content-type": "application/json" },
        body: JSON.stringify({ name: "globex team" }),
      });
      const foreignTeam = ((await res.json()) as { id: number }).id;
      ctx.sb.control.clearLog();
      const err = (await create(provider, { teamId: foreignTeam, userIds: [2] }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain("404");
      expect(err.message).toContain(`team ${foreignTeam} does not exist in account ${ctx.account.id}`);
      expect(ctx.writes()).toHaveLength(0);
    });

    it("replaces when the team or the account changes, updates in place otherwise", async () => {
      const teamId = await team("billing");
      const state = await create(provider, { teamId, userIds: [2] });
      expect((await up(provider, state, { teamId: teamId + 1, userIds: [2] })).op).toBe("replace");
      expect((await up(provider, state, { accountId: 2, teamId, userIds: [2] })).op).toBe("replace");
      expect((await up(provider, state, { teamId, userIds: [2, 3] })).op).toBe("update");
    });
  });
});

describe("TeamMembership against other server answers", () => {
  let server: TestServer;
  const agent = (id: number) => ({ id, account_id: 7, name: `User ${id}`, email: `user${id}@example.test`, role: "agent" });
  beforeAll(async () => {
    server = await startTestServer();
    resetConnectionConfig();
    configure({ url: server.url, apiAccessToken: "test-token-for-old-servers", accountId: "7" });
  });
  afterAll(async () => {
    resetConnectionConfig();
    await server.close();
  });

  // Upstream renders `json.array!` only when the list is present: an empty list is the body `{}`.
  it("reads `{}` as no members: an exclusive empty list after a PATCH", async () => {
    server.script({ body: [agent(2)] }, { body: {} });
    const state = await create(provider, { teamId: 5, userIds: [], exclusive: true, allowEmpty: true });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/v1/accounts/7/teams/5/team_members", "PATCH /api/v1/accounts/7/teams/5/team_members"]);
    expect(state.outs).toMatchObject({ userIds: [], agents: [] });
  });

  it("reads a POST's `{payload: [added]}` as the members before plus the added ones", async () => {
    server.requests.length = 0;
    server.script({ body: [agent(2)] }, { body: { payload: [agent(3)] } });
    const state = await create(provider, { teamId: 5, userIds: [3] });
    expect(JSON.parse(server.requests[1]!.body.toString())).toEqual({ user_ids: [3] });
    expect(state.outs.userIds).toEqual([3]);
    expect((state.outs.agents as { id: number }[]).map((a) => a.id)).toEqual([2, 3]);
  });

  it("undoes a failed addition that the server applied in part (an older server fails midway)", async () => {
    resetConnectionConfig();
    configure({ url: server.url, apiAccessToken: "test-token-for-old-servers", accountId: "7", maxRetries: "0" });
    server.requests.length = 0;
    // Members before; the POST fails; read back, only user 3 made it; the one repeat fails too; the undo.
    server.script({ body: [] }, { status: 500, body: { error: "boom" } }, { body: [agent(3)] }, { status: 500, body: { error: "boom" } }, { body: "" });
    const err = (await create(provider, { teamId: 5, userIds: [3, 4] }).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/POST .*team_members: 500.*the membership changes made so far were undone/);
    const sent = server.requests.map((r) => `${r.method} ${r.body.length ? r.body.toString() : ""}`.trim());
    expect(sent).toEqual(["GET", 'POST {"user_ids":[3,4]}', "GET", 'POST {"user_ids":[3,4]}', 'DELETE {"user_ids":[3,4]}']);
  });
});
