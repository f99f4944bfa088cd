/**
 * What a destroy does to other rows: upstream's `dependent:` options and `after_destroy` callbacks,
 * each case written from the upstream spec it names (chatwoot/chatwoot, develop).
 */
import { seedClients, useSandbox } from "./http";

const ACCOUNT_1 = "/api/v1/accounts/1";
type Row = { id: number } & Record<string, unknown>;

describe("dependent rows (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1 } = seedClients(sandbox);

  // spec/models/inbox_spec.rb: `it { is_expected.to have_many(:webhooks).dependent(:destroy_async) }`
  it("deleting an inbox deletes the webhooks scoped to it, and keeps the account-wide ones", async () => {
    const webhook = async (inbox_id?: number) =>
      ((await admin1.post(`${ACCOUNT_1}/webhooks`, { url: `https://hooks.acme.test/${inbox_id ?? "all"}`, subscriptions: ["message_created"], inbox_id })).body as { payload: { webhook: Row } }).payload.webhook;
    const scoped = await webhook(1);
    const accountWide = await webhook();
    expect((await admin1.delete(`${ACCOUNT_1}/inboxes/1`)).status).toBe(200);
    const listed = ((await admin1.get(`${ACCOUNT_1}/webhooks`)).body as { payload: { webhooks: Row[] } }).payload.webhooks.map((w) => w.id);
    expect(listed).toContain(accountWide.id);
    expect(listed).not.toContain(scoped.id);
  });

  // app/models/inbox.rb: `has_many :hooks, dependent: :destroy_async, class_name: 'Integrations::Hook'`
  it("deleting an inbox deletes its integration hooks, and keeps the account's", async () => {
    const keyFile = { type: "service_account" };
    const inboxHook = (await admin1.post(`${ACCOUNT_1}/integrations/hooks`, { app_id: "dialogflow", inbox_id: 1, settings: { project_id: "p", credentials: keyFile } })).body as Row;
    const otherInbox = (await admin1.post(`${ACCOUNT_1}/integrations/hooks`, { app_id: "dialogflow", inbox_id: 2, settings: { project_id: "p", credentials: keyFile } })).body as Row;
    const accountHook = (await admin1.post(`${ACCOUNT_1}/integrations/hooks`, { app_id: "openai", settings: { api_key: "sk-1" } })).body as Row;
    expect((await admin1.delete(`${ACCOUNT_1}/inboxes/1`)).status).toBe(200);
    const left = sandbox().control.snapshot().integration_hooks.map((h) => h.id);
    expect(left).toEqual([otherInbox.id, accountHook.id]);
    expect(left).not.toContain(inboxHook.id);
  });

  // spec/enterprise/models/custom_role_spec.rb: `it { is_expected.to have_many(:account_users).dependent(:nullify) }`
  it("deleting a custom role clears it from the agents who had it", async () => {
    const role = (await admin1.post(`${ACCOUNT_1}/custom_roles`, { name: "Supervisor", permissions: ["report_manage"] })).body as Row;
    const other = (await admin1.post(`${ACCOUNT_1}/custom_roles`, { name: "Reader", permissions: [] })).body as Row;
    await admin1.patch(`${ACCOUNT_1}/agents/2`, { custom_role_id: role.id });
    await admin1.patch(`${ACCOUNT_1}/agents/4`, { custom_role_id: other.id });
    expect((await admin1.delete(`${ACCOUNT_1}/custom_roles/${role.id}`)).status).toBe(200);
    const agents = (await admin1.get(`${ACCOUNT_1}/agents`)).body as Row[];
    expect(agents.find((a) => a.id === 2)).toMatchObject({ custom_role_id: null });
    expect(agents.find((a) => a.id === 4)).toMatchObject({ custom_role_id: other.id });
  });

  // spec/enterprise/models/custom_attribute_definition_spec.rb: "callbacks / #cleanup_conversation_required_attributes"
  it("deleting a conversation attribute takes its key out of the account's required attributes, and only its own", async () => {
    const define = async (attribute_key: string, attribute_model: string) =>
      (await admin1.post(`${ACCOUNT_1}/custom_attribute_definitions`, { attribute_display_name: attribute_key, attribute_key, attribute_display_type: "text", attribute_model })).body as Row;
    const plan = await define("plan", "conversation_attribute");
    await define("tier", "conversation_attribute");
    // A contact attribute with a required conversation key's name leaves the list alone.
    const contactTier = await define("region", "contact_attribute");
    await admin1.patch(ACCOUNT_1, { conversation_required_attributes: ["plan", "tier", "region"] });
    await admin1.delete(`${ACCOUNT_1}/custom_attribute_definitions/${plan.id}`);
    await admin1.delete(`${ACCOUNT_1}/custom_attribute_definitions/${contactTier.id}`);
    expect(((await admin1.get(ACCOUNT_1)).body as { settings: Row }).settings.conversation_required_attributes).toEqual(["tier", "region"]);
  });
});

describe("an account's destroy (Platform API)", () => {
  const sandbox = useSandbox();
  const { admin1, admin2, platform1 } = seedClients(sandbox);

  // spec/models/account_spec.rb: `have_many(:portals).dependent(:destroy_async)` and the other
  // associations; DeleteObjectJob destroys them, which frees the installation-wide unique slug.
  it("takes the account's rows with it: its bots leave the Platform list and its portal's slug is free again", async () => {
    const portal = { name: "Help", slug: "help" };
    expect((await admin1.post(`${ACCOUNT_1}/portals`, portal)).status).toBe(200);
    expect((await admin2.post("/api/v1/accounts/2/portals", portal)).status).toBe(422);
    const bot = (await platform1.post("/platform/api/v1/agent_bots", { name: "Triage", account_id: 1 })).body as Row;
    expect((await platform1.delete("/platform/api/v1/accounts/1")).status).toBe(200);
    const bots = (await platform1.get("/platform/api/v1/agent_bots")).body as Row[];
    expect(bots.map((b) => b.id)).not.toContain(bot.id);
    expect((await admin2.post("/api/v1/accounts/2/portals", portal)).status).toBe(200);
    const snapshot = sandbox().control.snapshot();
    expect([...snapshot.inboxes, ...snapshot.labels, ...snapshot.portals].filter((row) => row.account_id === 1)).toEqual([]);
  });
});

describe("dependent rows (community)", () => {
  const sandbox = useSandbox({ edition: "community" });
  const { admin1 } = seedClients(sandbox);

  // The cleanup is enterprise/app/models/enterprise/concerns/custom_attribute_definition.rb's alone.
  it("leaves the required attributes as they are when a definition is deleted", async () => {
    const plan = (await admin1.post(`${ACCOUNT_1}/custom_attribute_definitions`, { attribute_display_name: "Plan", attribute_key: "plan", attribute_display_type: "text", attribute_model: "conversation_attribute" })).body as Row;
    // Only Enterprise takes the setting (an account that moved to a community server keeps it).
    sandbox().control.setEdition("enterprise");
    await admin1.patch(ACCOUNT_1, { conversation_required_attributes: ["plan"] });
    sandbox().control.setEdition("community");
    await admin1.delete(`${ACCOUNT_1}/custom_attribute_definitions/${plan.id}`);
    expect(((await admin1.get(ACCOUNT_1)).body as { settings: Row }).settings.conversation_required_attributes).toEqual(["plan"]);
  });
});
