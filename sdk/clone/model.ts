/**
 * The account model: every exported object with its kind, natural key, constant name and inputs
 * (other objects referred to as references, never as ids), in the order the program declares
 * them. Code generation prints it; `diff` compares two of them.
 */
import type { Props } from "../../provider/lifecycle/json";
import type { AccountSnapshot } from "./account";
import { draftsOf, type Adoption, type Draft } from "./inputs";
import { NameBook } from "./names";
import { AgentRef, Configured, Ref, ReferenceMap, Unmapped } from "./references";
import { resourceType, typeOrder, type TypeName } from "./resource-types";

export { Configured } from "./references";

/** One exported object. */
export interface ModelObject {
  type: TypeName;
  /** Natural key, unique per kind: what `diff` matches objects of two accounts by. */
  key: string;
  /** The server id in the exported account. */
  id: number;
  /** The constant's name in the program (`labelVip`). */
  identifier: string;
  /** The Pulumi resource name (`label-vip`). */
  resourceName: string;
  /** Plain JSON, with `Ref`, `AgentRef`, `Unmapped` and `Configured` values inside. */
  inputs: Props;
  adoption: Adoption;
  /** Comments above the declaration (each is also a warning; what could not be mapped is commented where it is). */
  notes: string[];
  /** Compared, not declared. */
  facts: Props;
  /** The declaration's resource options, as code. */
  options?: string;
}

/** A value of the program's own config (`pulumi config set <key> ...`). */
export interface ConfigSetting {
  key: string;
  /** What it does, for the program's comments and the README. */
  doc: string;
  /** The declaration in the program (`const adopt = ...;`); absent where it is read inline. */
  code?: string;
}

/** An exported account. */
export interface AccountModel {
  accountId: number;
  /** In declaration order: by kind (see resource-types.ts), then natural key. */
  objects: ModelObject[];
  /** The users the objects refer to, by e-mail address, and the constant holding each one's id. */
  agents: { email: string; identifier: string }[];
  settings: ConfigSetting[];
  /** One line per note and per value that could not be mapped, naming the object. */
  warnings: string[];
}

/** The names the program declares besides the objects. */
const RESERVED = ["pulumi", "chatwoot", "config", "adopt", "idOf", "agentId", "portalSuffix", "portalSlug", "articleSlug"];

/** Whether objects are adopted; every program has it. */
export const ADOPT_SETTING: ConfigSetting = {
  key: "adopt",
  doc:
    "Whether to take over the objects the account already has (the default) instead of creating them: " +
    "set it to false for an account that does not have them.",
  code: 'const adopt = config.getBoolean("adopt") ?? true;',
};

/** The account's name; a program with the account's settings has it (read where it is declared). */
export const accountNameSetting = (exported: string): ConfigSetting => ({
  key: "accountName",
  doc: `The account's name, managed only when set, so that a copy keeps its own (the exported account's is ${JSON.stringify(exported)})`,
});

/** The suffix of portal slugs; a program with portals has it. */
export const PORTAL_SUFFIX_SETTING: ConfigSetting = {
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
export const ARTICLE_SUFFIX_SETTING: ConfigSetting = {
  key: "portalSuffix",
  doc:
    "Portal slugs, article slugs and custom domains are unique across an installation: a copy in another account of the same " +
    'installation sets a suffix (e.g. "staging" makes the slug "help" "help-staging") and leaves the custom domains out.',
  code: `${PORTAL_SUFFIX_SETTING.code as string}\nconst articleSlug = portalSlug;`,
};

/**
 * `value` with every nested value `leaf` answers for replaced (arrays and plain objects are walked;
 * `leaf` returns undefined to have a value walked or kept).
 */
export function mapLeaves(value: unknown, leaf: (v: unknown) => { value: unknown } | undefined): unknown {
  const replaced = leaf(value);
  if (replaced) return replaced.value;
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, leaf));
  if (typeof value === "object" && value !== null && value.constructor === Object) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf)]));
  }
  return value;
}

/** Every nested value of `value` (itself included) that is an instance of `kind`. */
function collect<T>(value: unknown, kind: new (...args: never[]) => T): T[] {
  const found: T[] = [];
  mapLeaves(value, (v) => {
    if (v instanceof kind) found.push(v);
    return undefined;
  });
  return found;
}

/** Code-point order: the same on every machine (unlike localeCompare). */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The account model of a snapshot. */
export function buildModel(snapshot: AccountSnapshot): AccountModel {
  const refs = new ReferenceMap(snapshot);
  const sorted = draftsOf(snapshot, refs).map((draft) => ({ draft, key: refs.keyOf(draft.type, draft.id) as string }));
  sorted.sort((a, b) => typeOrder(a.draft.type) - typeOrder(b.draft.type) || byText(a.key, b.key) || a.draft.id - b.draft.id);
  const keyed = referencedFirst(sorted);

  const names = new NameBook(RESERVED);
  const emails = [...new Set(keyed.flatMap(({ draft }) => collect(draft.inputs, AgentRef).map((a) => a.email)))].sort(byText);
  const agents = emails.map((email) => ({ email, identifier: names.claim("agent", email.split("@")[0] ?? email).identifier }));

  const settings: ConfigSetting[] = [ADOPT_SETTING];
  if (keyed.some(({ draft }) => draft.type === "PortalArticle")) settings.push(ARTICLE_SUFFIX_SETTING);
  else if (keyed.some(({ draft }) => draft.type === "Portal")) settings.push(PORTAL_SUFFIX_SETTING);
  const account = keyed.find(({ draft }) => draft.type === "AccountSettings" && draft.inputs.name instanceof Configured);
  if (account) settings.push(accountNameSetting((account.draft.inputs.name as Configured).value as string));
  const warnings = snapshot.unavailable.map(({ type, reason }) => `${resourceType(type).plural} not exported: ${reason}`);
  const objects = keyed.map(({ draft, key }): ModelObject => {
    const { identifier, resourceName } = names.claim(resourceType(draft.type).prefix, draft.naming ?? key);
    // Before the notes are gathered: an inbox that can only be adopted adds one.
    const adoption = adoptionInputs(draft, identifier, settings);
    const object: ModelObject = {
      type: draft.type,
      key,
      id: draft.id,
      identifier,
      resourceName,
      inputs: { ...draft.inputs, ...adoption },
      adoption: draft.adoption,
      notes: draft.notes,
      facts: draft.facts ?? {},
      options: draft.options,
    };
    if (draft.type === "Portal") configurePortal(object.inputs);
    if (draft.type === "PortalArticle" && typeof object.inputs.slug === "string") {
      object.inputs.slug = new Configured(object.inputs.slug, `articleSlug(${JSON.stringify(object.inputs.slug)})`, true);
    }
    const unmapped = new Set(collect(draft.inputs, Unmapped).map((u) => u.reason));
    for (const note of [...object.notes, ...unmapped]) warnings.push(`${resourceType(draft.type).noun} "${key}": ${note}`);
    return object;
  });
  return { accountId: snapshot.accountId, objects, agents, settings, warnings };
}

/**
 * `sorted` with each object after the objects of its own kind it refers to (a parent category before
 * its sub-categories, the first article of a family before its translations), otherwise in the same
 * order; other kinds come earlier anyway. A cycle (which Chatwoot does not prevent) stays as sorted.
 */
function referencedFirst<T extends { draft: Draft; key: string }>(sorted: T[]): T[] {
  const byKey = new Map(sorted.map((k) => [`${k.draft.type}\u0000${k.key}`, k]));
  const placed = new Set<T>();
  const ordered: T[] = [];
  const visit = (item: T, path: Set<T>) => {
    if (placed.has(item) || path.has(item)) return;
    path.add(item);
    for (const ref of collect(item.draft.inputs, Ref)) {
      const target = ref.type === item.draft.type ? byKey.get(`${ref.type}\u0000${ref.key}`) : undefined;
      if (target) visit(target, path);
    }
    placed.add(item);
    ordered.push(item);
  };
  for (const item of sorted) visit(item, new Set());
  return ordered;
}

/** The adoption inputs of a draft; an inbox that can only be adopted adds its config setting and a note. */
function adoptionInputs(draft: Draft, identifier: string, settings: ConfigSetting[]): Props {
  const { adoption, id } = draft;
  switch (adoption.by) {
    case "key":
      return { adopt: new Configured(true, "adopt", false) };
    case "key-always":
      return { adopt: new Configured(true, "true", false) };
    case "id":
      return { adoptId: new Configured(id, `adopt ? ${id} : undefined`, false) };
    case "id-only": {
      const key = `${identifier}Id`;
      settings.push({ key, doc: `the id of the inbox to adopt as ${identifier} in an account other than the exported one: ${adoption.reason}` });
      draft.notes.push(`${adoption.reason}: in another account, create it there first and \`pulumi config set ${key} <its id>\``);
      return { adoptId: new Configured(id, `adopt ? ${id} : config.requireNumber("${key}")`, false) };
    }
    case "none":
      return {};
  }
}

/** A portal's slug carries the suffix; its custom domain is declared only where there is none. */
function configurePortal(inputs: Props): void {
  if (typeof inputs.slug === "string") inputs.slug = new Configured(inputs.slug, `portalSlug(${JSON.stringify(inputs.slug)})`, true);
  if (typeof inputs.customDomain === "string") {
    inputs.customDomain = new Configured(inputs.customDomain, `portalSuffix === "" ? ${JSON.stringify(inputs.customDomain)} : undefined`, true);
  }
}
