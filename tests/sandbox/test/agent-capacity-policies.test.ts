/**
 * Agent capacity policies (Enterprise), each case written from the upstream request spec it names
 * (upstream at fd5ac2a8a): spec/enterprise/controllers/api/v1/accounts/agent_capacity_policies_controller_spec.rb,
 * .../agent_capacity_policies/users_controller_spec.rb and .../agent_capacity_policies/inbox_limits_controller_spec.rb;
 * the answers as enterprise/app/views/api/v1/models/_agent_capacity_policy.json.jbuilder, the
 * inbox_limits views and app/views/api/v1/models/_user.json.jbuilder render them.
 */
import { outcome, seedClients, useSandbox } from "./http";

const ACCOUNT_1 = "/api/v1/accounts/1";
const POLICIES = `${ACCOUNT_1}/agent_capacity_policies`;
const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };
type Policy = { id: number; name: string; assigned_agent_count: number; inbox_capacity_limits: { id: number; inbox_id: number; conversation_limit: number }[] } & Record<string, unknown>;
type Limit = { id: number; inbox_id: number; conversation_limit: number } & Record<string, unknown>;
const epoch = expect.any(Number);

describe("agent capacity policies (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => (await admin1.post(POLICIES, body)).body as Policy;
  const users = async (id: number) => ((await admin1.get(`${POLICIES}/${id}/users`)).body as { id: number }[]).map((u) => u.id);

  // "creates a new agent capacity policy when administrator": exclusion_rules { overall_capacity: 10 } is dropped.
  it("creates from the wrapped parameters, keeps only the permitted exclusion rules, and answers the bare policy", async () => {
    const answer = await admin1.post(POLICIES, { agent_capacity_policy: { name: "Test Policy", description: "Test Description", exclusion_rules: { overall_capacity: 10 } } });
    expect(outcome(answer)).toEqual([
      200,
      { id: 1, name: "Test Policy", description: "Test Description", exclusion_rules: {}, created_at: epoch, updated_at: epoch, account_id: 1, assigned_agent_count: 0, inbox_capacity_limits: [] },
    ]);
    const rules = { excluded_labels: ["vip", "billing"], exclude_older_than_hours: 48, other: true };
    expect((await create({ name: "Rules", exclusion_rules: rules })).exclusion_rules).toEqual({ excluded_labels: ["vip", "billing"], exclude_older_than_hours: 48 });
    // Names are not unique.
    expect((await admin1.post(POLICIES, { name: "Rules" })).status).toBe(200);
  });

  // "returns validation errors for invalid data"; the model's `length: { maximum: 255 }`.
  it("refuses a blank name or one past 255 characters (422)", async () => {
    expect(outcome(await admin1.post(POLICIES, { agent_capacity_policy: { name: "" } }))).toEqual([422, { message: "Name can't be blank", attributes: ["name"] }]);
    expect(outcome(await admin1.post(POLICIES, { name: "x".repeat(256) }))).toEqual([422, { message: "Name is too long (maximum is 255 characters)", attributes: ["name"] }]);
    expect((await admin1.post(POLICIES, { name: "é".repeat(255) })).status).toBe(200);
  });

  // "returns unauthorized for agent" of every action; check_authorization runs before fetch_policy.
  it("is administrator-only, the role checked before the lookup", async () => {
    const policy = await create({ name: "Support" });
    for (const reply of [
      await agent1.get(POLICIES),
      await agent1.get(`${POLICIES}/${policy.id}`),
      await agent1.get(`${POLICIES}/999`),
      await agent1.post(POLICIES, { name: "x" }),
      await agent1.put(`${POLICIES}/${policy.id}`, { name: "x" }),
      await agent1.delete(`${POLICIES}/${policy.id}`),
      await agent1.post(`${POLICIES}/${policy.id}/users`, { user_id: 2 }),
      await agent1.post(`${POLICIES}/${policy.id}/inbox_limits`, { inbox_id: 1, conversation_limit: 10 }),
    ]) {
      expect(outcome(reply)).toEqual([401, NOT_AUTHORIZED]);
    }
    expect(outcome(await admin1.get(`${POLICIES}/999`))).toEqual([404, NOT_FOUND]);
  });

  // "returns all agent capacity policies", "returns the agent capacity policy", "updates ...", "deletes ...".
  it("lists the account's policies as a bare array, shows, updates and deletes one", async () => {
    const policy = await create({ name: "Support" });
    await admin2.post("/api/v1/accounts/2/agent_capacity_policies", { name: "Other account" });
    expect(outcome(await admin1.get(POLICIES))).toEqual([200, [policy]]);
    expect(outcome(await admin1.get(`${POLICIES}/${policy.id}`))).toEqual([200, policy]);
    expect((await admin1.put(`${POLICIES}/${policy.id}`, { agent_capacity_policy: { name: "Updated Policy" } })).body).toMatchObject({ name: "Updated Policy" });
    expect(outcome(await admin1.delete(`${POLICIES}/${policy.id}`))).toEqual([200, undefined]);
    expect((await admin1.get(`${POLICIES}/${policy.id}`)).status).toBe(404);
  });

  // inbox_limits_controller_spec: "creates an inbox limit", "prevents duplicate inbox assignments",
  // "updates the inbox limit", "removes the inbox limit"; InboxCapacityLimit's validations.
  it("adds an inbox limit once per inbox, updates it in place and deletes it with 204", async () => {
    const policy = await create({ name: "Support" });
    const limits = `${POLICIES}/${policy.id}/inbox_limits`;
    const added = await admin1.post(limits, { inbox_id: 1, conversation_limit: 10 });
    expect(outcome(added)).toEqual([200, { id: 1, inbox_id: 1, agent_capacity_policy_id: policy.id, conversation_limit: 10, created_at: epoch, updated_at: epoch }]);
    const limit = added.body as Limit;
    expect(outcome(await admin1.post(limits, { inbox_id: 1, conversation_limit: 5 }))).toEqual([422, { error: "Inbox is already assigned to this policy" }]);
    expect(outcome(await admin1.post(limits, { inbox_id: 4, conversation_limit: 5 }))).toEqual([404, NOT_FOUND]);
    for (const [value, message] of [
      [0, "Conversation limit must be greater than 0"],
      [2.5, "Conversation limit must be an integer"],
      ["many", "Conversation limit is not a number"],
      [null, "Conversation limit can't be blank, Conversation limit is not a number"],
    ] as const) {
      expect(outcome(await admin1.post(limits, { inbox_id: 2, conversation_limit: value }))).toEqual([422, { message, attributes: ["conversation_limit"] }]);
    }
    // inbox_limits/update.json.jbuilder renders the inbox's name beside its id; create does not.
    const acme = ((await admin1.get("/api/v1/accounts/1/inboxes/1")).body as { name: string }).name;
    expect(outcome(await admin1.put(`${limits}/${limit.id}`, { conversation_limit: 15 }))).toEqual([
      200,
      { id: limit.id, inbox_id: 1, inbox_name: acme, agent_capacity_policy_id: policy.id, conversation_limit: 15, created_at: epoch, updated_at: epoch },
    ]);
    expect((await admin1.put(`${limits}/${limit.id}`, { conversation_limit: -1 })).status).toBe(422);
    expect(((await admin1.get(`${POLICIES}/${policy.id}`)).body as Policy).inbox_capacity_limits).toEqual([{ id: limit.id, inbox_id: 1, conversation_limit: 15 }]);
    expect(outcome(await admin1.delete(`${limits}/${limit.id}`))).toEqual([204, undefined]);
    expect(outcome(await admin1.delete(`${limits}/${limit.id}`))).toEqual([404, NOT_FOUND]);
  });

  // users_controller_spec: "assigns user to the policy", "returns assigned users", "removes user from the policy".
  it("assigns an agent to one policy at a time, and removes them whichever policy they hold", async () => {
    const a = await create({ name: "A" });
    const b = await create({ name: "B" });
    const assigned = await admin1.post(`${POLICIES}/${a.id}/users`, { user_id: 2 });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ id: 2, email: "bob@acme.test", role: "agent", account_id: 1, inviter_id: null, type: null, message_signature: null, ui_settings: {} });
    // The _user partial: the user's tokens, and each account user with its permissions and presence.
    const user = assigned.body as { access_token: unknown; pubsub_token: unknown; accounts: Record<string, unknown>[] };
    expect([typeof user.access_token, typeof user.pubsub_token]).toEqual(["string", "string"]);
    expect(user.accounts).toEqual([
      { id: 1, name: expect.any(String), status: "active", active_at: null, role: "agent", permissions: ["agent"], availability: expect.any(String), availability_status: expect.any(String), auto_offline: expect.any(Boolean), custom_role_id: null, custom_role: null },
    ]);
    expect(((await admin1.get(`${POLICIES}/${a.id}`)).body as Policy).assigned_agent_count).toBe(1);
    await admin1.post(`${POLICIES}/${a.id}/users`, { user_id: 3 });
    expect(((await admin1.get(`${POLICIES}/${a.id}`)).body as Policy).assigned_agent_count).toBe(2);
    expect(await users(a.id)).toEqual([2, 3]);
    // One policy per account user: assigning to B moves the agent off A.
    await admin1.post(`${POLICIES}/${b.id}/users`, { user_id: 2 });
    expect([await users(a.id), await users(b.id)]).toEqual([[3], [2]]);
    // A user of another account only (user 5) is not found.
    expect(outcome(await admin1.post(`${POLICIES}/${a.id}/users`, { user_id: 5 }))).toEqual([404, NOT_FOUND]);
    // DELETE through policy A clears the policy user 2 holds (B): upstream does not check which.
    expect(outcome(await admin1.delete(`${POLICIES}/${a.id}/users/2`))).toEqual([200, undefined]);
    expect(await users(b.id)).toEqual([]);
  });
});

describe("agent capacity policies' dependent rows (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1 } = seedClients(sandbox);

  // spec/enterprise/models/agent_capacity_policy_spec.rb: has_many :inbox_capacity_limits (destroy), :account_users (nullify).
  it("deleting a policy deletes its inbox limits and frees its agents", async () => {
    const policy = (await admin1.post(POLICIES, { name: "Doomed" })).body as Policy;
    await admin1.post(`${POLICIES}/${policy.id}/inbox_limits`, { inbox_id: 1, conversation_limit: 3 });
    await admin1.post(`${POLICIES}/${policy.id}/users`, { user_id: 2 });
    await admin1.delete(`${POLICIES}/${policy.id}`);
    const state = sandbox().control.snapshot();
    expect(state.inbox_capacity_limits).toEqual([]);
    expect(state.users.find((u) => u.id === 2)?.memberships[0]?.agent_capacity_policy_id).toBeNull();
  });

  // Enterprise::Concerns::Inbox: `has_many :inbox_capacity_limits, dependent: :destroy`.
  it("deleting an inbox deletes its capacity limits in every policy", async () => {
    const policy = (await admin1.post(POLICIES, { name: "Support" })).body as Policy;
    await admin1.post(`${POLICIES}/${policy.id}/inbox_limits`, { inbox_id: 1, conversation_limit: 3 });
    await admin1.post(`${POLICIES}/${policy.id}/inbox_limits`, { inbox_id: 2, conversation_limit: 4 });
    expect((await admin1.delete(`${ACCOUNT_1}/inboxes/1`)).status).toBe(200);
    expect(((await admin1.get(`${POLICIES}/${policy.id}`)).body as Policy).inbox_capacity_limits.map((l) => l.inbox_id)).toEqual([2]);
  });

  // spec/controllers/api/v1/accounts/agents_controller_spec.rb "deletes the agent ...": the account user goes, and the assignment with it.
  it("removing an agent from the account takes them off the policy", async () => {
    const policy = (await admin1.post(POLICIES, { name: "Support" })).body as Policy;
    await admin1.post(`${POLICIES}/${policy.id}/users`, { user_id: 4 });
    expect((await admin1.delete(`${ACCOUNT_1}/agents/4`)).status).toBe(200);
    expect(((await admin1.get(`${POLICIES}/${policy.id}/users`)).body as unknown[]).length).toBe(0);
  });

  it("has no route on a community server: Rails' routing 404", async () => {
    sandbox().control.setEdition("community");
    for (const path of [POLICIES, `${POLICIES}/1`, `${POLICIES}/1/users`]) {
      expect(outcome(await admin1.get(path))).toEqual([404, { status: 404, error: "Not Found" }]);
    }
    expect(outcome(await admin1.post(`${POLICIES}/1/inbox_limits`, { inbox_id: 1, conversation_limit: 1 }))).toEqual([404, { status: 404, error: "Not Found" }]);
    sandbox().control.setEdition("enterprise");
  });
});
