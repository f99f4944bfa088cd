/**
 * The settings of the exported TypeScript program's own config (`pulumi config set <key> ...`):
 * which the program has follows from the model's configured values (./references.ts `ConfigRule`).
 */
import { Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";

/** The stack secret holding the credential `key` of an object (`hookOpenaiApiKey`), which the user sets. */
export const secretSetting = (object: ModelObject, key: string) => `${object.identifier}${key.charAt(0).toUpperCase()}${key.slice(1)}`;

/** The credentials an object reads from the stack's secrets: each `secret-setting` value in its inputs, with its setting. */
export function secretSettingsOf(object: ModelObject): { key: string; setting: string }[] {
  const found: { key: string; setting: string }[] = [];
  mapLeaves(object.inputs, (v) => {
    if (v instanceof Configured && v.rule.kind === "secret-setting") found.push({ key: v.rule.key, setting: secretSetting(object, v.rule.key) });
    return undefined;
  });
  return found;
}

/** What a credential's setting is, for the program's comments and the README. */
export const secretSettingDoc = (object: ModelObject, key: string) =>
  `a secret (pulumi config set --secret): the ${key} of ${object.identifier}, which an export never writes (the API shows it to no one, or to administrators only)`;

/** A value of the program's own config. */
export interface ConfigSetting {
  key: string;
  /** What it does, for the program's comments and the README. */
  doc: string;
  /** The declaration in the program (`const adopt = ...;`); absent where it is read inline. */
  code?: string;
  /** Its type in the project's `config:` block (a template's Pulumi.yaml declares every setting). */
  type: "string" | "integer" | "boolean";
  /** Its default; none: the stack must set it. */
  default?: string | number | boolean;
  /** A credential the stack sets as a secret (`pulumi config set --secret`). */
  secret?: true;
}

/** Whether objects are adopted; every program has it. */
const ADOPT_SETTING: ConfigSetting = {
  key: "adopt",
  doc:
    "Whether to take over the objects the account already has (the default) instead of creating them: " +
    "set it to false for an account that does not have them.",
  code: 'const adopt = config.getBoolean("adopt") ?? true;',
  type: "boolean",
  default: true,
};

/** A template's: objects are created unless an account has them already. */
const TEMPLATE_ADOPT_SETTING: ConfigSetting = {
  key: "adopt",
  doc:
    "Whether to take over the objects of the same name an account has already (labels by title, teams by name, ...) " +
    "instead of creating them: false by default, true for an account that has them (the one the template was exported from)",
  code: 'const adopt = config.getBoolean("adopt") ?? false;',
  type: "boolean",
  default: false,
};

/** The suffix of portal slugs; a program with portals has it. */
const PORTAL_SUFFIX_SETTING: ConfigSetting = {
  key: "portalSuffix",
  doc:
    "Portal slugs and custom domains are unique across an installation: a copy in another account of the same " +
    'installation sets a suffix (e.g. "staging" makes the slug "help" "help-staging") and leaves the custom domains out.',
  code: [
    'const portalSuffix = config.get("portalSuffix") ?? "";',
    'const portalSlug = (slug: string) => (portalSuffix === "" ? slug : `${slug}-${portalSuffix}`);',
  ].join("\n"),
  type: "string",
  default: "",
};

/** The suffix setting of a program with help-center articles, whose slugs are unique across an installation too. */
const ARTICLE_SUFFIX_SETTING: ConfigSetting = {
  key: "portalSuffix",
  doc:
    "Portal slugs, article slugs and custom domains are unique across an installation: a copy in another account of the same " +
    'installation sets a suffix (e.g. "staging" makes the slug "help" "help-staging") and leaves the custom domains out.',
  code: `${PORTAL_SUFFIX_SETTING.code as string}\nconst articleSlug = portalSlug;`,
  type: "string",
  default: "",
};

/** The account's name; a program with the account's settings has it (read where it is declared). */
const accountNameSetting = (exported: unknown): ConfigSetting => ({
  key: "accountName",
  doc: `The account's name, managed only when set, so that a copy keeps its own (the exported account's is ${JSON.stringify(exported)})`,
  type: "string",
});

/** What each of a template's blank settings is (by the input it sets), for the comments and the README. */
const BLANK_SETTING_DOCS: Record<string, string> = {
  name: "The account's name",
  supportEmail: "The account's support address (help@acme.test, or Acme Support <help@acme.test>)",
  domain: "The account's e-mail domain, for inbound mail and reply addresses",
  customDomain: "The custom domain of the portal",
};

/**
 * The settings a template reads that each account sets, whichever language it is in: the values
 * one account has its own of (blank: not managed, the account keeps its own), the person who stands
 * in for each user the objects refer to, and the id of each inbox that can only be adopted.
 */
export function templateSettings(model: AccountModel): ConfigSetting[] {
  const settings: ConfigSetting[] = [];
  for (const object of model.objects) {
    for (const [input, value] of Object.entries(object.inputs)) {
      if (!(value instanceof Configured) || value.rule.kind !== "blank-setting") continue;
      const what = input === "customDomain" ? `${BLANK_SETTING_DOCS.customDomain} ${object.resourceName}` : (BLANK_SETTING_DOCS[input] ?? input);
      settings.push({ key: value.rule.setting, doc: `${what}, managed only when set (blank: the account keeps its own)`, type: "string", default: "" });
    }
  }
  for (const agent of model.agents) {
    if (agent.setting === undefined) continue;
    const doc = `Required, the e-mail address of the user of the account who takes the place of ${agent.email} in the exported account (an author, sender or assignee there)`;
    settings.push({ key: agent.setting, doc, type: "string" });
  }
  for (const object of model.objects) {
    const adoptId = object.inputs.adoptId;
    if (adoptId instanceof Configured && adoptId.rule.kind === "id-setting" && object.adoption.by === "id-only") {
      settings.push({ key: adoptId.rule.setting, doc: `Required, the id of the account's inbox to adopt as ${object.identifier}: ${object.adoption.reason}`, type: "integer" });
    }
  }
  return settings;
}

/** The settings of the program exported from `model`, in the order its README lists them. */
export function programSettings(model: AccountModel): ConfigSetting[] {
  const settings: ConfigSetting[] = [model.template ? TEMPLATE_ADOPT_SETTING : ADOPT_SETTING];
  if (model.objects.some((o) => o.type === "PortalArticle")) settings.push(ARTICLE_SUFFIX_SETTING);
  else if (model.objects.some((o) => o.type === "Portal")) settings.push(PORTAL_SUFFIX_SETTING);
  for (const object of model.objects) {
    const name = object.inputs.name;
    if (object.type === "AccountSettings" && name instanceof Configured && name.rule.kind === "optional-setting") settings.push(accountNameSetting(name.value));
  }
  settings.push(...templateSettings(model));
  for (const object of model.objects) {
    for (const { key, setting } of secretSettingsOf(object)) settings.push({ key: setting, doc: `Required, ${secretSettingDoc(object, key)}`, type: "string", secret: true });
  }
  for (const object of model.objects) {
    const adoptId = object.inputs.adoptId;
    if (adoptId instanceof Configured && adoptId.rule.kind === "adopt-id-or-setting" && object.adoption.by === "id-only") {
      const doc = `the id of the inbox to adopt as ${object.identifier} in an account other than the exported one: ${object.adoption.reason}`;
      settings.push({ key: adoptId.rule.setting, doc, type: "integer" });
    }
  }
  return settings;
}
