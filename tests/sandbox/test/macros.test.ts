import { MODES, outcome, seedClients, useSandbox } from "./http";

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
    it("updates, records the writer, and keeps only permitted action keys", async () => {
      const macro = await create();
      const actions = [{ action_name: "add_label", action_params: ["gold"], note: "dropped" }, { action_name: "send_webhook_event", action_params: [{ url: "x" }] }];
      const answer = await admin1.patch(`${MACROS}/${macro.id}`, { name: "Renamed", visibility: "global", actions });
      expect(answer.status).toBe(200);
      expect(payloadOf(answer.body)).toMatchObject({
        name: "Renamed",
        visibility: "global",
        actions: [{ action_name: "add_label", action_params: ["gold"] }, { action_name: "send_webhook_event" }],
      });
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
    it("answers an empty 200 under the same policy as update, and 500 for unknown ids", async () => {
      const global = await create();
      expect((await agent1.delete(`${MACROS}/${global.id}`)).status).toBe(401);
      const answer = await admin1.delete(`${MACROS}/${global.id}`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect((await admin1.delete(`${MACROS}/${global.id}`)).status).toBe(500);
    });
  });

  it("answers an injected 502 on create without applying it", async () => {
    sandbox().control.inject({ method: "POST", path: "/api/v1/accounts/:account/macros", kind: "status", status: 502 });
    expect((await admin1.post(MACROS, triage)).status).toBe(502);
    expect(sandbox().control.snapshot().macros).toEqual([]);
  });
});
