/**
 * Automation rules, each case written from the upstream file it names (upstream at fd5ac2a8a):
 * spec/controllers/api/v1/accounts/automation_rules_controller_spec.rb, app/models/automation_rule.rb
 * (validations and allowlists), app/controllers/concerns/attachment_concern.rb,
 * app/models/application_record.rb (length limits), and the answers as
 * app/views/api/v1/accounts/automation_rules/{index,show,create,update,clone}.json.jbuilder and
 * partials/_automation_rule.json.jbuilder render them.
 */
import { MODES, outcome, seedClients, useSandbox } from "./http";

const RULES = "/api/v1/accounts/1/automation_rules";
type Rule = Record<string, unknown> & { id: number };

const condition = (attribute_key: string, query_operator: string | null = null, extra: Record<string, unknown> = {}) => ({
  attribute_key,
  filter_operator: "equal_to",
  values: ["x"],
  query_operator,
  ...extra,
});

const validRule = {
  name: "Tag billing",
  description: "Labels billing conversations",
  event_name: "conversation_created",
  conditions: [condition("content", "and", { custom_attribute_type: "", ui_hint: "kept" }), condition("status")],
  actions: [{ action_name: "add_label", action_params: ["billing"] }],
};

const INTERNAL_ERROR = { status: 500, error: "Internal Server Error" };

describe.each(MODES)("automation rules (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (rule: Record<string, unknown> = validRule) => (await admin1.post(RULES, rule)).body as Rule;

  describe("POST", () => {
    // create.json.jbuilder renders the partial bare: exactly its keys, `created_on` from `created_at.to_i`.
    it("answers the bare rule, storing conditions and actions raw", async () => {
      const before = Math.floor(Date.now() / 1000);
      const answer = await admin1.post(RULES, validRule);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ id: 1, account_id: 1, ...validRule, created_on: expect.any(Number), active: true });
      expect(Object.keys(answer.body as Rule)).toEqual(["id", "account_id", "name", "description", "event_name", "conditions", "actions", "created_on", "active"]);
      const createdOn = (answer.body as Rule).created_on as number;
      expect(createdOn).toBeGreaterThanOrEqual(before);
      expect(createdOn).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    });

    it("accepts any event_name, filter operator and values, and empty lists", async () => {
      const answer = await admin1.post(RULES, { name: "Odd", event_name: "never_fired", conditions: [], actions: [], active: false });
      expect(answer.body).toMatchObject({ event_name: "never_fired", conditions: [], actions: [], active: false });
    });

    it("lists unsupported attribute keys and action names in the hash-of-arrays error", async () => {
      const answer = await admin1.post(RULES, {
        ...validRule,
        conditions: [condition("shoe_size", "OR"), condition("planet")],
        actions: [{ action_name: "launch_rocket", action_params: [] }, { action_name: "add_label", action_params: ["x"] }],
      });
      expect([answer.status, answer.body]).toEqual([
        422,
        { error: { conditions: ["Automation conditions shoe_size,planet not supported."], actions: ["Automation actions launch_rocket not supported."] } },
      ]);
      expect(sandbox().control.snapshot().automation_rules).toEqual([]);
    });

    it("accepts the account's custom attribute keys as condition attributes", async () => {
      expect((await admin1.post(RULES, { ...validRule, conditions: [condition("plan")] })).status).toBe(422);
      await admin1.post("/api/v1/accounts/1/custom_attribute_definitions", { attribute_display_name: "Plan", attribute_key: "plan", attribute_model: 1 });
      expect((await admin1.post(RULES, { ...validRule, conditions: [condition("plan")] })).status).toBe(200);
      // Another account's keys do not count.
      expect((await admin2.post("/api/v1/accounts/2/automation_rules", { ...validRule, conditions: [condition("plan")] })).status).toBe(422);
    });

    it("enforces the query_operator rules: at most one null, AND/OR in any case, blank allowed", async () => {
      const twoNulls = await admin1.post(RULES, { ...validRule, conditions: [condition("content"), condition("status")] });
      expect(twoNulls.body).toEqual({ error: { conditions: ["Automation conditions should have query operator."] } });
      const xor = await admin1.post(RULES, { ...validRule, conditions: [condition("content", "xor"), condition("status")] });
      expect(xor.body).toEqual({ error: { conditions: ['Query operator must be either "AND" or "OR"'] } });
      const nilString = await admin1.post(RULES, { ...validRule, conditions: [condition("content", "nil"), condition("status")] });
      expect(nilString.status).toBe(422);
      const fine = await admin1.post(RULES, { ...validRule, conditions: [condition("content", "Or"), condition("email", ""), condition("status")] });
      expect(fine.status).toBe(200);
      expect(((fine.body as Rule).conditions as { query_operator: unknown }[]).map((c) => c.query_operator)).toEqual(["Or", "", null]);
    });

    it("answers 500 where the server would crash: missing name, event_name, conditions or actions", async () => {
      for (const missing of ["name", "event_name", "conditions", "actions"]) {
        const rule: Record<string, unknown> = { ...validRule };
        delete rule[missing];
        const answer = await admin1.post(RULES, rule);
        expect([missing, answer.status, answer.body]).toEqual([missing, 500, INTERNAL_ERROR]);
      }
      expect((await admin1.post(RULES, { ...validRule, conditions: [{ attribute_key: "status", query_operator: 1 }] })).status).toBe(500);
      expect(sandbox().control.snapshot().automation_rules).toEqual([]);
    });

    // app/models/automation_rule.rb: `conditions_attributes` and `actions_attributes` at fd5ac2a8a.
    it.each([
      ["the condition company", { conditions: [condition("company")] }, 200],
      ["the action pending_conversation", { actions: [{ action_name: "pending_conversation" }] }, 200],
      ["the condition private_note (later builds)", { conditions: [condition("private_note")] }, 422],
      ["the condition company_name (later builds)", { conditions: [condition("company_name")] }, 422],
    ])("takes the allowlists of fd5ac2a8a: %s", async (_what, change, status) => {
      expect((await admin1.post(RULES, { ...validRule, ...change })).status).toBe(status);
    });

    it("neither takes nor renders a later build's execution_delay", async () => {
      const rule = (await admin1.post(RULES, { ...validRule, execution_delay: 30 })).body as Rule;
      expect(rule).not.toHaveProperty("execution_delay");
      expect(sandbox().control.snapshot().automation_rules[0]).not.toHaveProperty("execution_delay");
    });

    // "returns error for invalid attachment blob_id": AttachmentConcern runs before anything else.
    it.each([
      ["an unsigned blob id", [{ action_name: "send_attachment", action_params: ["nope"] }], [422, { error: "Invalid attachment" }]],
      ["a blob id beside an unsupported action", [{ action_name: "teleport" }, { action_name: "send_attachment", action_params: [7] }], [422, { error: "Invalid attachment" }]],
      ["no parameters (`nil.first`)", [{ action_name: "send_attachment" }], [500, INTERNAL_ERROR]],
    ])("checks send_attachment actions first: %s", async (_what, actions, answer) => {
      expect(outcome(await admin1.post(RULES, { ...validRule, name: null, actions }))).toEqual(answer);
      expect(sandbox().control.snapshot().automation_rules).toEqual([]);
    });

    // app/models/application_record.rb: string columns hold 255 characters, text columns 20,000.
    it.each([
      ["name", { name: "n".repeat(256) }, { name: ["is too long (maximum is 255 characters)"] }],
      ["event_name", { event_name: "e".repeat(256) }, { event_name: ["is too long (maximum is 255 characters)"] }],
      ["description", { description: "d".repeat(20_001) }, { description: ["is too long (maximum is 20000 characters)"] }],
    ])("refuses a %s over its column's length, before the other errors", async (_field, change, error) => {
      const answer = await admin1.post(RULES, { ...validRule, ...change, conditions: [condition("shoe_size")] });
      expect(outcome(answer)).toEqual([422, { error: { ...error, conditions: ["Automation conditions shoe_size not supported."] } }]);
      expect((await admin1.post(RULES, { ...validRule, name: "n".repeat(255), description: "d".repeat(20_000) })).status).toBe(200);
    });
  });

  describe("GET", () => {
    it("lists in {payload:[...]} and shows in {payload: rule}, scoped to the account", async () => {
      const first = await create();
      await create({ ...validRule, name: "Second" });
      await admin2.post("/api/v1/accounts/2/automation_rules", { ...validRule, name: "Elsewhere" });
      const list = (await admin1.get(RULES)).body as { payload: Rule[] };
      expect(list.payload.map((r) => r.name)).toEqual(["Tag billing", "Second"]);
      expect((await admin1.get(`${RULES}/${first.id}`)).body).toEqual({ payload: first });
    });

    it("answers 500 for unknown ids and for another account's rule (as upstream through 4.17)", async () => {
      const foreign = (await admin2.post("/api/v1/accounts/2/automation_rules", validRule)).body as Rule;
      for (const id of [99, foreign.id, "abc"]) {
        const answer = await admin1.get(`${RULES}/${id}`);
        expect([answer.status, answer.body]).toEqual([500, INTERNAL_ERROR]);
      }
    });
  });

  describe("PATCH", () => {
    it("changes only the keys sent, replacing conditions whole", async () => {
      const rule = await create();
      const conditions = [condition("priority", null, { values: ["urgent"] })];
      const answer = await admin1.patch(`${RULES}/${rule.id}`, { active: false, conditions });
      expect(answer.status).toBe(200);
      const expected = { ...rule, active: false, conditions };
      expect(answer.body).toEqual({ payload: mode === "documented" ? [expected] : expected });
      expect((await admin1.get(`${RULES}/${rule.id}`)).body).toEqual({ payload: expected });
    });

    it("clears actions with an empty list and leaves them alone when null", async () => {
      const rule = await create();
      await admin1.patch(`${RULES}/${rule.id}`, { actions: null, name: "Still here" });
      expect(sandbox().control.snapshot().automation_rules[0]).toMatchObject({ name: "Still here", actions: validRule.actions });
      await admin1.patch(`${RULES}/${rule.id}`, { actions: [] });
      expect(sandbox().control.snapshot().automation_rules[0]?.actions).toEqual([]);
    });

    it("validates like create and changes nothing on failure", async () => {
      const rule = await create();
      const answer = await admin1.patch(`${RULES}/${rule.id}`, { name: "Changed", actions: [{ action_name: "teleport" }] });
      expect([answer.status, answer.body]).toEqual([422, { error: { actions: ["Automation actions teleport not supported."] } }]);
      expect(sandbox().control.snapshot().automation_rules[0]).toMatchObject({ name: "Tag billing", actions: validRule.actions });
    });

    it("rescues crashes inside the update into 422 with the errors collected so far", async () => {
      const rule = await create();
      const answer = await admin1.patch(`${RULES}/${rule.id}`, { name: null });
      expect([answer.status, answer.body]).toEqual([422, { error: {} }]);
      expect(sandbox().control.snapshot().automation_rules[0]?.name).toBe("Tag billing");
    });

    it("answers 500 for an unknown id", async () => {
      expect((await admin1.patch(`${RULES}/99`, { name: "x" })).body).toEqual(INTERNAL_ERROR);
    });

    // "returns error for invalid blob_id on update", and the length limits rescued like every other failure.
    it.each([
      ["an attachment that is no blob of the rule", { actions: [{ action_name: "send_attachment", action_params: [999_999] }] }, { error: "Invalid attachment" }],
      ["a name over 255 characters", { name: "n".repeat(256) }, { error: { name: ["is too long (maximum is 255 characters)"] } }],
    ])("refuses %s with 422 and changes nothing", async (_what, change, body) => {
      const rule = await create();
      expect(outcome(await admin1.patch(`${RULES}/${rule.id}`, change))).toEqual([422, body]);
      expect(sandbox().control.snapshot().automation_rules[0]).toMatchObject({ name: "Tag billing", actions: validRule.actions });
    });

    it("is also routed for PUT", async () => {
      const rule = await create();
      expect((await admin1.put(`${RULES}/${rule.id}`, { description: null })).status).toBe(200);
      expect(sandbox().control.snapshot().automation_rules[0]?.description).toBeNull();
    });
  });

  describe("DELETE and clone", () => {
    it("deletes with an empty 200; unknown ids are 500", async () => {
      const rule = await create();
      const answer = await admin1.delete(`${RULES}/${rule.id}`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect((await admin1.delete(`${RULES}/${rule.id}`)).status).toBe(500);
    });

    it("clones a rule into {payload: copy} with a new id", async () => {
      const rule = await create();
      const answer = await admin1.post(`${RULES}/${rule.id}/clone`);
      const { id, created_on: _createdOn, ...rest } = rule;
      expect(answer.body).toEqual({ payload: { ...rest, id: id + 1, created_on: expect.any(Number) } });
      expect((await admin1.post(`${RULES}/99/clone`)).status).toBe(500);
    });
  });

  describe("roles", () => {
    it("refuses agents on every action before looking the rule up", async () => {
      const rule = await create();
      const attempts = [
        agent1.get(RULES),
        agent1.post(RULES, validRule),
        agent1.get(`${RULES}/${rule.id}`),
        agent1.patch(`${RULES}/${rule.id}`, { name: "x" }),
        agent1.delete(`${RULES}/${rule.id}`),
        agent1.post(`${RULES}/${rule.id}/clone`),
        agent1.get(`${RULES}/999`),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to do this action" }]);
      }
      expect(sandbox().control.snapshot().automation_rules).toHaveLength(1);
    });
  });
});
