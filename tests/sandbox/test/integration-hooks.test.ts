// Upstream: spec/controllers/api/v1/accounts/integrations/hooks_controller_spec.rb (create, update and
// destroy, administrators only), spec/models/integrations/hook_spec.rb (settings schema, uniqueness,
// inbox presence for inbox apps, the feature flag), config/integration/apps.yml (schemas, visible_properties).
import { outcome, seedClients, useSandbox } from "./http";

const HOOKS = "/api/v1/accounts/1/integrations/hooks";
const APPS = "/api/v1/accounts/1/integrations/apps";
type Hook = { id: number } & Record<string, unknown>;
const KEY_FILE = { type: "service_account", private_key: "-----BEGIN PRIVATE KEY-----sandbox" };

describe("integration hooks", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);

  it("creates a settings-based hook and lists it under its app, showing only the app's visible settings", async () => {
    const created = await admin1.post(HOOKS, { hook: { app_id: "dialogflow", inbox_id: 1, settings: { project_id: "acme-bot", credentials: KEY_FILE, region: "global" } } });
    const view = { id: 1, app_id: "dialogflow", status: true, inbox: { id: 1, name: expect.any(String) }, account_id: 1, hook_type: "inbox", settings: { project_id: "acme-bot", region: "global" }, reference_id: null };
    expect(outcome(created)).toEqual([200, view]);
    const app = await admin1.get(`${APPS}/dialogflow`);
    expect(outcome(app)).toEqual([200, { id: "dialogflow", name: "Dialogflow", enabled: true, hooks: [view] }]);
    // An agent reads the app too, without the settings.
    const { settings: _settings, reference_id: _reference, ...agentView } = view;
    expect((await agent1.get(`${APPS}/dialogflow`)).body).toMatchObject({ hooks: [agentView] });
    expect(((await agent1.get(`${APPS}/dialogflow`)).body as { hooks: Hook[] }).hooks[0]).not.toHaveProperty("settings");
    // The key file never leaves the sandbox, not even in a snapshot.
    expect(JSON.stringify(sandbox().control.snapshot())).not.toContain("PRIVATE KEY");
    expect(sandbox().control.snapshot().integration_hooks[0]).toMatchObject({ settings: { project_id: "acme-bot", region: "global" } });
  });

  it("takes flat bodies (JSON wrapping) and never shows a secret setting (openai's api_key)", async () => {
    const created = await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "sk-sandbox-1" } });
    expect(outcome(created)).toEqual([200, expect.objectContaining({ app_id: "openai", hook_type: "account", inbox: null, settings: {} })]);
    expect(JSON.stringify((await admin1.get(`${APPS}/openai`)).body)).not.toContain("sk-sandbox-1");
  });

  it("update applies only status and settings, replacing the settings whole; app and inbox stay", async () => {
    const hook = (await admin1.post(HOOKS, { app_id: "dialogflow", inbox_id: 1, settings: { project_id: "a", credentials: KEY_FILE, region: "global" } })).body as Hook;
    const updated = await admin1.patch(`${HOOKS}/${hook.id}`, { hook: { app_id: "openai", inbox_id: 2, status: "disabled", settings: { project_id: "b", credentials: KEY_FILE } } });
    expect(outcome(updated)).toEqual([200, expect.objectContaining({ app_id: "dialogflow", inbox: expect.objectContaining({ id: 1 }), status: false, settings: { project_id: "b" } })]);
  });

  it("refuses settings outside the app's schema, a missing inbox for an inbox app, a second hook of a single-hook app", async () => {
    const invalid = { message: "Settings : Invalid settings data", attributes: ["settings"] };
    expect(outcome(await admin1.post(HOOKS, { app_id: "openai", settings: {} }))).toEqual([422, invalid]);
    expect(outcome(await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "k", model: "x" } }))).toEqual([422, invalid]);
    expect(outcome(await admin1.post(HOOKS, { app_id: "dialogflow", inbox_id: 1, settings: { project_id: "a", credentials: "{}" } }))).toEqual([422, invalid]);
    expect(outcome(await admin1.post(HOOKS, { app_id: "dialogflow", settings: { project_id: "a", credentials: KEY_FILE } }))).toEqual([422, { message: "Inbox can't be blank", attributes: ["inbox_id"] }]);
    expect((await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "k" } })).status).toBe(200);
    expect(outcome(await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "k" } }))).toEqual([422, { message: "App has already been taken", attributes: ["app_id"] }]);
    // Dialogflow allows several hooks.
    for (const inbox_id of [1, 1]) expect((await admin1.post(HOOKS, { app_id: "dialogflow", inbox_id, settings: { project_id: "a", credentials: KEY_FILE } })).status).toBe(200);
  });

  it("refuses an OpenAI key the vendor rejects, and leadsquared without the crm_integration feature", async () => {
    expect(outcome(await admin1.post(HOOKS, { app_id: "openai", settings: { api_key: "sk-rejected" } }))).toEqual([422, { message: "Invalid API key", attributes: ["base"] }]);
    const leadsquared = { app_id: "leadsquared", settings: { access_key: "a", secret_key: "s" } };
    expect(outcome(await admin1.post(HOOKS, leadsquared))).toEqual([422, { message: "Feature flag Feature not enabled", attributes: ["feature_flag"] }]);
    sandbox().control.setFeatures(1, { crm_integration: true });
    expect((await admin1.post(HOOKS, leadsquared)).status).toBe(200);
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
    expect(((await admin1.get(`${APPS}/openai`)).body as { hooks: Hook[] }).hooks).toEqual([]);
  });

  it("answers 404 for an app it does not know", async () => {
    expect((await admin1.get(`${APPS}/zapier`)).status).toBe(404);
    expect(((await admin1.get(APPS)).body as { payload: { id: string }[] }).payload.map((a) => a.id)).toContain("dialogflow");
  });
});
