import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = {
  accountId: 1,
  name: "Help Center",
  slug: "help",
};

export const corpus: BadInputCorpus = {
  kind: "Portal",
  provider: resources.Portal,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "   " }, property: "name" },
    { name: "missing slug", inputs: { ...valid, slug: undefined }, property: "slug" },
    { name: "slug with a slash", inputs: { ...valid, slug: "help/center" }, property: "slug" },
    { name: "slug with a dot (read as a format by the router)", inputs: { ...valid, slug: "help.center" }, property: "slug" },
    { name: "slug with a space", inputs: { ...valid, slug: "help center" }, property: "slug" },
    { name: "slug with a query mark", inputs: { ...valid, slug: "help?x" }, property: "slug" },
    { name: "colour by name", inputs: { ...valid, color: "blue" }, property: "color" },
    { name: "colour with five digits", inputs: { ...valid, color: "#1f93f" }, property: "color" },
    { name: "custom domain with a path but no scheme", inputs: { ...valid, customDomain: "docs.example.com/help" }, property: "customDomain" },
    { name: "custom domain as an ftp URL", inputs: { ...valid, customDomain: "ftp://docs.example.com" }, property: "customDomain" },
    { name: "homepage link without a scheme", inputs: { ...valid, homepageLink: "www.example.com" }, property: "homepageLink" },
    { name: "default locale not allowed", inputs: { ...valid, config: { allowedLocales: ["en", "es"], defaultLocale: "fr" } }, property: "config.defaultLocale" },
    { name: "locale given by name", inputs: { ...valid, config: { allowedLocales: ["English"] } }, property: "config.allowedLocales.0" },
    { name: "server-only config key", inputs: { ...valid, config: { allowedLocales: ["en"], layout: "classic" } }, property: "config.layout" },
    { name: "inbox id as text", inputs: { ...valid, inboxId: "1" }, property: "inboxId" },
    { name: "archived as text", inputs: { ...valid, archived: "yes" }, property: "archived" },
    { name: "zero account id", inputs: { ...valid, accountId: 0 }, property: "accountId" },
    { name: "misspelt property", inputs: { ...valid, headerTxt: "Welcome" }, property: "headerTxt" },
  ],
};
