import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { name: "Initech" };

export const corpus: BadInputCorpus = {
  kind: "PlatformAccount",
  provider: resources.PlatformAccount,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "  " }, property: "name" },
    { name: "name on two lines", inputs: { ...valid, name: "Ini\ntech" }, property: "name", reason: "U+000A LINE FEED" },
    { name: "locale with a dash", inputs: { ...valid, locale: "pt-BR" }, property: "locale", reason: "pt_BR" },
    { name: "domain that is no host name", inputs: { ...valid, domain: "not a host" }, property: "domain" },
    { name: "support address without a domain", inputs: { ...valid, supportEmail: "help" }, property: "supportEmail" },
    { name: "unknown status", inputs: { ...valid, status: "closed" }, property: "status", reason: "active, suspended" },
    { name: "feature flag that is not a boolean", inputs: { ...valid, features: { help_center: "yes" } }, property: "features.help_center", reason: "true (on) or false (off)" },
    { name: "feature flag in camelCase", inputs: { ...valid, features: { helpCenter: true } }, property: "features.helpCenter", reason: "snake_case" },
    { name: "features as a list", inputs: { ...valid, features: ["help_center"] }, property: "features" },
    { name: "negative limit", inputs: { ...valid, limits: { agents: -1 } }, property: "limits.agents", reason: "at least 0" },
    { name: "fractional limit", inputs: { ...valid, limits: { inboxes: 2.5 } }, property: "limits.inboxes", reason: "whole number" },
    { name: "limit Chatwoot does not know", inputs: { ...valid, limits: { seats: 3 } }, property: "limits.seats", reason: "agents, inboxes, emails, captain_responses, captain_documents" },
    { name: "custom attributes as text", inputs: { ...valid, customAttributes: "plan=pro" }, property: "customAttributes" },
    { name: "an account id (a Platform account has none)", inputs: { ...valid, accountId: 1 }, property: "accountId" },
  ],
};
