/**
 * Integration hooks in an export: the settings the server shows, the inbox as a reference, and each
 * credential of the app as a secret of the stack the user must set (the API never shows it), in
 * every language; `diff` compares the settings and never the credentials.
 */
import { load } from "js-yaml";
import { compareModels } from "../../../sdk/clone/compare";
import { goProgramText } from "../../../sdk/clone/go-program";
import { buildModel } from "../../../sdk/clone/model";
import { programText } from "../../../sdk/clone/program";
import { pythonProgramText } from "../../../sdk/clone/python-program";
import { yamlProgramText } from "../../../sdk/clone/yaml-program";
import { ACCOUNT } from "./support/account";
import { snapshotOf, type RawAccount } from "./support/snapshot";

const HOOKS: RawAccount = {
  ...ACCOUNT,
  integrationHooks: [
    { id: 31, app_id: "openai", status: true, inbox: null, hook_type: "account", settings: {} },
    { id: 32, app_id: "dialogflow", status: false, inbox: { id: 6, name: "Website" }, hook_type: "inbox", settings: { project_id: "acme-bot", region: "global" } },
  ],
};
const model = () => buildModel(snapshotOf(HOOKS));

test("TypeScript: settings as shown, the inbox by reference, each credential from the stack's secrets", () => {
  const text = programText(model());
  expect(text).toContain(
    [
      'const hookOpenai = new chatwoot.IntegrationHook("hook-openai", {',
      '  appId: "openai",',
      "  enabled: true,",
      '  secretSettings: { apiKey: config.requireSecret("hookOpenaiApiKey") },',
      "  adoptId: adopt ? 31 : undefined,",
      "});",
    ].join("\n"),
  );
  expect(text).toMatch(/new chatwoot\.IntegrationHook\("hook-dialogflow-in-website", \{\n {2}appId: "dialogflow",\n {2}inboxId: idOf\(inboxWebsite\),\n {2}enabled: false,\n {2}settings: \{ projectId: "acme-bot", region: "global" \},\n {2}secretSettings: \{ credentials: config\.requireSecret\("hookDialogflowInWebsiteCredentials"\) \},/);
});

test("YAML, Python and Go read each credential as a required secret of the config", () => {
  const doc = load(yamlProgramText(model(), "acme")) as { config: Record<string, unknown>; resources: Record<string, { properties: Record<string, unknown> }> };
  expect(doc.config.hookOpenaiApiKey).toEqual({ type: "string", secret: true });
  expect(doc.resources["hook-openai"]?.properties.secretSettings).toEqual({ apiKey: "${hookOpenaiApiKey}" });
  expect(pythonProgramText(model())).toContain('hook_openai_api_key = config.require_secret("hookOpenaiApiKey")');
  const go = goProgramText(model());
  expect(go).toContain('hookOpenaiApiKey := cfg.RequireSecret("hookOpenaiApiKey")');
  expect(go).toContain(`SecretSettings: pulumi.StringMap{"apiKey": hookOpenaiApiKey}`);
});

test("diff compares the shown settings, never the credentials", () => {
  expect(compareModels(model(), model())).toEqual([]);
  const other = buildModel(
    snapshotOf({ ...HOOKS, integrationHooks: [HOOKS.integrationHooks![0]!, { ...HOOKS.integrationHooks![1]!, settings: { project_id: "acme-bot", region: "europe-west1" } }] }),
  );
  expect(JSON.stringify(compareModels(model(), other))).toContain("europe-west1");
});
