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
import { secretSettingDoc, secretSettingsOf } from "./program-settings";

/** A value of the program's config: its key, what it does, its type, and its default (none: required). */
export interface YamlSetting {
  key: string;
  /** What it stands for: the suffix of slugs, a portal's custom domain, or the id of an inbox to adopt. */
  purpose: "slug-suffix" | "custom-domain" | "adopted-inbox" | "secret";
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

/** The settings of the YAML program exported from `model`, in the order `Pulumi.yaml` declares them. */
export function yamlSettings(model: AccountModel): YamlSetting[] {
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
  return settings;
}
