/**
 * Macros, each case written from the upstream file it names (upstream at fd5ac2a8a):
 * spec/controllers/api/v1/accounts/macros_controller_spec.rb, spec/models/macro_spec.rb,
 * app/policies/macro_policy.rb, app/controllers/concerns/attachment_concern.rb,
 * app/models/application_record.rb; the answers as app/views/api/v1/models/_macro.json.jbuilder
 * renders them.
 */
import { as, MODES, outcome, seedClients, useSandbox } from "./http";

const MACROS = "/api/v1/accounts/1/macros";
const MACROS_2 = "/api/v1/accounts/2/macros";
type Macro = { id: number; name: string; visibility: string | null; actions: unknown } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const INTERNAL_ERROR = { status: 500, error: "Internal Server Error" };
const triage = {
  name: "Triage",
  visibility: "global",
  actions: [
    { action_name: "assign_team", action_params: [1] },
    { action_name: "add_label", action_params: ["vip", "billing"] },
    { action_name: "resolve_conversation" },
  ],
};

describe.each(MODES)("macros (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2, anonymous } = seedClients(sandbox);
  const payloadOf = (body: unknown) => (body as { payload: Macro }).payload;
  const create = async (client = admin1, body: Record<string, unknown> = triage) => payloadOf((await client.post(MACROS, body)).body);
  const listed = async (client = admin1) => ((await client.get(MACROS)).body as { payload: Macro[] }).payload.map((m) => m.id);

  describe("POST", () => {
    it("creates and answers {payload: macro} with the author as agents", async () => {
      const answer = await admin1.post(MACROS, triage);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        payload: {
          id: 1,
          name: "Triage",
          visibility: "global",
          created_by: expect.objectContaining({ id: 1, name: "Alice Admin", role: "administrator", account_id: 1 }),
          updated_by: expect.objectContaining({ id: 1 }),
          account_id: 1,
          actions: triage.actions,
        },
      });
      expect(sandbox().control.snapshot().macros).toEqual([{ id: 1, account_id: 1, name: "Triage", visibility: "global", actions: triage.actions, created_by_id: 1, updated_by_id: 1 }]);
    });

    it("stores the actions exactly as sent, extra keys and object params included", async () => {
      const actions = [{ action_name: "send_webhook_event", action_params: [{ url: "https://x.test" }], note: "kept" }];
      expect((await create(admin1, { name: "Raw", visibility: "personal", actions })).actions).toEqual(actions);
    });

    it("makes an agent's macro personal whatever is asked", async () => {
      const macro = await create(agent1, { ...triage, visibility: "global" });
      expect([macro.visibility, (macro.created_by as { id: number }).id]).toEqual(["personal", 2]);
    });

    it("stores a null visibility when none is sent, and lists such a macro to nobody", async () => {
      const macro = await create(admin1, { name: "Hidden", actions: [] });
      expect(macro.visibility).toBeNull();
      expect(await listed()).toEqual([]);
      expect((await admin1.get(`${MACROS}/${macro.id}`)).status).toBe(200);
    });

    it("refuses unsupported actions with the controller's error hash", async () => {
      const answer = await admin1.post(MACROS, { name: "Bad", actions: [{ action_name: "send_email_to_team" }, { action_name: "add_label" }, { action_params: [] }] });
      expect(outcome(answer)).toEqual([422, { error: { actions: ["Macro execution actions send_email_to_team, not supported."] } }]);
      expect(sandbox().control.snapshot().macros).toEqual([]);
    });

    it("answers 500 for a missing name or actions and for an unknown visibility", async () => {
      for (const body of [{ actions: [] }, { name: "No actions" }, { ...triage, visibility: "public" }, { ...triage, actions: "add_label" }]) {
        expect(outcome(await admin1.post(MACROS, body))).toEqual([500, INTERNAL_ERROR]);
      }
      expect((await admin1.post(MACROS, { ...triage, visibility: 0 })).body).toMatchObject({ payload: { visibility: "personal" } });
    });
  });

  describe("GET", () => {
    it("lists global macros and the caller's personal ones, in id order, in {payload}", async () => {
      const global = await create();
      const adminPersonal = await create(admin1, { ...triage, visibility: "personal" });
      const agentPersonal = await create(agent1, triage);
      await admin2.post(MACROS_2, triage);
      expect(await listed(admin1)).toEqual([global.id, adminPersonal.id]);
      expect(await listed(agent1)).toEqual([global.id, agentPersonal.id]);
    });

    it("shows a global macro to anyone and a personal one to its author only", async () => {
      const global = await create();
      const personal = await create(agent1, triage);
      expect(outcome(await agent1.get(`${MACROS}/${global.id}`))).toEqual([200, { payload: global }]);
      expect((await agent1.get(`${MACROS}/${personal.id}`)).status).toBe(200);
      expect(outcome(await admin1.get(`${MACROS}/${personal.id}`))).toEqual([401, NOT_AUTHORIZED]);
    });

    it("answers an empty 404 for unknown and foreign ids", async () => {
      const foreign = payloadOf((await admin2.post(MACROS_2, triage)).body);
      for (const id of [99, foreign.id]) {
        const answer = await admin1.get(`${MACROS}/${id}`);
        expect([answer.status, answer.text]).toEqual([404, ""]);
      }
      expect((await anonymous.get(`${MACROS}/99`)).status).toBe(401);
    });
  });

  describe("PATCH", () => {
    // "Updates the macro": `@macro.actions = actions if params[:actions]`, the request's list (PR #13115).
    it("updates, records the writer, and stores the actions exactly as sent", async () => {
      const macro = await create();
      const actions = [{ action_name: "add_label", action_params: ["gold"], note: "kept" }, { action_name: "send_webhook_event", action_params: [{ url: "x" }] }];
      const answer = await admin1.patch(`${MACROS}/${macro.id}`, { name: "Renamed", visibility: "global", actions });
      expect(answer.status).toBe(200);
      expect(payloadOf(answer.body)).toMatchObject({ name: "Renamed", visibility: "global", actions });
      expect(payloadOf((await admin1.patch(`${MACROS}/${macro.id}`, { name: "Again", visibility: "global" })).body).actions).toEqual(actions);
    });

    it("sets visibility to null when a PATCH does not send it", async () => {
      const macro = await create();
      expect(payloadOf((await admin1.put(`${MACROS}/${macro.id}`, { name: "x" })).body).visibility).toBeNull();
      expect(await listed()).toEqual([]);
    });

    it("answers 422 with the errors, or {} for what Ruby raises, saving nothing", async () => {
      const macro = await create();
      expect(outcome(await admin1.patch(`${MACROS}/${macro.id}`, { actions: [{ action_name: "bogus" }] }))).toEqual([422, { error: { actions: ["Macro execution actions bogus not supported."] } }]);
      for (const body of [{ visibility: "public" }, { name: null }]) expect(outcome(await admin1.patch(`${MACROS}/${macro.id}`, body))).toEqual([422, { error: {} }]);
      expect(sandbox().control.snapshot().macros).toEqual([expect.objectContaining({ name: "Triage", visibility: "global", actions: triage.actions })]);
    });

    it("lets administrators edit global macros and only authors edit personal ones", async () => {
      const global = await create();
      const personal = await create(agent1, triage);
      expect(outcome(await agent1.patch(`${MACROS}/${global.id}`, { name: "x" }))).toEqual([401, NOT_AUTHORIZED]);
      expect((await admin1.patch(`${MACROS}/${personal.id}`, { name: "x" })).status).toBe(401);
      const adminPersonal = await create(admin1, { ...triage, visibility: "personal" });
      expect((await agent1.patch(`${MACROS}/${adminPersonal.id}`, { name: "x" })).status).toBe(401);
      const own = await agent1.patch(`${MACROS}/${personal.id}`, { name: "Mine", visibility: "global" });
      expect(payloadOf(own.body)).toMatchObject({ name: "Mine", visibility: "personal", updated_by: expect.objectContaining({ id: 2 }) });
    });

    it("answers 500 for unknown and foreign ids", async () => {
      const foreign = payloadOf((await admin2.post(MACROS_2, triage)).body);
      for (const id of [99, foreign.id]) expect(outcome(await admin1.patch(`${MACROS}/${id}`, { name: "x" }))).toEqual([500, INTERNAL_ERROR]);
    });
  });

  describe("DELETE", () => {
    it("answers an empty 200 to the author, and 500 for unknown ids", async () => {
      const global = await create();
      expect((await agent1.delete(`${MACROS}/${global.id}`)).status).toBe(401);
      const answer = await admin1.delete(`${MACROS}/${global.id}`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect((await admin1.delete(`${MACROS}/${global.id}`)).status).toBe(500);
    });
  });

  // app/policies/macro_policy.rb: update? is `author? || (administrator? && global?)`, destroy? `author? || orphan_record?`
  // (an administrator, for a global macro whose author is gone). Erin (admin2) joins account 1 as a second administrator.
  describe("MacroPolicy with two administrators", () => {
    const PLATFORM_MEMBERS = "/platform/api/v1/accounts/1/account_users";
    const { platform1 } = seedClients(sandbox);
    beforeEach(async () => {
      await platform1.post(PLATFORM_MEMBERS, { user_id: 5, role: "administrator" });
    });
    /** A global macro of account 1 made by a user who is then deleted ("deletes the orphan public record with admin credentials"). */
    const orphan = async () => {
      const user = (await platform1.post("/platform/api/v1/users", { name: "Gone", email: "gone@acme.test", password: "Sup3r-secret!" })).body as { id: number; access_token: string };
      await platform1.post(PLATFORM_MEMBERS, { user_id: user.id, role: "administrator" });
      const macro = await create(as(() => sandbox().url, () => user.access_token), triage);
      await platform1.delete(`/platform/api/v1/users/${user.id}`);
      return macro;
    };

    it.each([
      ["updates", "PATCH", "another administrator's global macro", 200],
      ["deletes", "DELETE", "another administrator's global macro", 401],
      ["deletes", "DELETE", "an orphaned global macro", 200],
    ] as const)("an administrator %s %s: %s", async (_verb, method, what, status) => {
      const macro = what.startsWith("an orphaned") ? await orphan() : await create();
      const answer = await admin2.send(method, `${MACROS}/${macro.id}`, { json: { name: "Erin's", visibility: "global" } });
      expect(answer.status).toBe(status);
    });

    it("refuses an agent an orphaned global macro, and lets an author who became an agent change and delete their own", async () => {
      const macro = await orphan();
      expect(outcome(await agent1.delete(`${MACROS}/${macro.id}`))).toEqual([401, NOT_AUTHORIZED]);
      const erins = await create(admin2, triage);
      await platform1.post(PLATFORM_MEMBERS, { user_id: 5, role: "agent" });
      expect(payloadOf((await admin2.patch(`${MACROS}/${erins.id}`, { name: "Still mine", visibility: "global" })).body)).toMatchObject({ name: "Still mine", visibility: "personal" });
      expect((await admin2.delete(`${MACROS}/${erins.id}`)).status).toBe(200);
    });
  });

  // "POST /api/v1/accounts/{account.id}/macros/{macro.id}/execute": the job is queued (conversations are not modelled) and 200 answered;
  // execute? is `global? || author?`, checked only for a macro found.
  describe("POST execute", () => {
    it.each([
      ["a global macro, for any member", "global", agent1, 200],
      ["a personal macro, for its author", "personal", admin1, 200],
      ["another's personal macro", "personal", agent1, 401],
    ] as const)("runs %s", async (_what, visibility, client, status) => {
      const macro = await create(admin1, { ...triage, visibility });
      const answer = await client.post(`${MACROS}/${macro.id}/execute`, { conversation_ids: [1] });
      expect([answer.status, answer.text]).toEqual([status, status === 200 ? "" : JSON.stringify(NOT_AUTHORIZED)]);
    });

    it("answers 200 for an unknown id, and 401 without a token", async () => {
      expect(outcome(await admin1.post(`${MACROS}/99/execute`, { conversation_ids: [1] }))).toEqual([200, undefined]);
      expect((await anonymous.post(`${MACROS}/99/execute`)).status).toBe(401);
    });
  });

  // AttachmentConcern runs first on create and update; ApplicationRecord's limit on the name.
  describe("attachments and lengths", () => {
    it.each([
      ["a send_attachment action without a signed blob", { actions: [{ action_name: "send_attachment", action_params: ["invalid_blob_id"] }] }, [422, { error: "Invalid attachment" }]],
      ["a name of 256 characters", { name: "n".repeat(256) }, [422, { error: { name: ["is too long (maximum is 255 characters)"] } }]],
    ])("refuses %s on create and on update", async (_what, change, answer) => {
      expect(outcome(await admin1.post(MACROS, { ...triage, ...change }))).toEqual(answer);
      const macro = await create();
      expect(outcome(await admin1.patch(`${MACROS}/${macro.id}`, { ...triage, ...change }))).toEqual(answer);
      expect(sandbox().control.snapshot().macros).toEqual([expect.objectContaining({ name: "Triage", actions: triage.actions })]);
    });

    // Macro::ACTIONS_ATTRS at fd5ac2a8a: remove_assigned_team, not a later build's remove_assigned_agent.
    it.each([
      ["remove_assigned_team", 200],
      ["remove_assigned_agent", 422],
    ])("takes the action %s: %s", async (name, status) => {
      expect((await admin1.post(MACROS, { ...triage, actions: [{ action_name: name }] })).status).toBe(status);
    });
  });

  it("answers an injected 502 on create without applying it", async () => {
    sandbox().control.inject({ method: "POST", path: "/api/v1/accounts/:account/macros", kind: "status", status: 502 });
    expect((await admin1.post(MACROS, triage)).status).toBe(502);
    expect(sandbox().control.snapshot().macros).toEqual([]);
  });
});
