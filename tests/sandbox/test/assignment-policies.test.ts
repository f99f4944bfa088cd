/**
 * Assignment policies and an inbox's link to one, each case written from the upstream request spec
 * it names (upstream at fd5ac2a8a): spec/controllers/api/v1/accounts/assignment_policies_controller_spec.rb,
 * spec/controllers/api/v1/accounts/assignment_policies/inboxes_controller_spec.rb and
 * spec/controllers/api/v1/accounts/inboxes/assignment_policies_controller_spec.rb; the answers as
 * app/views/api/v1/accounts/assignment_policies/_assignment_policy.json.jbuilder renders them.
 */
import { outcome, seedClients, useSandbox } from "./http";

const POLICIES = "/api/v1/accounts/1/assignment_policies";
const POLICIES_2 = "/api/v1/accounts/2/assignment_policies";
const linkOf = (inbox: number) => `/api/v1/accounts/1/inboxes/${inbox}/assignment_policy`;
type Policy = { id: number; name: string; assigned_inbox_count: number } & Record<string, unknown>;
const inboxesOf = (id: number) => `${POLICIES}/${id}/inboxes`;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };

describe("assignment policies", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => (await admin1.post(POLICIES, body)).body as Policy;

  // "creates a new assignment policy" and the model's column defaults.
  it("creates from flat or nested parameters with the columns' defaults, and answers the policy with its inbox count and epoch-second timestamps", async () => {
    const flat = await admin1.post(POLICIES, { name: "Round robin", description: "Even load" });
    expect(flat.status).toBe(200);
    expect(flat.body).toMatchObject({
      id: 1,
      name: "Round robin",
      description: "Even load",
      assignment_order: "round_robin",
      conversation_priority: "earliest_created",
      fair_distribution_limit: 100,
      fair_distribution_window: 3600,
      enabled: true,
      assigned_inbox_count: 0,
    });
    const body = flat.body as Policy;
    expect(Object.keys(body)).toEqual([
      "id", "name", "description", "assignment_order", "conversation_priority", "fair_distribution_limit", "fair_distribution_window", "enabled",
      "assigned_inbox_count", "created_at", "updated_at",
    ]);
    expect(Number.isInteger(body.created_at) && Math.abs((body.created_at as number) - Date.now() / 1000) < 60).toBe(true);
    const nested = await create({ assignment_policy: { name: "Oldest first", conversation_priority: "longest_waiting", fair_distribution_limit: "20", enabled: false } });
    expect(nested).toMatchObject({ id: 2, conversation_priority: "longest_waiting", fair_distribution_limit: 20, enabled: false });
  });

  // spec/models/assignment_policy_spec.rb: name presence and uniqueness per account, limits greater than 0.
  it("validates the name's presence and uniqueness in the account, and positive limits (422)", async () => {
    await create({ name: "Taken" });
    expect(outcome(await admin1.post(POLICIES, { name: "Taken" }))).toEqual([422, { message: "Name has already been taken", attributes: ["name"] }]);
    expect((await admin1.post(POLICIES, { name: "taken" })).status).toBe(200);
    expect((await admin2.post(POLICIES_2, { name: "Taken" })).status).toBe(200);
    expect(outcome(await admin1.post(POLICIES, { name: " " }))).toEqual([422, { message: "Name can't be blank", attributes: ["name"] }]);
    const limits = await admin1.post(POLICIES, { name: "Zero", fair_distribution_limit: 0, fair_distribution_window: -1 });
    expect(outcome(limits)).toEqual([
      422,
      { message: "Fair distribution limit must be greater than 0, Fair distribution window must be greater than 0", attributes: ["fair_distribution_limit", "fair_distribution_window"] },
    ]);
  });

  it("answers 500 to an enum value it does not know, and to balanced on a community server", async () => {
    expect((await admin1.post(POLICIES, { name: "Odd", conversation_priority: "newest" })).status).toBe(500);
    expect((await admin1.post(POLICIES, { name: "Balanced", assignment_order: "balanced" })).status).toBe(200);
    sandbox().control.setEdition("community");
    expect((await admin1.post(POLICIES, { name: "Balanced 2", assignment_order: "balanced" })).status).toBe(500);
  });

  // "returns unauthorized" for agents; the lookup runs first, so an unknown id is 404 for them too.
  it("is administrator-only, with the policy looked up before the role check", async () => {
    const a = await create({ name: "Mine" });
    expect(outcome(await agent1.get(POLICIES))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.post(POLICIES, { name: "Agent's" }))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.get(`${POLICIES}/${a.id}`))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.get(`${POLICIES}/999`))).toEqual([404, NOT_FOUND]);
    expect(outcome(await admin2.get(`${POLICIES_2}/${a.id}`))).toEqual([404, NOT_FOUND]);
  });

  // "returns all assignment policies for the account" (a bare array), "allows partial updates", "deletes".
  it("lists a bare array, updates only what is sent, and deletes with an empty 200", async () => {
    const a = await create({ name: "A", description: "first" });
    expect(outcome(await admin1.get(POLICIES))).toEqual([200, [a]]);
    const updated = (await admin1.patch(`${POLICIES}/${a.id}`, { fair_distribution_window: 600 })).body as Policy;
    expect(updated).toMatchObject({ name: "A", description: "first", fair_distribution_window: 600 });
    expect((await admin1.put(`${POLICIES}/${a.id}`, { name: "B" })).body).toMatchObject({ name: "B", fair_distribution_window: 600 });
    const gone = await admin1.delete(`${POLICIES}/${a.id}`);
    expect([gone.status, gone.text]).toEqual([200, ""]);
    expect(outcome(await admin1.get(`${POLICIES}/${a.id}`))).toEqual([404, NOT_FOUND]);
  });

  // Inboxes::AssignmentPoliciesController: show, create (replaces), destroy.
  it("links an inbox to one policy: a second POST replaces the link, GET shows it, DELETE removes it", async () => {
    const a = await create({ name: "A" });
    const b = await create({ name: "B" });
    expect(outcome(await admin1.get(linkOf(1)))).toEqual([404, { error: "Assignment policy not found" }]);
    const linked = await admin1.post(linkOf(1), { assignment_policy_id: a.id });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ id: a.id, assigned_inbox_count: 1 });
    expect((await admin1.post(linkOf(1), { assignment_policy_id: b.id })).body).toMatchObject({ id: b.id, assigned_inbox_count: 1 });
    expect((await admin1.get(`${POLICIES}/${a.id}`)).body).toMatchObject({ assigned_inbox_count: 0 });
    expect((await admin1.get(linkOf(1))).body).toMatchObject({ id: b.id });
    expect((await admin1.delete(linkOf(1))).status).toBe(200);
    expect((await admin1.get(linkOf(1))).status).toBe(404);
    // "when inbox has no assignment policy / returns error": validate_assignment_policy's message.
    expect(outcome(await admin1.delete(linkOf(1)))).toEqual([404, { error: "Assignment policy not found" }]);
  });

  it("answers 404 for an unknown inbox or policy before the role check, and 401 to agents", async () => {
    const a = await create({ name: "A" });
    expect(outcome(await admin1.post(linkOf(1), { assignment_policy_id: 999_999 }))).toEqual([404, NOT_FOUND]);
    expect(outcome(await admin1.post(linkOf(999_999), { assignment_policy_id: a.id }))).toEqual([404, NOT_FOUND]);
    expect(outcome(await admin1.post(linkOf(4), { assignment_policy_id: a.id }))).toEqual([404, NOT_FOUND]);
    expect(outcome(await agent1.post(linkOf(1), { assignment_policy_id: a.id }))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.get(linkOf(1)))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.delete(linkOf(1)))).toEqual([401, NOT_AUTHORIZED]);
  });

  // spec/models/assignment_policy_spec.rb "cascades deletion to associated inbox assignment policies".
  it("deleting a policy removes its links, and deleting an inbox removes its link", async () => {
    const a = await create({ name: "A" });
    await admin1.post(linkOf(1), { assignment_policy_id: a.id });
    await admin1.post(linkOf(2), { assignment_policy_id: a.id });
    expect((await admin1.get(`${POLICIES}/${a.id}`)).body).toMatchObject({ assigned_inbox_count: 2 });
    expect((await admin1.delete("/api/v1/accounts/1/inboxes/2")).status).toBe(200);
    expect((await admin1.get(`${POLICIES}/${a.id}`)).body).toMatchObject({ assigned_inbox_count: 1 });
    expect(((await admin1.get(inboxesOf(a.id))).body as { inboxes: { id: number }[] }).inboxes.map((i) => i.id)).toEqual([1]);
    await admin1.delete(`${POLICIES}/${a.id}`);
    expect((await admin1.get(linkOf(1))).status).toBe(404);
    expect(sandbox().control.snapshot().assignment_policies).toEqual([]);
  });

  // spec/controllers/api/v1/accounts/assignment_policies/inboxes_controller_spec.rb.
  it.each([
    ["no inboxes", [] as number[]],
    ["two inboxes, in link order", [2, 1]],
  ])("lists a policy's inboxes with the inbox partial: %s", async (_case, linked) => {
    const a = await create({ name: "A" });
    for (const inbox of linked) expect((await admin1.post(linkOf(inbox), { assignment_policy_id: a.id })).status).toBe(200);
    const listed = await admin1.get(inboxesOf(a.id));
    expect(listed.status).toBe(200);
    const inboxes = (listed.body as { inboxes: { id: number; name: string; channel_type: string }[] }).inboxes;
    expect(inboxes.map((i) => i.id)).toEqual(linked);
    for (const inbox of inboxes) expect(inbox).toMatchObject({ name: expect.any(String), channel_type: expect.stringMatching(/^Channel::/) });
  });

  it.each([
    ["an agent", "agent", 1, 401],
    ["an unknown policy (looked up before the role)", "agent", 999, 404],
    ["another account's policy", "admin2", 1, 404],
  ])("refuses the inbox list to %s", async (_case, who, id, status) => {
    const a = await create({ name: "A" });
    const client = who === "agent" ? agent1 : admin2;
    const path = who === "admin2" ? `${POLICIES_2}/${a.id}/inboxes` : inboxesOf(id === 1 ? a.id : id);
    expect((await client.get(path)).status).toBe(status);
  });

  it.each(["POST", "DELETE"])("answers 404 to %s on a policy's inboxes (routed, but the controller has no such action)", async (method) => {
    const a = await create({ name: "A" });
    const path = method === "POST" ? inboxesOf(a.id) : `${inboxesOf(a.id)}/1`;
    expect((await admin1.send(method, path, { json: { inbox_id: 1 } })).status).toBe(404);
  });
});
