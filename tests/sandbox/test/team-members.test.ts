/**
 * Team members, each case written from upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/team_members_controller_spec.rb,
 * app/models/team.rb (`add_members`, `remove_members`), app/policies/team_member_policy.rb; the answers as
 * app/views/api/v1/accounts/team_members/{index,create}.json.jbuilder render them through app/views/api/v1/models/_agent.json.jbuilder.
 */
import { MODES, seedClients, useSandbox } from "./http";

const TEAMS = "/api/v1/accounts/1/teams";
type Agent = { id: number } & Record<string, unknown>;

const ids = (body: unknown) => (body as Agent[]).map((a) => a.id);
const INVALID_USERS = { error: "Invalid User IDs" };

describe.each(MODES)("team members (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  let members = "";
  const stored = () => sandbox().control.snapshot().teams.find((t) => `${TEAMS}/${t.id}/team_members` === members)?.member_ids;

  beforeEach(async () => {
    const team = (await admin1.post(TEAMS, { name: "sales" })).body as { id: number };
    members = `${TEAMS}/${team.id}/team_members`;
  });

  describe("GET", () => {
    it("lists the members as agents, in row order, for any member", async () => {
      await admin1.post(members, { user_ids: [3, 2] });
      const answer = await agent1.get(members);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        { id: 3, account_id: 1, availability_status: "online", auto_offline: true, confirmed: true, email: "carol@acme.test", provider: "email", available_name: "Carol", name: "Carol Agent", role: "agent", thumbnail: "", custom_role_id: null },
        expect.objectContaining({ id: 2, name: "Bob Agent" }),
      ]);
    });

    it("answers 404 for another account's team and unknown teams", async () => {
      const foreign = (await admin2.post("/api/v1/accounts/2/teams", { name: "other" })).body as { id: number };
      for (const id of [foreign.id, 99]) expect((await admin1.get(`${TEAMS}/${id}/team_members`)).body).toEqual({ error: "Resource could not be found" });
    });
  });

  describe("POST (add)", () => {
    it("adds users and answers only the ones it added", async () => {
      await admin1.post(members, { user_ids: [2] });
      const answer = await admin1.post(members, { user_ids: [2, 4, 3] });
      expect([answer.status, ids(answer.body)]).toEqual([200, [4, 3]]);
      expect(stored()).toEqual([2, 4, 3]);
      expect((await admin1.post(members, { user_ids: [] })).body).toEqual([]);
    });

    it("answers a string id of a member as added although no row is created", async () => {
      await admin1.post(members, { user_ids: [2] });
      expect(ids((await admin1.post(members, { user_ids: ["2", 3, "3"] })).body)).toEqual([2, 3, 3]);
      expect(stored()).toEqual([2, 3]);
    });

    it("refuses users outside the account with 401 Invalid User IDs, before adding any", async () => {
      for (const bad of [99, 5, "abc", null]) {
        const answer = await admin1.post(members, { user_ids: [3, bad] });
        expect([answer.status, answer.body]).toEqual([401, INVALID_USERS]);
      }
      expect(stored()).toEqual([]);
    });

    it("answers 500 without a user_ids list or with entries Ruby cannot to_i", async () => {
      for (const body of [{}, { user_ids: 3 }, { user_ids: [true] }]) expect((await admin1.post(members, body)).status).toBe(500);
    });

    it("checks the role before the ids", async () => {
      const answer = await agent1.post(members, { user_ids: [99] });
      expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to do this action" }]);
      expect((await agent1.post(`${TEAMS}/99/team_members`, { user_ids: [2] })).status).toBe(404);
    });
  });

  describe("PATCH (replace)", () => {
    it("makes the team hold exactly the listed users and answers every member", async () => {
      await admin1.post(members, { user_ids: [2, 3] });
      const answer = await admin1.patch(members, { user_ids: [3, 4] });
      expect([answer.status, ids(answer.body)]).toEqual([200, [3, 4]]);
      expect(ids((await admin1.patch(members, { user_ids: [] })).body)).toEqual([]);
    });

    it("removes a member listed as a string, as upstream's Array#- does", async () => {
      await admin1.post(members, { user_ids: [2, 3] });
      expect(ids((await admin1.patch(members, { user_ids: ["2", 3] })).body)).toEqual([3]);
    });

    it("validates like add and is administrator-only; PUT is not routed", async () => {
      await admin1.post(members, { user_ids: [2] });
      expect((await admin1.patch(members, { user_ids: [5] })).status).toBe(401);
      expect((await agent1.patch(members, { user_ids: [] })).status).toBe(401);
      expect((await admin1.put(members, { user_ids: [] })).status).toBe(404);
      expect(stored()).toEqual([2]);
    });
  });

  describe("DELETE (remove)", () => {
    it("removes the listed users with an empty 200, ignoring non-members", async () => {
      await admin1.post(members, { user_ids: [2, 3, 4] });
      const answer = await admin1.delete(members, { user_ids: ["2", 1] });
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect(stored()).toEqual([3, 4]);
    });

    it("validates the ids and the role first", async () => {
      await admin1.post(members, { user_ids: [2] });
      expect((await admin1.delete(members, { user_ids: [99] })).body).toEqual(INVALID_USERS);
      expect((await admin1.delete(members, {})).status).toBe(500);
      expect((await agent1.delete(members, { user_ids: [2] })).status).toBe(401);
      expect(stored()).toEqual([2]);
    });
  });

  it("applies an add whose answer is lost", async () => {
    sandbox().control.inject({ method: "POST", path: "/api/v1/accounts/:account/teams/:team/team_members", kind: "lost-response" });
    await expect(admin1.post(members, { user_ids: [2] })).rejects.toThrow();
    expect(stored()).toEqual([2]);
  });
});
