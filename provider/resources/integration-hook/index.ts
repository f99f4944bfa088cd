import { z } from "zod";
import { ChatwootApiError } from "../../http/transport/errors";
import { markAdopted } from "../../lifecycle/adopt";
import { call, unlessNotFound } from "../../lifecycle/api";
import { defineCollectionResource } from "../../lifecycle/collection";
import { digestsOf, normalizeCredentials } from "../../lifecycle/credential-digest";
import type { Props } from "../../lifecycle/json";
import { accountId, objectId } from "../../validation/fields";
import { single } from "../../wire/envelope";
import { IntegrationAppWire, IntegrationHookWire } from "../../wire/integration-hook";
import { accountPath } from "../../wire/paths";
import { HOOK_APP_IDS, hookApp } from "./apps";
import { missingForWrite, normalizeSettings, rememberSecrets, secretValue, settingsBody, settingsOutput, settingsProblems, settingValue } from "./settings";

/** The checks of `IntegrationHookArgs` (sdk/integration-hook.ts, where each argument is documented). */
export const IntegrationHookInputs = z
  .strictObject({
    accountId,
    appId: z.enum(HOOK_APP_IDS, { error: `must be one of ${HOOK_APP_IDS.join(", ")}` }),
    inboxId: objectId.optional(),
    enabled: z.boolean({ error: "must be true or false" }).optional(),
    settings: z.record(z.string(), settingValue, { error: "must be an object of settings" }).optional(),
    secretSettings: z.record(z.string(), secretValue, { error: "must be an object of secret settings" }).optional(),
    adoptId: objectId.optional(),
  })
  .superRefine((inputs, ctx) => {
    const app = hookApp(inputs.appId);
    if (!app) return;
    const problem = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (app.hookType === "inbox" && inputs.inboxId === undefined) problem(["inboxId"], `is required: a ${inputs.appId} hook belongs to an inbox`);
    if (app.hookType === "account" && inputs.inboxId !== undefined) problem(["inboxId"], `cannot be set: a ${inputs.appId} hook belongs to the whole account`);
    if (app.oauth && inputs.adoptId === undefined) {
      problem(
        ["appId"],
        `${inputs.appId} is installed through OAuth, which needs a person's consent in a browser: install it in Chatwoot's dashboard ` +
          "(Settings, Integrations), then take its hook over with adoptId",
      );
    }
    for (const issue of settingsProblems(inputs.appId, inputs.settings, inputs.secretSettings)) ctx.addIssue({ code: "custom", ...issue });
  });
export type IntegrationHookInputs = z.input<typeof IntegrationHookInputs>;
type Inputs = z.output<typeof IntegrationHookInputs>;
type Hook = z.output<typeof IntegrationHookWire>;

/** A hook, or an app listing its hooks: what older servers rendered for a create or an update. */
const HookAnswer = z.union([single(IntegrationHookWire), IntegrationAppWire]);

/** The hook an answer names: itself, or in an older server's app, the newest hook of the inputs' inbox. */
function hookOf(answer: z.output<typeof HookAnswer>, inputs: Inputs, id?: string): Hook {
  if (!("hooks" in answer)) return answer;
  const candidates = answer.hooks.filter((hook) => (id === undefined ? (hook.inbox_id ?? undefined) === inputs.inboxId : String(hook.id) === id));
  const hook = candidates.sort((a, b) => b.id - a.id)[0];
  if (!hook) throw new Error(`the answer for the ${inputs.appId} hook listed none that matches`);
  return hook;
}

/** The account's hooks of one app (`GET /integrations/apps/{app}`); none where the server lacks the app. */
async function hooksOf(props: Props, appId: string): Promise<Hook[]> {
  const app = await unlessNotFound(() => call(single(IntegrationAppWire), { method: "GET", path: accountPath(props.accountId as number, "integrations", "apps", appId) }));
  return app?.hooks ?? [];
}

/** The hook with the id, looked for among the apps the props name (every app when they name none, as an import does). */
async function hookById(props: Props, id: string): Promise<Hook | undefined> {
  const apps = typeof props.appId === "string" ? [props.appId] : HOOK_APP_IDS;
  for (const appId of apps) {
    const hook = (await hooksOf(props, appId)).find((h) => String(h.id) === id);
    if (hook) return hook;
  }
  return undefined;
}

/** Complete outputs: the settings as shown (secrets never), each secret as a digest. */
function outputs(base: Props, hook: Hook): Props {
  return {
    ...base,
    appId: hook.app_id,
    inboxId: hook.inbox_id,
    enabled: hook.enabled,
    hookType: hook.hook_type,
    settings: settingsOutput(hookApp(hook.app_id), hook.settings, base.settings),
    // The server never shows them: the digests are of the values last sent.
    secretSettings: digestsOf(base.secretSettings),
  };
}

/** Chatwoot's update applies only the status and the settings, which it replaces whole: secrets are sent again. */
function hookBody(inputs: Inputs, keys: readonly string[], write: "create" | "update"): object {
  const settingsSent = keys.includes("settings") || keys.includes("secretSettings");
  const missing = settingsSent && write === "update" ? missingForWrite(inputs.appId, inputs.settings, inputs.secretSettings, "update") : undefined;
  if (missing) throw new Error(`PATCH not sent: ${missing}`);
  return {
    ...(write === "create" ? { app_id: inputs.appId, ...(inputs.inboxId === undefined ? {} : { inbox_id: inputs.inboxId }) } : {}),
    ...(keys.includes("enabled") && inputs.enabled !== undefined ? { status: inputs.enabled ? "enabled" : "disabled" } : {}),
    ...(settingsSent ? { settings: settingsBody(inputs.appId, inputs.settings, inputs.secretSettings) } : {}),
  };
}

/** What a create sends: everything given. */
const CREATED = ["enabled", "settings", "secretSettings"];

/**
 * An integration hook of an account (`/integrations/hooks`): an app of Chatwoot's integrations
 * page connected with its settings; id: the hook id. Hooks have no show action and no index: one
 * is read from its app (`GET /integrations/apps/{app}`, which lists the account's hooks of it).
 * There is no natural key (Dialogflow takes several per inbox): taken over with `adoptId`.
 */
export const integrationHook = defineCollectionResource({
  inputs: IntegrationHookInputs,
  wire: IntegrationHookWire,
  noun: "integration hook",
  at: { path: "integrations/hooks", show: "list", importForms: ["<id>", "<accountId>/<id>"] },
  adoption: {
    byId: {
      find: async (inputs, id) => (await hookById({ accountId: inputs.accountId }, String(id))) ?? `account ${inputs.accountId} has no integration hook ${id}`,
      refuse: (inputs, hook) =>
        hook.app_id !== inputs.appId
          ? `hook ${hook.id} is of app ${hook.app_id}, not ${inputs.appId}`
          : (hook.inbox_id ?? undefined) !== inputs.inboxId
            ? `hook ${hook.id} belongs to ${hook.inbox_id === null ? "the whole account" : `inbox ${hook.inbox_id}`}, not ${inputs.inboxId === undefined ? "the whole account" : `inbox ${inputs.inboxId}`}`
            : undefined,
      // The secrets cannot be read: adoption sends them (with the settings, which Chatwoot replaces whole).
      current: (inputs, hook) => markAdopted({ ...outputs({ ...inputs, secretSettings: undefined }, hook), secretSettings: null }),
    },
    refuseCreate: (inputs, listed) => {
      const missing = missingForWrite(inputs.appId, inputs.settings, inputs.secretSettings, "create");
      if (missing) return missing;
      const taken = hookApp(inputs.appId)?.multiple ? undefined : listed[0];
      return taken && `account ${inputs.accountId} has a ${inputs.appId} hook already (${taken.id}), and Chatwoot allows one: take it over with adoptId: ${taken.id}`;
    },
    // Secrets are never shown: a hook is this create's when its app, inbox and shown settings are.
    sameContent: (inputs, hook) =>
      hook.app_id === inputs.appId &&
      (hook.inbox_id ?? undefined) === inputs.inboxId &&
      JSON.stringify(normalizeSettings(settingsOutput(hookApp(hook.app_id), hook.settings, inputs.settings))) === JSON.stringify(normalizeSettings(inputs.settings ?? null)),
  },
  content: {
    credentialKeys: ["secretSettings"],
    replaceOn: ["appId", "inboxId"],
    normalizers: { settings: normalizeSettings, secretSettings: normalizeCredentials },
    body: hookBody,
    outputs,
  },
  hooks: {
    async prepare(inputs) {
      rememberSecrets(inputs.secretSettings);
      return { inputs, failures: [] };
    },
    api: (_rest, at) => ({
      list: (inputs) => hooksOf(inputs, inputs.appId),
      get: hookById,
      post: async (inputs) => hookOf(await call(HookAnswer, { method: "POST", path: at.collection(inputs), json: hookBody(inputs, CREATED, "create") }), inputs),
      patch: async (inputs, id, keys) => hookOf(await call(HookAnswer, { method: "PATCH", path: at.member(inputs, id), json: hookBody(inputs, keys, "update") }), inputs, id),
    }),
    explain: (err, inputs) =>
      ChatwootApiError.isInstance(err) && err.status === 422 && /feature/i.test(err.message) && hookApp(inputs.appId)?.feature
        ? new Error(`${err.message} (the ${inputs.appId} app needs the account feature ${hookApp(inputs.appId)?.feature})`)
        : err,
  },
});
