/**
 * The settings of the exported YAML program's own config (`config:` in `Pulumi.yaml`). Pulumi YAML
 * has no conditional expression, so the model's configured values (./references.ts `ConfigRule`)
 * become settings a value can be read from as it is: the suffix of slugs is appended as written,
 * a custom domain is a setting of its own whose default is the exported one, and an inbox that can
 * only be adopted is adopted by the id its setting gives. Adoption by the exported id has no
 * setting: a YAML program adopts the objects of the account it came from with `pulumi import`
 * (the native plugin imports every type), and creates them anywhere else.
 */
import { Configured, type AccountModel, type ModelObject } from "./model";
import { secretSettingDoc, secretSettingsOf, templateSettings } from "./program-settings";
import { yamlCommentLines, yamlEntry } from "./yaml-code";

/** A value of the program's config: its key, what it does, its type, and its default (none: required). */
export interface YamlSetting {
  key: string;
  /**
   * What it stands for: the suffix of slugs, a portal's custom domain, the id of an inbox to adopt, a
   * credential, and in a template the person standing in for a user, or a value each account has its
   * own of (blank: not managed).
   */
  purpose: "slug-suffix" | "custom-domain" | "adopted-inbox" | "secret" | "person" | "blank";
  /** What it does, for the comment above it and the README. */
  doc: string;
  type: "string" | "integer";
  default?: string | number;
  /** Its value for the exported account itself (a required setting's; the default's otherwise); a secret's is not known. */
  exported: string | number;
  /** A credential the user sets as a secret (`pulumi config set --secret`). */
  secret?: true;
}

/** The suffix appended to slugs that are unique across an installation. */
export const SLUG_SUFFIX = "slugSuffix";

/** The setting holding the custom domain of a portal. */
export const domainSetting = (portal: ModelObject) => `${portal.identifier}Domain`;

/**
 * The settings of the program on the plugin exported from `model`, in the order the program reads
 * them. `blank`: whether the language can leave a property out where a setting is blank (Python and
 * Go can; Pulumi YAML, which has no conditional, declares a template's account name, support address
 * and domains nowhere, and says so in a comment).
 */
export function yamlSettings(model: AccountModel, options: { blank?: boolean } = {}): YamlSetting[] {
  const settings: YamlSetting[] = [];
  const articles = model.objects.some((o) => o.type === "PortalArticle");
  if (articles || model.objects.some((o) => o.type === "Portal")) {
    settings.push({
      key: SLUG_SUFFIX,
      purpose: "slug-suffix",
      doc:
        `${articles ? "Portal and article slugs" : "Portal slugs"} are unique across an installation: a copy in another account of the ` +
        'same installation appends a suffix, written with its dash (e.g. "-staging" makes the slug "help" "help-staging"; ' +
        "`pulumi-chatwoot diff --portal-suffix staging` compares such a copy)",
      type: "string",
      default: "",
      exported: "",
    });
  }
  for (const object of model.objects) {
    const { customDomain, adoptId } = object.inputs;
    if (customDomain instanceof Configured && customDomain.rule.kind === "unsuffixed-domain") {
      settings.push({
        key: domainSetting(object),
        purpose: "custom-domain",
        doc:
          `The custom domain of the portal ${object.resourceName}. Custom domains are unique across an installation: a copy in ` +
          "another account of the same installation gives its own",
        type: "string",
        default: customDomain.value as string,
        exported: customDomain.value as string,
      });
    }
    for (const { key, setting } of secretSettingsOf(object)) {
      settings.push({ key: setting, purpose: "secret", doc: secretSettingDoc(object, key), type: "string", secret: true, exported: "" });
    }
    if (adoptId instanceof Configured && adoptId.rule.kind === "adopt-id-or-setting" && object.adoption.by === "id-only") {
      settings.push({
        key: adoptId.rule.setting,
        purpose: "adopted-inbox",
        doc:
          `The id of the inbox to adopt as ${object.resourceName}: ${object.adoption.reason}. In account ${model.accountId}, where it ` +
          `was exported from, it is ${String(adoptId.value)}; in another account, create it there first and give its id`,
        type: "integer",
        exported: adoptId.value as number,
      });
    }
  }
  for (const setting of templateSettings(model)) {
    const purpose = setting.default !== undefined ? "blank" : setting.type === "integer" ? "adopted-inbox" : "person";
    if (purpose === "blank" && !options.blank) continue;
    settings.push({ key: setting.key, purpose, doc: setting.doc, type: setting.type === "integer" ? "integer" : "string", default: setting.default as string | undefined, exported: "" });
  }
  return settings;
}

/** A setting as a project's `config:` block declares it. */
export interface DeclaredSetting {
  key: string;
  doc: string;
  type: string;
  default?: string | number | boolean;
  secret?: true;
}

/**
 * A Pulumi project's `config:` block declaring `settings` (each with its type, and its default or
 * `secret`; one without a default is required, which Pulumi checks before a program runs), each
 * with its description as a comment above it.
 */
export function configBlockLines(settings: readonly DeclaredSetting[]): string[] {
  const lines = ["config:"];
  for (const setting of settings) {
    lines.push(...yamlCommentLines(setting.doc, 2));
    const entry = setting.default === undefined ? { type: setting.type, ...(setting.secret ? { secret: true } : {}) } : { type: setting.type, default: setting.default };
    lines.push(...yamlEntry(setting.key, entry, 2));
  }
  return lines;
}
