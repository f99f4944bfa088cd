// Upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/integrations/hooks_controller_spec.rb (create,
// update and destroy, administrators only), spec/controllers/api/v1/accounts/integrations/apps_controller_spec.rb
// (the active apps; settings and the app's params for administrators only), spec/models/integrations/hook_spec.rb
// (settings schema, uniqueness, inbox presence for inbox apps, the feature flag), the views
// app/views/api/v1/models/{_app,_hook}.json.jbuilder, config/integration/apps.yml and the
// `integration_apps` texts of config/locales/en.yml.
import { outcome, seedClients, useSandbox } from "./http";

const HOOKS = "/api/v1/accounts/1/integrations/hooks";
const APPS = "/api/v1/accounts/1/integrations/apps";
type Hook = { id: number } & Record<string, unknown>;
type App = { id: string; hooks: Hook[] } & Record<string, unknown>;
const KEY_FILE = { type: "service_account", private_key: "-----BEGIN PRIVATE KEY-----sandbox", nested: { client: { id: "c-1" } } };

describe("integration hooks", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);

  it("creates a hook and shows it under its app: the settings whole (nested objects too) to administrators, none to agents", async () => {
    const settings = { project_id: "acme-bot", credentials: KEY_FILE, region: "global" };
    const created = await admin1.post(HOOKS, { hook: { app_id: "dialogflow", inbox_id: 1, settings } });
    const view = { id: 1, app_id: "dialogflow", status: true, inbox: { id: 1, name: expect.any(String) }, account_id: 1, hook_type: "inbox", settings, reference_id: null };
    expect(outcome(created)).toEqual([200, view]);
    expect(((await admin1.get(`${APPS}/dialogflow`)).body as App).hooks).toEqual([view]);
    const { settings: _settings, reference_id: _reference, ...agentView } = view;
    expect(((await agent1.get(`${APPS}/dialogflow`)).body as App).hooks).toEqual([agentView]);
    // A snapshot (what a failing assertion prints) still leaves the credentials out.
    expect(JSON.stringify(sandbox().control.snapshot())).not.toContain("PRIVATE KEY");
    expect(sandbox().control.snapshot().integration_hooks[0]).toMatchObject({ settings: { project_id: "acme-bot", region: "global" } });
  });

  it("takes flat bodies (JSON wrapping); an update applies only status and settings, replacing them whole, nested objects kept", async () => {
    const hook = (await admin1.post(HOOKS, { app_id: "dialogflow", inbox_id: 1, settings: { project_id: "a", credentials: KEY_FILE, region: "global" } })).body as Hook;
    const next = { project_id: "b", credentials: { ...KEY_FILE, nested: { client: { id: "c-2" } } } };
    const updated = await admin1.patch(`${HOOKS}/${hook.id}`, { hook: { app_id: "openai", inbox_id: 2, status: "disabled", settings: next } });
    expect(outcome(updated)).toEqual([200, expect.objectContaining({ app_id: "dialogflow", inbox: expect.objectContaining({ id: 1 }), status: false, settings: next })]);
    const flat = await admin1.patch(`${HOOKS}/${hook.id}`, { status: "enabled" });
    expect(outcome(flat)).toEqual([200, expect.objectContaining({ status: true, settings: next })]);
  });

  it.each([
    ["an empty settings hash (openai needs api_key)", { app_id: "openai", settings: {} }, "Settings : Invalid settings data", "settings"],
    ["a setting outside the schema", { app_id: "openai", settings: { api_key: "k", model: "x" } }, "Settings : Invalid settings data", "settings"],
    ["a key file given as text", { app_id: "dialogflow", inbox_id: 1, settings: { project_id: "a", credentials: "{}" } }, "Settings : Invalid settings data", "settings"],
    ["language_code for dialogflow (not in apps.yml)", { app_id: "dialogflow", inbox_id: 1, settings: { project_id: "a", credentials: KEY_FILE, language_code: "en" } }, "Settings : Invalid settings data", "settings"],
    ["dyte without organization_id", { app_id: "dyte", settings: { api_key: "k" } }, "Settings : Invalid settings data", "settings"],
    ["a wrongly typed label_suggestion", { app_id: "openai", settings: { api_key: "k", label_suggestion: "yes" } }, "Settings : Invalid settings data", "settings"],
    ["an inbox app without an inbox", { app_id: "dialogflow", settings: { project_id: "a", credentials: KEY_FILE } }, "Inbox can't be blank", "inbox_id"],
    ["no app", { settings: {} }, "App can't be blank", "app_id"],
    ["leadsquared without the crm_integration feature", { app_id: "leadsquared", settings: { access_key: "a", secret_key: "s" } }, "Feature flag Feature not enabled", "feature_flag"],
  ])("refuses %s (422)", async (_case, hook, message, attribute) => {
    expect(outcome(await admin1.post(HOOKS, { hook }))).toEqual([422, { message, attributes: [attribute] }]);
  });

  it.each([
    ["openai, label_suggestion included", { app_id: "openai", settings: { api_key: "sk-any", label_suggestion: true } }],
    ["dyte", { app_id: "dyte", settings: { api_key: "k", organization_id: "org" } }],
    ["slack (no schema: any settings)", { app_id: "slack", settings: { channel_name: "support", anything: { nested: 1 } } }],
  ])("accepts %s as sent, with no check at the vendor", async (_case, hook) => {
    expect(outcome(await admin1.post(HOOKS, hook))).toEqual([200, expect.objectContaining({ app_id: hook.app_id, settings: hook.settings })]);
  });

  it("allows one hook per account of a single-hook app, several of dialogflow; leadsquared once the feature is on", async () => {
    expect((await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "k" } })).status).toBe(200);
    expect(outcome(await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "k" } }))).toEqual([422, { message: "App has already been taken", attributes: ["app_id"] }]);
    for (const inbox_id of [1, 1]) expect((await admin1.post(HOOKS, { app_id: "dialogflow", inbox_id, settings: { project_id: "a", credentials: KEY_FILE } })).status).toBe(200);
    sandbox().control.setFeatures(1, { crm_integration: true });
    expect((await admin1.post(HOOKS, { app_id: "leadsquared", settings: { access_key: "a", secret_key: "s" } })).status).toBe(200);
  });

  it("lets only administrators write; looks the hook up in the account first (404 before 401)", async () => {
    const hook = (await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "k" } })).body as Hook;
    const unauthorized = [401, { error: "You are not authorized to do this action" }];
    expect(outcome(await agent1.post(HOOKS, { app_id: "google_translate", settings: { project_id: "p", credentials: KEY_FILE } }))).toEqual(unauthorized);
    expect(outcome(await agent1.patch(`${HOOKS}/${hook.id}`, { status: "disabled" }))).toEqual(unauthorized);
    expect(outcome(await agent1.delete(`${HOOKS}/${hook.id}`))).toEqual(unauthorized);
    expect((await agent1.delete(`${HOOKS}/999`)).status).toBe(404);
    expect((await admin2.delete(`/api/v1/accounts/2/integrations/hooks/${hook.id}`)).status).toBe(404);
    const deleted = await admin1.delete(`${HOOKS}/${hook.id}`);
    expect([deleted.status, deleted.text]).toEqual([200, ""]);
    expect(((await admin1.get(`${APPS}/openai`)).body as App).hooks).toEqual([]);
  });

  it("lists the active apps in apps.yml's order, each with its hooks; LeadSquared once the account has crm_integration", async () => {
    const ids = async () => ((await agent1.get(APPS)).body as { payload: App[] }).payload.map((a) => a.id);
    expect(await ids()).toEqual(["webhook", "dashboard_apps", "openai", "dialogflow", "google_translate", "dyte"]);
    sandbox().control.setFeatures(1, { crm_integration: true });
    expect(await ids()).toEqual(["webhook", "dashboard_apps", "openai", "dialogflow", "google_translate", "dyte", "leadsquared"]);
    const hook = (await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "k" } })).body as Hook;
    const openai = ((await agent1.get(APPS)).body as { payload: App[] }).payload.find((a) => a.id === "openai");
    expect(openai).toEqual({
      id: "openai",
      name: "OpenAI",
      description: expect.stringMatching(/^Leverage the power of large language models/),
      short_description: "AI-powered reply suggestions, summarization, and message enhancement.",
      enabled: true,
      hooks: [expect.objectContaining({ id: hook.id })],
    });
  });

  it.each([
    ["webhook", "Webhooks", null, "/webhook"],
    ["dashboard_apps", "Dashboard Apps", null, null],
    ["dyte", "Dyte", "Start video/voice calls with customers directly from Chatwoot.", "/dyte"],
    ["slack", "Slack", "Receive notifications and respond to conversations directly in Slack.", "https://slack.com/oauth/v2/authorize?scope=commands"],
  ])("shows %s: its texts to everyone; its apps.yml entry, action and button to administrators", async (id, name, short, action) => {
    const forAgent = (await agent1.get(`${APPS}/${id}`)).body as App;
    expect(forAgent).toEqual({ id, name, description: expect.any(String), short_description: short, enabled: expect.any(Boolean), hooks: [] });
    const forAdmin = (await admin1.get(`${APPS}/${id}`)).body as App;
    expect(forAdmin).toMatchObject({ id, name, i18n_key: expect.any(String), logo: expect.stringMatching(/\.png$/), hook_type: "account", allow_multiple_hooks: expect.any(Boolean) });
    expect(forAdmin.button).toEqual(forAdmin.action);
    if (action === null) expect(forAdmin.action).toBeNull();
    else expect(String(forAdmin.action).startsWith(action)).toBe(true);
  });

  it("shows an app's schemas and visible properties to administrators only", async () => {
    const admin = (await admin1.get(`${APPS}/dyte`)).body as App;
    expect(admin).toMatchObject({
      settings_json_schema: { type: "object", properties: { api_key: { type: "string" }, organization_id: { type: "string" } }, required: ["api_key", "organization_id"], additionalProperties: false },
      visible_properties: ["organization_id"],
    });
    expect((admin.settings_form_schema as unknown[]).length).toBe(2);
    const agent = (await agent1.get(`${APPS}/dyte`)).body as App;
    for (const key of ["settings_json_schema", "settings_form_schema", "visible_properties", "action", "button", "logo"]) expect(agent).not.toHaveProperty(key);
  });

  it.each([
    ["webhook", "/api/v1/accounts/1/webhooks", { url: "https://hooks.acme.test/in", subscriptions: ["message_created"] }, (b: unknown) => (b as { payload: { webhook: { id: number } } }).payload.webhook.id],
    ["dashboard_apps", "/api/v1/accounts/1/dashboard_apps", { title: "Orders", content: [{ type: "frame", url: "https://apps.acme.test/orders" }] }, (b: unknown) => (b as { id: number }).id],
  ])("calls %s enabled while the account has a row of its own table (not a hook)", async (id, path, body, idOf) => {
    const enabled = async () => ((await agent1.get(`${APPS}/${id}`)).body as App).enabled;
    const existing = (id === "webhook" ? sandbox().control.snapshot().webhooks : sandbox().control.snapshot().dashboard_apps).filter((r) => r.account_id === 1);
    for (const row of existing) expect((await admin1.delete(`${path}/${row.id}`)).status).toBeLessThan(300);
    expect(await enabled()).toBe(false);
    const created = await admin1.post(path, body);
    expect(created.status).toBe(200);
    expect(await enabled()).toBe(true);
    expect((await admin1.delete(`${path}/${idOf(created.body)}`)).status).toBeLessThan(300);
    expect(await enabled()).toBe(false);
  });

  it("answers 404 for an app it does not know", async () => {
    expect((await admin1.get(`${APPS}/zapier`)).status).toBe(404);
  });
});
