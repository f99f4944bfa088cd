/**
 * Labels, each case written from upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/labels_controller_spec.rb,
 * spec/models/label_spec.rb (the title's format, lower case and uniqueness), app/policies/label_policy.rb;
 * the answers as app/views/api/v1/accounts/labels/{index,show,create,update}.json.jbuilder render them.
 */
import { MODES, outcome, seedClients, useSandbox } from "./http";

const LABELS = "/api/v1/accounts/1/labels";
const LABELS_2 = "/api/v1/accounts/2/labels";
type Label = { id: number; title: string } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };

describe.each(MODES)("labels (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => (await admin1.post(LABELS, body)).body as Label;
  const titles = async () => ((await agent1.get(LABELS)).body as { payload: Label[] }).payload.map((l) => l.title);

  describe("POST", () => {
    it("creates with the column defaults and answers the bare label", async () => {
      const answer = await admin1.post(LABELS, { title: "billing" });
      expect([answer.status, answer.body]).toEqual([200, { id: 1, title: "billing", description: null, color: "#1f93ff", show_on_sidebar: null }]);
    });

    it("lower-cases the title and casts the permitted fields, flat or nested", async () => {
      expect(await create({ label: { title: "VIP-Customers", description: "Top tier", color: "#ff0000", show_on_sidebar: "1" }, ignored: true })).toEqual({
        id: 1,
        title: "vip-customers",
        description: "Top tier",
        color: "#ff0000",
        show_on_sidebar: true,
      });
    });

    it("keeps titles unique per account, after lower-casing", async () => {
      await create({ title: "vip" });
      const duplicate = await admin1.post(LABELS, { title: "VIP" });
      expect([duplicate.status, duplicate.body]).toEqual([422, { message: "Title has already been taken", attributes: ["title"] }]);
      expect((await admin2.post(LABELS_2, { title: "vip" })).status).toBe(200);
    });

    it("refuses titles that are blank, too short, or hold spaces and symbols", async () => {
      const blank = await admin1.post(LABELS, { title: "  " });
      expect([blank.status, blank.body]).toEqual([422, { message: "Title must not be blank, Title is invalid", attributes: ["title"] }]);
      for (const title of ["a", "-vip", "vip customers", "vip!", "_x"]) {
        const answer = await admin1.post(LABELS, { title });
        expect([title, answer.status, answer.body]).toEqual([title, 422, { message: "Title is invalid", attributes: ["title"] }]);
      }
      for (const title of ["ab", "é-2", "level_1", "42"]) expect((await admin1.post(LABELS, { title })).status).toBe(200);
      expect(await titles()).toEqual(["42", "ab", "level_1", "é-2"]);
    });

    it("requires the label parameters and answers 500 for a null colour", async () => {
      const missing = await admin1.post(LABELS, { unrelated: 1 });
      expect([missing.status, missing.body]).toEqual([422, { error: "param is missing or the value is empty: label" }]);
      expect((await admin1.post(LABELS, { title: "x1", color: null })).status).toBe(500);
      expect(sandbox().control.snapshot().labels).toEqual([]);
    });

    it("is administrator-only", async () => {
      const answer = await agent1.post(LABELS, { title: "vip" });
      expect([answer.status, answer.body]).toEqual([401, NOT_AUTHORIZED]);
      expect(sandbox().control.snapshot().labels).toEqual([]);
    });
  });

  describe("GET", () => {
    it("lists the account's labels in {payload} ordered by title, for any member", async () => {
      await create({ title: "support" });
      await create({ title: "billing" });
      await admin2.post(LABELS_2, { title: "other" });
      const answer = await agent1.get(LABELS);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ payload: [expect.objectContaining({ id: 2, title: "billing" }), expect.objectContaining({ id: 1, title: "support" })] });
    });

    it("shows one to administrators; lookup comes before the role check", async () => {
      const label = await create({ title: "vip" });
      expect((await admin1.get(`${LABELS}/${label.id}`)).body).toEqual(label);
      expect(outcome(await agent1.get(`${LABELS}/${label.id}`))).toEqual([401, NOT_AUTHORIZED]);
      const foreign = (await admin2.post(LABELS_2, { title: "foreign" })).body as Label;
      for (const id of [99, foreign.id]) {
        for (const client of [admin1, agent1]) {
          const answer = await client.get(`${LABELS}/${id}`);
          expect([answer.status, answer.body]).toEqual([404, NOT_FOUND]);
        }
      }
    });
  });

  describe("PATCH", () => {
    it("changes the keys sent and validates like create", async () => {
      const label = await create({ title: "vip", color: "#000000" });
      const answer = await admin1.patch(`${LABELS}/${label.id}`, { title: "Gold", show_on_sidebar: false });
      expect([answer.status, answer.body]).toEqual([200, { ...label, title: "gold", show_on_sidebar: false }]);
      await create({ title: "silver" });
      const taken = await admin1.put(`${LABELS}/${label.id}`, { title: "SILVER" });
      expect([taken.status, taken.body]).toEqual([422, { message: "Title has already been taken", attributes: ["title"] }]);
      expect(await titles()).toEqual(["gold", "silver"]);
    });

    it("answers 404 for another account's label and 401 for agents", async () => {
      const label = await create({ title: "vip" });
      const foreign = (await admin2.post(LABELS_2, { title: "vip" })).body as Label;
      expect((await admin1.patch(`${LABELS}/${foreign.id}`, { title: "x1" })).status).toBe(404);
      expect((await agent1.patch(`${LABELS}/${label.id}`, { title: "x1" })).status).toBe(401);
      expect(await titles()).toEqual(["vip"]);
    });
  });

  describe("DELETE", () => {
    it("answers an empty 200, administrators only, and the label is gone", async () => {
      const label = await create({ title: "vip" });
      expect((await agent1.delete(`${LABELS}/${label.id}`)).status).toBe(401);
      const answer = await admin1.delete(`${LABELS}/${label.id}`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect((await admin1.get(`${LABELS}/${label.id}`)).status).toBe(404);
      expect((await admin1.delete(`${LABELS}/${label.id}`)).status).toBe(404);
    });
  });

  it("applies a create whose answer is lost (the label is there on the next read)", async () => {
    sandbox().control.inject({ method: "POST", path: "/api/v1/accounts/:account/labels", kind: "lost-response" });
    await expect(admin1.post(LABELS, { title: "vip" })).rejects.toThrow();
    expect(await titles()).toEqual(["vip"]);
    expect(sandbox().control.log().at(-2)).toMatchObject({ method: "POST", status: 0, fault: "lost-response" });
  });
});
