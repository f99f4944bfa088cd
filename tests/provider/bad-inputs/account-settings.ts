import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "Acme", locale: "en", autoResolveAfter: 1440 };

export const corpus: BadInputCorpus = {
  kind: "AccountSettings",
  provider: resources.AccountSettings,
  cases: [
    { name: "blank name", inputs: { ...valid, name: "  " }, property: "name", reason: "must not be blank" },
    { name: "null name (Chatwoot requires one)", inputs: { ...valid, name: null }, property: "name" },
    { name: "name of two lines", inputs: { ...valid, name: "Acme\nInc" }, property: "name" },
    { name: "locale with a hyphen", inputs: { ...valid, locale: "pt-BR" }, property: "locale", reason: 'did you mean "pt_BR"' },
    { name: "locale as a language name", inputs: { ...valid, locale: "English" }, property: "locale", reason: "account languages" },
    { name: "locale as its enum integer", inputs: { ...valid, locale: 0 }, property: "locale" },
    { name: "domain with a scheme", inputs: { ...valid, domain: "https://mail.acme.test" }, property: "domain" },
    { name: "domain of one label", inputs: { ...valid, domain: "localhost" }, property: "domain", reason: "two labels" },
    { name: "domain over 100 characters", inputs: { ...valid, domain: `${"d".repeat(95)}.acme.test` }, property: "domain", reason: "at most 100" },
    { name: "support address without @", inputs: { ...valid, supportEmail: "help.acme.test" }, property: "supportEmail", reason: "e-mail address" },
    { name: "support address null (it cannot be cleared)", inputs: { ...valid, supportEmail: null }, property: "supportEmail", reason: "cannot be cleared" },
    { name: "support address over 100 characters", inputs: { ...valid, supportEmail: `${"h".repeat(95)}@acme.test` }, property: "supportEmail", reason: "at most 100" },
    { name: "two support addresses", inputs: { ...valid, supportEmail: "a@acme.test, b@acme.test" }, property: "supportEmail" },
    { name: "auto-resolve after 5 minutes (Chatwoot's minimum is 10)", inputs: { ...valid, autoResolveAfter: 5 }, property: "autoResolveAfter", reason: "at least 10" },
    { name: "auto-resolve after more than 999 days", inputs: { ...valid, autoResolveAfter: 1_439_857 }, property: "autoResolveAfter", reason: "999 days" },
    { name: "auto-resolve after a fraction of a minute", inputs: { ...valid, autoResolveAfter: 90.5 }, property: "autoResolveAfter", reason: "whole number" },
    { name: "auto-resolve after as text", inputs: { ...valid, autoResolveAfter: "1440" }, property: "autoResolveAfter" },
    { name: "auto-resolve message with a NUL", inputs: { ...valid, autoResolveMessage: "Closed\u0000" }, property: "autoResolveMessage", reason: "U+0000 NULL" },
    { name: "ignore-waiting flag as text", inputs: { ...valid, autoResolveIgnoreWaiting: "yes" }, property: "autoResolveIgnoreWaiting" },
    { name: "auto-resolve label of two lines", inputs: { ...valid, autoResolveLabel: "auto\nclosed" }, property: "autoResolveLabel" },
    { name: "required attributes as one text", inputs: { ...valid, conversationRequiredAttributes: "plan" }, property: "conversationRequiredAttributes", reason: "list of attribute keys" },
    { name: "required attributes null (the server ignores it; [] is none)", inputs: { ...valid, conversationRequiredAttributes: null }, property: "conversationRequiredAttributes", reason: "[] for none" },
    { name: "a blank required attribute", inputs: { ...valid, conversationRequiredAttributes: ["plan", " "] }, property: "conversationRequiredAttributes.1" },
    { name: "account status (not a setting)", inputs: { ...valid, status: "suspended" }, property: "status", reason: "unknown property" },
    { name: "auto-resolve duration in days (older servers' field)", inputs: { ...valid, autoResolveDuration: 7 }, property: "autoResolveDuration", reason: "unknown property" },
  ],
};
