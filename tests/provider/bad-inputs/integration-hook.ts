import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const KEY_FILE = JSON.stringify({ type: "service_account" });
const valid = { accountId: 1, appId: "dialogflow", inboxId: 1, settings: { projectId: "acme-bot" }, secretSettings: { credentials: KEY_FILE } };

export const corpus: BadInputCorpus = {
  kind: "IntegrationHook",
  provider: resources.IntegrationHook,
  cases: [
    { name: "missing app", inputs: { ...valid, appId: undefined }, property: "appId" },
    { name: "an app Chatwoot has no hooks for (webhooks are Webhook)", inputs: { ...valid, appId: "webhook" }, property: "appId", reason: "must be one of" },
    { name: "an OAuth app without adoptId", inputs: { accountId: 1, appId: "slack" }, property: "appId", reason: "OAuth" },
    { name: "settings for an OAuth app", inputs: { accountId: 1, appId: "notion", settings: { channelName: "x" }, adoptId: 3 }, property: "settings", reason: "OAuth app" },
    { name: "an inbox app without its inbox", inputs: { ...valid, inboxId: undefined }, property: "inboxId", reason: "belongs to an inbox" },
    { name: "an inbox for an account app", inputs: { accountId: 1, appId: "openai", inboxId: 1, secretSettings: { apiKey: "sk-1" } }, property: "inboxId", reason: "whole account" },
    { name: "a required setting missing", inputs: { ...valid, settings: {} }, property: "settings.projectId", reason: "required by dialogflow" },
    { name: "a required secret missing from the secrets given", inputs: { ...valid, secretSettings: {} }, property: "secretSettings.credentials", reason: "required by dialogflow" },
    { name: "an unknown setting", inputs: { ...valid, settings: { projectId: "p", model: "x" } }, property: "settings.model", reason: "no setting of dialogflow" },
    { name: "a secret given as a plain setting", inputs: { accountId: 1, appId: "openai", settings: { apiKey: "sk-1" } }, property: "settings.apiKey", reason: "belongs in secretSettings" },
    { name: "a key file that is no JSON object", inputs: { ...valid, secretSettings: { credentials: "not json" } }, property: "secretSettings.credentials", reason: "JSON text of an object" },
    { name: "a whole number setting given as text", inputs: { accountId: 1, appId: "leadsquared", settings: { conversationActivityCode: "12" }, secretSettings: { accessKey: "a", secretKey: "s" } }, property: "settings.conversationActivityCode", reason: "whole number" },
    { name: "a switch given as text", inputs: { accountId: 1, appId: "leadsquared", settings: { enableTranscriptActivity: "yes" }, secretSettings: { accessKey: "a", secretKey: "s" } }, property: "settings.enableTranscriptActivity", reason: "true or false" },
    { name: "an empty secret", inputs: { ...valid, secretSettings: { credentials: "" } }, property: "secretSettings.credentials", reason: "must not be empty" },
    { name: "enabled as text", inputs: { ...valid, enabled: "yes" }, property: "enabled", reason: "true or false" },
    { name: "settings as a list", inputs: { ...valid, settings: ["projectId"] }, property: "settings" },
    { name: "misspelt property", inputs: { ...valid, setting: {} }, property: "setting" },
  ],
};
