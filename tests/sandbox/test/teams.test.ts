/**
 * Teams, each case written from upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/teams_controller_spec.rb,
 * spec/models/team_spec.rb, app/models/team.rb, app/policies/team_policy.rb; the answers as
 * app/views/api/v1/models/_team.json.jbuilder renders them (`is_member` the caller's).
 */
import { startSandbox } from "../../../sdk/sandbox/index";
import { MODES, outcome, seedClients, useSandbox } from "./http";

const TEAMS = "/api/v1/accounts/1/teams";
const TEAMS_2 = "/api/v1/accounts/2/teams";
type Team = { id: number; name: string } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };

describe.each(MODES)("teams (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => (await admin1.post(TEAMS, body)).body as Team;

  describe("POST", () => {
    it("creates with auto-assignment on and answers the bare team", async () => {
      const answer = await admin1.post(TEAMS, { name: "Sales" });
      expect([answer.status, answer.body]).toEqual([200, { id: 1, name: "sales", description: null, allow_auto_assign: true, account_id: 1, is_member: false }]);
    });

    it("takes nested or flat bodies and casts allow_auto_assign", async () => {
      expect(await create({ team: { name: "Billing Team", description: "Invoices", allow_auto_assign: "false" } })).toMatchObject({
        name: "billing team",
        description: "Invoices",
        allow_auto_assign: false,
      });
      expect(await create({ name: "support", allow_auto_assign: null })).toMatchObject({ allow_auto_assign: null });
    });

    it("requires a name unique per account, after lower-casing", async () => {
      const blank = await admin1.post(TEAMS, { name: " ", description: "x" });
      expect([blank.status, blank.body]).toEqual([422, { message: "Name must not be blank", attributes: ["name"] }]);
      await create({ name: "sales" });
      const taken = await admin1.post(TEAMS, { name: "SALES" });
      expect([taken.status, taken.body]).toEqual([422, { message: "Name has already been taken", attributes: ["name"] }]);
      expect((await admin2.post(TEAMS_2, { name: "sales" })).status).toBe(200);
      const missing = await admin1.post(TEAMS, {});
      expect([missing.status, missing.body]).toEqual([422, { error: "param is missing or the value is empty: team" }]);
    });

    it("is administrator-only", async () => {
      expect(outcome(await agent1.post(TEAMS, { name: "x" }))).toEqual([401, NOT_AUTHORIZED]);
      expect(sandbox().control.snapshot().teams).toEqual([]);
    });
  });

  describe("GET", () => {
    it("lists the account's teams as a bare array in id order, with is_member for the caller", async () => {
      await create({ name: "zulu" });
      const alpha = await create({ name: "alpha" });
      await admin2.post(TEAMS_2, { name: "other" });
      await admin1.post(`${TEAMS}/${alpha.id}/team_members`, { user_ids: [2] });
      const answer = await agent1.get(TEAMS);
      expect(answer.status).toBe(200);
      expect((answer.body as Team[]).map((t) => [t.name, t.is_member])).toEqual([
        ["zulu", false],
        ["alpha", true],
      ]);
    });

    it("shows one to any member; unknown and foreign ids are 404", async () => {
      const team = await create({ name: "sales" });
      expect((await agent1.get(`${TEAMS}/${team.id}`)).body).toEqual(team);
      const foreign = (await admin2.post(TEAMS_2, { name: "x" })).body as Team;
      for (const id of [99, foreign.id]) expect(outcome(await admin1.get(`${TEAMS}/${id}`))).toEqual([404, NOT_FOUND]);
    });
  });

  describe("PATCH", () => {
    it("changes the keys sent and validates like create", async () => {
      const team = await create({ name: "sales", description: "old" });
      const answer = await admin1.patch(`${TEAMS}/${team.id}`, { name: "Inside Sales", allow_auto_assign: false });
      expect([answer.status, answer.body]).toEqual([200, { ...team, name: "inside sales", allow_auto_assign: false }]);
      await create({ name: "support" });
      expect((await admin1.put(`${TEAMS}/${team.id}`, { name: "Support" })).body).toEqual({ message: "Name has already been taken", attributes: ["name"] });
    });

    it("looks the team up before the role check", async () => {
      const team = await create({ name: "sales" });
      expect((await agent1.patch(`${TEAMS}/99`, { name: "x" })).status).toBe(404);
      expect(outcome(await agent1.patch(`${TEAMS}/${team.id}`, { name: "x" }))).toEqual([401, NOT_AUTHORIZED]);
      expect(sandbox().control.snapshot().teams).toEqual([expect.objectContaining({ name: "sales" })]);
    });
  });

  describe("DELETE", () => {
    it("removes the team with its memberships, administrators only, with an empty 200", async () => {
      const team = await create({ name: "sales" });
      await admin1.post(`${TEAMS}/${team.id}/team_members`, { user_ids: [2, 3] });
      expect((await agent1.delete(`${TEAMS}/${team.id}`)).status).toBe(401);
      const answer = await admin1.delete(`${TEAMS}/${team.id}`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect(sandbox().control.snapshot().teams).toEqual([]);
      expect((await admin1.get(`${TEAMS}/${team.id}/team_members`)).status).toBe(404);
    });
  });

  it("answers an injected 500 on the list without touching state", async () => {
    await create({ name: "sales" });
    sandbox().control.inject({ method: "GET", path: "/api/v1/accounts/:account/teams", kind: "status", status: 500 });
    const answer = await admin1.get(TEAMS);
    expect([answer.status, answer.body]).toEqual([500, { status: 500, error: "Internal Server Error" }]);
    expect(((await admin1.get(TEAMS)).body as Team[]).map((t) => t.name)).toEqual(["sales"]);
  });
});

describe("teams from a fixture", () => {
  const base = {
    accounts: [{ id: 1, name: "A" }, { id: 2, name: "B" }],
    users: [
      { id: 1, name: "Ann", email: "ann@a.test", memberships: [{ account_id: 1, role: "administrator" as const }] },
      { id: 2, name: "Ben", email: "ben@b.test", memberships: [{ account_id: 1, role: "agent" as const }, { account_id: 2, role: "administrator" as const }] },
    ],
    platform_apps: [],
  };
  const sandbox = useSandbox({ fixture: { ...base, teams: [{ id: 4, account_id: 1, name: "sales", member_ids: [2] }], labels: [{ id: 9, account_id: 1, title: "vip" }] } });
  const { admin1 } = seedClients(sandbox);

  it("serves seeded teams with their members, and numbers new rows after the fixture's", async () => {
    expect((await admin1.get(TEAMS)).body).toEqual([{ id: 4, name: "sales", description: null, allow_auto_assign: true, account_id: 1, is_member: false }]);
    expect(((await admin1.get(`${TEAMS}/4/team_members`)).body as Team[]).map((u) => u.id)).toEqual([2]);
    expect((await admin1.post(TEAMS, { name: "support" })).body).toMatchObject({ id: 5 });
    expect((await admin1.post("/api/v1/accounts/1/labels", { title: "gold" })).body).toMatchObject({ id: 10 });
  });

  it("refuses a fixture whose team names a missing user", async () => {
    await expect(startSandbox({ fixture: { ...base, teams: [{ id: 1, account_id: 1, name: "x", member_ids: [7] }] } })).rejects.toThrow("team 1: user 7 does not exist");
  });
});
