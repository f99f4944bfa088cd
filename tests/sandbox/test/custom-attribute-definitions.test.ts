/**
 * Custom attribute definitions, each case written from upstream: spec/controllers/api/v1/accounts/custom_attribute_definitions_controller_spec.rb
 * and app/views/api/v1/models/_custom_attribute_definition.json.jbuilder at fd5ac2a8a, with the later build the sandbox plays for the
 * role check, the key's format and company attributes (sdk/sandbox/models/custom-attribute-definitions.ts says how fd5ac2a8a differs).
 */
import { MODES, request, seedClients, useSandbox } from "./http";

const DEFINITIONS = "/api/v1/accounts/1/custom_attribute_definitions";
type Definition = Record<string, unknown> & { id: number };

const plan = { attribute_display_name: "Plan", attribute_key: "plan", attribute_display_type: 6, attribute_model: 1, attribute_values: ["free", "pro"] };
const INTERNAL_ERROR = { status: 500, error: "Internal Server Error" };
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(MODES)("custom attribute definitions (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown> = plan) => (await admin1.post(DEFINITIONS, body)).body as Definition;

  describe("POST", () => {
    it("creates from integer enums and answers them as names (the documented shape too)", async () => {
      const answer = await admin1.post(DEFINITIONS, plan);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        id: 1,
        attribute_display_name: "Plan",
        attribute_display_type: "list",
        attribute_description: null,
        attribute_key: "plan",
        regex_pattern: null,
        regex_cue: null,
        attribute_values: ["free", "pro"],
        attribute_model: "contact_attribute",
        default_value: null,
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      });
    });

    it("accepts enum names, nested or flat bodies, and ignores default_value", async () => {
      const definition = await create({ custom_attribute_definition: { attribute_display_name: "Tier", attribute_key: "tier", attribute_display_type: "number", attribute_model: "company_attribute", regex_pattern: "^\\d+$", regex_cue: "digits" }, default_value: 3 });
      expect(definition).toMatchObject({ attribute_display_type: "number", attribute_model: "company_attribute", regex_pattern: "^\\d+$", regex_cue: "digits", default_value: null });
    });

    it("defaults to a text conversation attribute", async () => {
      expect(await create({ attribute_display_name: "Order", attribute_key: "order_id" })).toMatchObject({ attribute_display_type: "text", attribute_model: "conversation_attribute", attribute_values: [] });
    });

    it("answers 500 for a digit string, an unknown name or an out-of-range integer enum", async () => {
      for (const bad of [{ attribute_model: "1" }, { attribute_display_type: "dropdown" }, { attribute_display_type: 8 }, { attribute_model: 3 }]) {
        const answer = await admin1.post(DEFINITIONS, { ...plan, ...bad });
        expect([answer.status, answer.body]).toEqual([500, INTERNAL_ERROR]);
      }
    });

    it("answers 500 for the digit strings a form post sends", async () => {
      const raw = "custom_attribute_definition[attribute_display_name]=Plan&custom_attribute_definition[attribute_key]=plan&custom_attribute_definition[attribute_model]=1";
      const answer = await request(sandbox().url, "POST", DEFINITIONS, { token: sandbox().info.accounts[0]?.adminToken ?? "", raw, headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(answer.status).toBe(500);
    });

    it("answers ParameterMissing for a body without definition attributes", async () => {
      const answer = await admin1.post(DEFINITIONS, { unrelated: 1 });
      expect([answer.status, answer.body]).toEqual([422, { error: "param is missing or the value is empty: custom_attribute_definition" }]);
    });

    it("keeps keys unique per account and model", async () => {
      await create();
      const duplicate = await admin1.post(DEFINITIONS, plan);
      expect([duplicate.status, duplicate.body]).toEqual([422, { message: "Attribute key has already been taken", attributes: ["attribute_key"] }]);
      expect((await admin1.post(DEFINITIONS, { ...plan, attribute_model: 0 })).status).toBe(200);
      expect((await admin2.post("/api/v1/accounts/2/custom_attribute_definitions", plan)).status).toBe(200);
    });

    it("refuses standard attribute keys of the model on create", async () => {
      const answer = await admin1.post(DEFINITIONS, { attribute_display_name: "Email", attribute_key: "email", attribute_model: "contact_attribute" });
      expect([answer.status, answer.body]).toEqual([422, { message: "Attribute key The provided key is not allowed as it might conflict with default attributes.", attributes: ["attribute_key"] }]);
      expect((await admin1.post(DEFINITIONS, { attribute_display_name: "Email", attribute_key: "email", attribute_model: 0 })).status).toBe(200);
    });

    it("strips the key and display name, and checks the key's format", async () => {
      expect(await create({ attribute_display_name: "  Region ", attribute_key: " région-1.b " })).toMatchObject({ attribute_display_name: "Region", attribute_key: "région-1.b" });
      const bad = await admin1.post(DEFINITIONS, { attribute_display_name: "Bad", attribute_key: "bad key!" });
      expect([bad.status, bad.body]).toEqual([422, { message: "Attribute key must only contain letters, numbers, underscores, hyphens, and dots", attributes: ["attribute_key"] }]);
    });

    it("requires a display name and a key", async () => {
      const answer = await admin1.post(DEFINITIONS, { attribute_display_name: "", attribute_key: null, attribute_model: 0 });
      expect(answer.body).toEqual({
        message: "Attribute display name can't be blank, Attribute key can't be blank, Attribute key must only contain letters, numbers, underscores, hyphens, and dots",
        attributes: ["attribute_display_name", "attribute_key"],
      });
    });

    it("requires the enums when sent as null", async () => {
      const answer = await admin1.post(DEFINITIONS, { ...plan, attribute_model: null });
      expect([answer.status, answer.body]).toEqual([422, { message: "Attribute model can't be blank", attributes: ["attribute_model"] }]);
    });
  });

  describe("GET", () => {
    it("lists a bare array of every model by default, filtered by name or integer", async () => {
      await create();
      await create({ attribute_display_name: "Order", attribute_key: "order_id", attribute_model: 0 });
      await admin2.post("/api/v1/accounts/2/custom_attribute_definitions", { ...plan, attribute_key: "other" });
      const keys = async (query: string) => ((await agent1.get(`${DEFINITIONS}${query}`)).body as Definition[]).map((d) => d.attribute_key);
      expect(await keys("")).toEqual(["plan", "order_id"]);
      expect(await keys("?attribute_model=contact_attribute")).toEqual(["plan"]);
      expect(await keys("?attribute_model=0")).toEqual(["order_id"]);
      expect(await keys("?attribute_model=nonsense")).toEqual([]);
    });

    it("shows one to any member; unknown and foreign ids are 404", async () => {
      const definition = await create();
      expect((await agent1.get(`${DEFINITIONS}/${definition.id}`)).body).toEqual(definition);
      const foreign = (await admin2.post("/api/v1/accounts/2/custom_attribute_definitions", plan)).body as Definition;
      for (const id of [99, foreign.id]) {
        const answer = await admin1.get(`${DEFINITIONS}/${id}`);
        expect([answer.status, answer.body]).toEqual([404, { error: "Resource could not be found" }]);
      }
    });
  });

  describe("PATCH", () => {
    it("changes only the keys sent and moves updated_at", async () => {
      const definition = await create();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const answer = await admin1.patch(`${DEFINITIONS}/${definition.id}`, { attribute_description: "Billing plan", attribute_values: ["free", "pro", "enterprise"] });
      expect(answer.status).toBe(200);
      const updated = answer.body as Definition;
      expect(updated).toEqual({ ...definition, attribute_description: "Billing plan", attribute_values: ["free", "pro", "enterprise"], updated_at: expect.any(String) });
      expect(Date.parse(updated.updated_at as string)).toBeGreaterThan(Date.parse(definition.updated_at as string));
    });

    it("may change key and model, skipping the standard-key check but not uniqueness", async () => {
      const definition = await create();
      expect((await admin1.patch(`${DEFINITIONS}/${definition.id}`, { attribute_key: "email" })).body).toMatchObject({ attribute_key: "email" });
      const other = await create({ ...plan, attribute_key: "tier" });
      expect((await admin1.patch(`${DEFINITIONS}/${other.id}`, { attribute_key: "email" })).status).toBe(422);
    });

    it("answers 404 for unknown ids and 401 for agents", async () => {
      const definition = await create();
      expect((await admin1.patch(`${DEFINITIONS}/99`, { attribute_description: "x" })).status).toBe(404);
      const answer = await agent1.patch(`${DEFINITIONS}/${definition.id}`, { attribute_description: "x" });
      expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to do this action" }]);
    });
  });

  describe("DELETE", () => {
    it("answers 204 with no body, administrators only", async () => {
      const definition = await create();
      expect((await agent1.delete(`${DEFINITIONS}/${definition.id}`)).status).toBe(401);
      const answer = await admin1.delete(`${DEFINITIONS}/${definition.id}`);
      expect([answer.status, answer.text]).toEqual([204, ""]);
      expect((await admin1.get(`${DEFINITIONS}/${definition.id}`)).status).toBe(404);
    });

    it("refuses agents on create before anything else", async () => {
      expect((await agent1.post(DEFINITIONS, plan)).status).toBe(401);
      expect(sandbox().control.snapshot().custom_attribute_definitions).toEqual([]);
    });
  });
});
