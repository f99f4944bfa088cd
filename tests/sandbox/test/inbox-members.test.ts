/**
 * Inbox members, each case written from upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/inbox_members_controller_spec.rb
 * ("User must exist", not-found inboxes, ignored non-members), app/models/inbox.rb, app/policies/inbox_policy.rb; the answers as
 * app/views/api/v1/accounts/inbox_members/*.json.jbuilder render them through app/views/api/v1/models/_agent.json.jbuilder.
 */
import { MODES, seedClients, useSandbox } from "./http";

const MEMBERS = "/api/v1/accounts/1/inbox_members";
type Agent = Record<string, unknown> & { id: number };

const ids = (body: unknown) => (body as { payload: Agent[] }).payload.map((a) => a.id);
const memberIdsOf = (snapshot: { inboxes: { id: number; member_ids: number[] }[] }, inbox: number) => snapshot.inboxes.find((i) => i.id === inbox)?.member_ids;

describe.each(MODES)("inbox members (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1 } = seedClients(sandbox);
  const members = (inbox: number) => memberIdsOf(sandbox().control.snapshot(), inbox);

  describe("GET", () => {
    it("lists the members as agents in {payload:[...]}", async () => {
      const answer = await admin1.get(`${MEMBERS}/1`);
      expect(answer.status).toBe(200);
      expect((answer.body as { payload: Agent[] }).payload).toEqual([
        { id: 2, account_id: 1, availability_status: "online", auto_offline: true, confirmed: true, email: "bob@acme.test", provider: "email", available_name: "Bob Agent", name: "Bob Agent", role: "agent", thumbnail: "", custom_role_id: null },
        { id: 4, account_id: 1, availability_status: "online", auto_offline: true, confirmed: true, email: "dana@shared.test", provider: "email", available_name: "Dana Shared", name: "Dana Shared", role: "agent", thumbnail: "", custom_role_id: null },
      ]);
    });

    it("lets a member agent read and refuses a non-member agent", async () => {
      expect((await agent1.get(`${MEMBERS}/1`)).status).toBe(200);
      const answer = await agent1.get(`${MEMBERS}/2`);
      expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to do this action" }]);
    });

    it("answers 404 for unknown inboxes and inboxes of another account", async () => {
      for (const inbox of [99, 4]) expect((await admin1.get(`${MEMBERS}/${inbox}`)).body).toEqual({ error: "Resource could not be found" });
    });
  });

  describe("POST (add)", () => {
    it("adds users and answers the full list (the documented shape as well)", async () => {
      const answer = await admin1.post(MEMBERS, { inbox_id: 1, user_ids: [3, 2] });
      expect(answer.status).toBe(200);
      expect(ids(answer.body)).toEqual([2, 3, 4]);
      expect(members(1)).toEqual([2, 4, 3]);
    });

    it("treats integer ids of existing members as already there", async () => {
      expect(ids((await admin1.post(MEMBERS, { inbox_id: 1, user_ids: [2, 4] })).body)).toEqual([2, 4]);
    });

    it("takes string ids as new, so a member's string id fails uniqueness", async () => {
      const answer = await admin1.post(MEMBERS, { inbox_id: 1, user_ids: ["3", "2"] });
      expect([answer.status, answer.body]).toEqual([422, { message: "User has already been taken", attributes: ["user_id"] }]);
      expect(members(1)).toEqual([2, 4]);
    });

    it("refuses unknown users and rolls the whole request back", async () => {
      for (const bad of [99, "abc"]) {
        const answer = await admin1.post(MEMBERS, { inbox_id: 1, user_ids: [3, bad] });
        expect([answer.status, answer.body]).toEqual([422, { message: "User must exist", attributes: ["user"] }]);
      }
      const answer = await admin1.post(MEMBERS, { inbox_id: 1, user_ids: [null] });
      expect(answer.body).toEqual({ message: "User can't be blank, User must exist", attributes: ["user_id", "user"] });
      expect(members(1)).toEqual([2, 4]);
    });

    it("adds users of other accounts without listing them", async () => {
      const answer = await admin1.post(MEMBERS, { inbox_id: 2, user_ids: [5] });
      expect(ids(answer.body)).toEqual([3]);
      expect(members(2)).toEqual([3, 5]);
    });

    it("answers 500 without user_ids or with a non-list", async () => {
      for (const body of [{ inbox_id: 1 }, { inbox_id: 1, user_ids: 3 }]) expect((await admin1.post(MEMBERS, body)).status).toBe(500);
    });

    it("looks the inbox up before checking the role", async () => {
      for (const body of [{ inbox_id: 99, user_ids: [3] }, { inbox_id: 4, user_ids: [3] }, { user_ids: [3] }]) {
        expect((await agent1.post(MEMBERS, body)).status).toBe(404);
      }
      const answer = await agent1.post(MEMBERS, { inbox_id: 1, user_ids: [3] });
      expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to do this action" }]);
      expect(members(1)).toEqual([2, 4]);
    });
  });

  describe("PATCH (replace)", () => {
    it("makes the inbox hold exactly the listed users", async () => {
      const answer = await admin1.patch(MEMBERS, { inbox_id: 1, user_ids: [3, 4] });
      expect(ids(answer.body)).toEqual([3, 4]);
      expect(members(1)).toEqual([4, 3]);
      expect(ids((await admin1.patch(MEMBERS, { inbox_id: 1, user_ids: [] })).body)).toEqual([]);
    });

    it("validates like add and is administrator-only", async () => {
      expect((await admin1.patch(MEMBERS, { inbox_id: 1, user_ids: [99] })).status).toBe(422);
      expect((await admin1.patch(MEMBERS, { inbox_id: 1 })).status).toBe(500);
      expect((await agent1.patch(MEMBERS, { inbox_id: 1, user_ids: [] })).status).toBe(401);
      expect(members(1)).toEqual([2, 4]);
    });
  });

  describe("DELETE (remove)", () => {
    it("removes the listed users with an empty 200, ignoring non-members and unknown ids", async () => {
      const answer = await admin1.delete(MEMBERS, { inbox_id: 1, user_ids: [2, 3, 99] });
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect(members(1)).toEqual([4]);
    });

    it("casts ids like a where clause and tolerates a missing list", async () => {
      await admin1.delete(MEMBERS, { inbox_id: 1, user_ids: ["4"] });
      expect(members(1)).toEqual([2]);
      expect((await admin1.delete(MEMBERS, { inbox_id: 1 })).status).toBe(200);
    });

    it("answers 404 for another account's inbox and 401 for agents", async () => {
      expect((await admin1.delete(MEMBERS, { inbox_id: 4, user_ids: [4] })).status).toBe(404);
      expect((await agent1.delete(MEMBERS, { inbox_id: 1, user_ids: [2] })).status).toBe(401);
      expect(members(4)).toEqual([4]);
      expect(members(1)).toEqual([2, 4]);
    });
  });

  it(`answers the same shapes in ${mode} mode as in the other (membership is identical in both)`, async () => {
    const answer = await admin1.post(MEMBERS, { inbox_id: 3, user_ids: [1] });
    expect(answer.body).toEqual({ payload: [expect.objectContaining({ id: 1, role: "administrator" })] });
  });
});
