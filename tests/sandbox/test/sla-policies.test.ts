/**
 * SLA policies (Enterprise), each case written from the upstream file it names (upstream at
 * fd5ac2a8a): spec/enterprise/controllers/api/v1/accounts/sla_policies_controller_spec.rb,
 * enterprise/app/models/sla_policy.rb, app/models/application_record.rb; the answers as
 * enterprise/app/views/api/v1/models/_sla_policy.json.jbuilder renders them. The feature guard is a
 * later build's (see sdk/sandbox/models/sla-policies.ts).
 */
import { outcome, seedClients, useSandbox } from "./http";

const POLICIES = "/api/v1/accounts/1/sla_policies";
const POLICIES_2 = "/api/v1/accounts/2/sla_policies";
type Policy = { id: number; name: string } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const INTERNAL = { status: 500, error: "Internal Server Error" };

const gold = {
  name: "Gold",
  description: "Enterprise customers",
  first_response_time_threshold: 3600,
  next_response_time_threshold: 7200,
  resolution_time_threshold: 86400,
  only_during_business_hours: true,
};

describe("SLA policies (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => ((await admin1.post(POLICIES, body)).body as { payload: Policy }).payload;

  // "creates the sla_policy"; the partial's keys in its order.
  it("creates from flat or nested parameters and answers {payload: policy}, thresholds in seconds", async () => {
    const flat = await admin1.post(POLICIES, gold);
    expect(outcome(flat)).toEqual([200, { payload: { id: 1, ...gold } }]);
    expect(Object.keys((flat.body as { payload: Policy }).payload)).toEqual([
      "id", "name", "description", "first_response_time_threshold", "next_response_time_threshold", "resolution_time_threshold", "only_during_business_hours",
    ]);
    const nested = await admin1.post(POLICIES, { sla_policy: { name: "Silver", first_response_time_threshold: "1800", ignored: 1 } });
    expect(nested.body).toEqual({
      payload: {
        id: 2,
        name: "Silver",
        description: null,
        first_response_time_threshold: 1800,
        next_response_time_threshold: null,
        only_during_business_hours: false,
        resolution_time_threshold: null,
      },
    });
  });

  it("validates only the name's presence; thresholds take any number, as float columns", async () => {
    expect(outcome(await admin1.post(POLICIES, { name: " ", first_response_time_threshold: 60 }))).toEqual([
      422,
      { message: "Name can't be blank", attributes: ["name"] },
    ]);
    expect(outcome(await admin1.post(POLICIES, { unrelated: "x" }))).toEqual([422, { error: "param is missing or the value is empty: sla_policy" }]);
    const odd = await create({ name: "Odd", first_response_time_threshold: -5, next_response_time_threshold: 1.5, resolution_time_threshold: "90abc" });
    expect(odd).toMatchObject({ first_response_time_threshold: -5, next_response_time_threshold: 1.5, resolution_time_threshold: 90 });
  });

  // app/models/application_record.rb: name and description are string columns (255 characters).
  it.each([
    ["name", { name: "n".repeat(256) }],
    ["description", { name: "Long", description: "d".repeat(256) }],
  ])("refuses a %s over 255 characters", async (field, body) => {
    expect(outcome(await admin1.post(POLICIES, body))).toEqual([422, { message: `${field[0]?.toUpperCase()}${field.slice(1)} is too long (maximum is 255 characters)`, attributes: [field] }]);
  });

  it("lists the account's policies in {payload} for every member, and shows one", async () => {
    const a = await create(gold);
    await admin2.post(POLICIES_2, { name: "Other account" });
    expect(outcome(await agent1.get(POLICIES))).toEqual([200, { payload: [a] }]);
    expect(outcome(await agent1.get(`${POLICIES}/${a.id}`))).toEqual([200, { payload: a }]);
  });

  // "updates the sla_policy": `update!(permitted_params)`, the same parameters as create at fd5ac2a8a.
  it("updates what is sent, thresholds and the business-hours flag included, administrators only", async () => {
    const a = await create(gold);
    expect(outcome(await agent1.patch(`${POLICIES}/${a.id}`, { name: "Mine" }))).toEqual([401, NOT_AUTHORIZED]);
    const updated = await admin1.put(`${POLICIES}/${a.id}`, { description: "Renewed", resolution_time_threshold: 172800, only_during_business_hours: false });
    expect(outcome(updated)).toEqual([200, { payload: { ...a, description: "Renewed", resolution_time_threshold: 172800, only_during_business_hours: false } }]);
    expect(outcome(await admin1.patch(`${POLICIES}/${a.id}`, { name: "" }))).toEqual([422, { message: "Name can't be blank", attributes: ["name"] }]);
  });

  it("renders a missing or foreign id as nil: 500 on show and update, 200 on destroy", async () => {
    const foreign = ((await admin2.post(POLICIES_2, { name: "Foreign" })).body as { payload: Policy }).payload;
    for (const id of [99, foreign.id]) {
      expect(outcome(await admin1.get(`${POLICIES}/${id}`))).toEqual([500, INTERNAL]);
      expect(outcome(await admin1.patch(`${POLICIES}/${id}`, { name: "x" }))).toEqual([500, INTERNAL]);
      expect((await admin1.delete(`${POLICIES}/${id}`)).status).toBe(200);
    }
    expect(sandbox().control.snapshot().sla_policies.map((p) => p.id)).toEqual([foreign.id]);
  });

  it("deletes with an empty 200, administrators only", async () => {
    const a = await create(gold);
    expect(outcome(await agent1.delete(`${POLICIES}/${a.id}`))).toEqual([401, NOT_AUTHORIZED]);
    const deleted = await admin1.delete(`${POLICIES}/${a.id}`);
    expect([deleted.status, deleted.text]).toEqual([200, ""]);
    expect(sandbox().control.snapshot().sla_policies).toEqual([]);
  });

  it("answers 401 to every action, before any lookup, in an account without the sla feature", async () => {
    const a = await create(gold);
    expect(sandbox().control.setFeatures(1, { sla: false })).toEqual(["captain_integration", "custom_roles", "custom_tools", "saml"]);
    for (const reply of [
      await admin1.get(POLICIES),
      await admin1.get(`${POLICIES}/${a.id}`),
      await admin1.post(POLICIES, gold),
      await admin1.patch(`${POLICIES}/${a.id}`, { name: "x" }),
      await admin1.delete(`${POLICIES}/${a.id}`),
      await admin1.get(`${POLICIES}/99`),
    ]) {
      expect(outcome(reply)).toEqual([401, NOT_AUTHORIZED]);
    }
    // The other account keeps its feature.
    expect((await admin2.get(POLICIES_2)).status).toBe(200);
    sandbox().control.reset();
    expect((await admin1.get(POLICIES)).status).toBe(200);
  });

  it("has no route on a community server: Rails' routing 404 before authentication", async () => {
    sandbox().control.setEdition("community");
    for (const [client, method, path] of [
      [admin1, "GET", POLICIES],
      [admin1, "POST", POLICIES],
      [admin1, "GET", `${POLICIES}/1`],
      [admin1, "PATCH", `${POLICIES}/1`],
      [admin1, "DELETE", `${POLICIES}/1`],
      [agent1, "GET", POLICIES],
    ] as const) {
      expect([method, path, outcome(await client.send(method, path, method === "GET" ? {} : { json: gold }))]).toEqual([method, path, [404, { status: 404, error: "Not Found" }]]);
    }
    sandbox().control.setEdition("enterprise");
    expect((await admin1.get(POLICIES)).status).toBe(200);
  });
});
