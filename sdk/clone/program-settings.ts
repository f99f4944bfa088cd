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
}

/** Whether objects are adopted; every program has it. */
const ADOPT_SETTING: ConfigSetting = {
  key: "adopt",
  doc:
    "Whether to take over the objects the account already has (the default) instead of creating them: " +
    "set it to false for an account that does not have them.",
  code: 'const adopt = config.getBoolean("adopt") ?? true;',
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
};

/** The suffix setting of a program with help-center articles, whose slugs are unique across an installation too. */
const ARTICLE_SUFFIX_SETTING: ConfigSetting = {
  key: "portalSuffix",
  doc:
    "Portal slugs, article slugs and custom domains are unique across an installation: a copy in another account of the same " +
    'installation sets a suffix (e.g. "staging" makes the slug "help" "help-staging") and leaves the custom domains out.',
  code: `${PORTAL_SUFFIX_SETTING.code as string}\nconst articleSlug = portalSlug;`,
};

/** The account's name; a program with the account's settings has it (read where it is declared). */
const accountNameSetting = (exported: unknown): ConfigSetting => ({
  key: "accountName",
  doc: `The account's name, managed only when set, so that a copy keeps its own (the exported account's is ${JSON.stringify(exported)})`,
});

/** The settings of the program exported from `model`, in the order its README lists them. */
export function programSettings(model: AccountModel): ConfigSetting[] {
  const settings: ConfigSetting[] = [ADOPT_SETTING];
  if (model.objects.some((o) => o.type === "PortalArticle")) settings.push(ARTICLE_SUFFIX_SETTING);
  else if (model.objects.some((o) => o.type === "Portal")) settings.push(PORTAL_SUFFIX_SETTING);
  for (const object of model.objects) {
    const name = object.inputs.name;
    if (object.type === "AccountSettings" && name instanceof Configured) settings.push(accountNameSetting(name.value));
  }
  for (const object of model.objects) {
    for (const { key, setting } of secretSettingsOf(object)) settings.push({ key: setting, doc: `Required, ${secretSettingDoc(object, key)}` });
  }
  for (const object of model.objects) {
    const adoptId = object.inputs.adoptId;
    if (adoptId instanceof Configured && adoptId.rule.kind === "adopt-id-or-setting" && object.adoption.by === "id-only") {
      const doc = `the id of the inbox to adopt as ${object.identifier} in an account other than the exported one: ${object.adoption.reason}`;
      settings.push({ key: adoptId.rule.setting, doc });
    }
  }
  return settings;
}
