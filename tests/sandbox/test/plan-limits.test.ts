/**
 * An account's plan (Enterprise's Account::PlanUsageAndLimits, the limits a Platform App sets) and
 * its suspension, each case written from the upstream spec it names (chatwoot/chatwoot, develop).
 */
import { outcome, seedClients, useSandbox } from "./http";

const ACCOUNT_1 = "/api/v1/accounts/1";
const PLATFORM_ACCOUNT_1 = "/platform/api/v1/accounts/1";
const NO_SEATS = { error: "Account limit exceeded. Please purchase more licenses" };
const NO_INBOXES = { error: "Account limit exceeded. Upgrade to a higher plan" };
const apiInbox = (name: string) => ({ name, channel: { type: "api" } });

describe("plan limits (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, platform1 } = seedClients(sandbox);
  const memberCount = async () => ((await admin1.get(`${ACCOUNT_1}/agents`)).body as unknown[]).length;
  const inboxCount = async () => ((await admin1.get(`${ACCOUNT_1}/inboxes`)).body as { payload: unknown[] }).payload.length;

  // spec/enterprise/controllers/api/v1/accounts/agents_controller_spec.rb: "when the account has reached
  // its agent limit / prevents adding a new agent and returns a payment required status"
  it("refuses an agent past the agents limit with 402, counting every member, and takes one once raised", async () => {
    const members = await memberCount();
    await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { agents: members } });
    expect(outcome(await admin1.post(`${ACCOUNT_1}/agents`, { name: "Eve", email: "eve@acme.test" }))).toEqual([402, NO_SEATS]);
    // The role check runs first: an agent is refused as before.
    expect((await agent1.post(`${ACCOUNT_1}/agents`, { name: "Eve", email: "eve@acme.test" })).status).toBe(401);
    await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { agents: members + 1 } });
    expect((await admin1.post(`${ACCOUNT_1}/agents`, { name: "Eve", email: "eve@acme.test" })).status).toBe(200);
    expect(await memberCount()).toBe(members + 1);
  });

  // enterprise/app/models/enterprise/account/plan_usage_and_limits.rb#agent_limits: the subscription's
  // quantity, when there is one, is the limit whatever `limits` says.
  it("takes the subscribed quantity over the agents limit", async () => {
    const members = await memberCount();
    await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { agents: members + 5 }, custom_attributes: { subscribed_quantity: members } });
    expect(outcome(await admin1.post(`${ACCOUNT_1}/agents`, { name: "Eve", email: "eve@acme.test" }))).toEqual([402, NO_SEATS]);
  });

  // spec/enterprise/controllers/api/v1/accounts/inboxes_controller_spec.rb: "returns payment required
  // when account inbox limit is reached"
  it("refuses an inbox once the account has as many as its inboxes limit", async () => {
    const inboxes = await inboxCount();
    await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { inboxes: inboxes + 1 } });
    expect((await admin1.post(`${ACCOUNT_1}/inboxes`, apiInbox("First"))).status).toBe(200);
    expect(outcome(await admin1.post(`${ACCOUNT_1}/inboxes`, apiInbox("Second")))).toEqual([402, NO_INBOXES]);
    expect(await inboxCount()).toBe(inboxes + 1);
  });

  // enterprise/app/models/enterprise/account/plan_usage_and_limits.rb#validate_limit_keys (JSON schema,
  // additionalProperties false, numbers only)
  it("refuses limits with an unknown name or a value that is not a number, and keeps the stored ones", async () => {
    await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { agents: 10 } });
    for (const limits of [{ seats: 3 }, { agents: "5" }, { inboxes: 2, widgets: 1 }]) {
      expect(outcome(await platform1.patch(PLATFORM_ACCOUNT_1, { limits }))).toEqual([422, { message: "Limits : Invalid data", attributes: ["limits"] }]);
    }
    expect(((await platform1.get(PLATFORM_ACCOUNT_1)).body as { limits: unknown }).limits).toEqual({ agents: 10 });
    expect((await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { agents: 3, inboxes: 2, emails: 100, captain_responses: 5, captain_documents: 1 } })).status).toBe(200);
  });

  // app/controllers/concerns/ensure_current_account_helper.rb: `render_unauthorized('Account is
  // suspended') and return unless account.active?`, before the membership check.
  it("answers every application-API call of a suspended account with 401 Account is suspended", async () => {
    expect((await platform1.patch(PLATFORM_ACCOUNT_1, { status: "suspended" })).body).toMatchObject({ status: "suspended" });
    for (const reply of [await admin1.get(`${ACCOUNT_1}/labels`), await agent1.get(`${ACCOUNT_1}/inboxes`), await admin1.post(`${ACCOUNT_1}/labels`, { title: "vip" })]) {
      expect(outcome(reply)).toEqual([401, { error: "Account is suspended" }]);
    }
    // The account's own view (app/views/api/v1/models/_account.json.jbuilder) tells why.
    expect((await admin1.get(ACCOUNT_1)).body).toMatchObject({ status: "suspended" });
    await platform1.patch(PLATFORM_ACCOUNT_1, { status: "active" });
    expect((await admin1.get(`${ACCOUNT_1}/labels`)).status).toBe(200);
  });
});

describe("plan limits (community)", () => {
  const sandbox = useSandbox({ edition: "community" });
  const { admin1, platform1 } = seedClients(sandbox);

  // app/models/account.rb: `validate_limit_keys` is empty and usage_limits is ChatwootApp.max_limit.
  it("stores any limits and refuses nothing for them", async () => {
    expect((await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { agents: 0, inboxes: 0, seats: 3 } })).body).toMatchObject({ limits: { agents: 0, inboxes: 0, seats: 3 } });
    expect((await admin1.post(`${ACCOUNT_1}/agents`, { name: "Eve", email: "eve@acme.test" })).status).toBe(200);
    expect((await admin1.post(`${ACCOUNT_1}/inboxes`, apiInbox("First"))).status).toBe(200);
  });
});
