/**
 * The account model: every exported object with its kind, natural key, names and inputs (other
 * objects referred to as references, never as ids; values that follow from the program's config as
 * what they follow from, never as one language's code), in the order the program declares them.
 * The TypeScript and YAML renderers print it; `diff` compares two of them.
 */
import type { Props } from "../../provider/lifecycle/json";
import { hasRun } from "../../provider/wire/campaign";
import type { AccountSnapshot } from "./account";
import { describePattern, matchesPattern, type ObjectPattern } from "./exclusions";
import { draftsOf, type Adoption, type Draft } from "./inputs";
import { NameBook } from "./names";
import { AgentRef, Configured, Excluded, naturalKeys, objectKey, Ref, ReferenceMap, Unmapped, type Exclusion } from "./references";
import { resourceType, typeOrder, type TypeName } from "./resource-types";
import { withoutServerDefaults } from "./server-defaults";

export { Configured } from "./references";

/** One exported object. */
export interface ModelObject {
  type: TypeName;
  /** Natural key, unique per kind: what `diff` matches objects of two accounts by. */
  key: string;
  /** The server id in the exported account. */
  id: number;
  /** The constant's name in the TypeScript program (`labelVip`). */
  identifier: string;
  /** The Pulumi resource name (`label-vip`), which the YAML program declares it by. */
  resourceName: string;
  /** Plain JSON, with `Ref`, `AgentRef`, `Unmapped` and `Configured` values inside. */
  inputs: Props;
  adoption: Adoption;
  /** Comments above the declaration (each is also a warning; what could not be mapped is commented where it is). */
  notes: string[];
  /**
   * Compared, not declared: what the program does not set (an adopted inbox's channel type, the
   * server's defaults it leaves out), merged into the inputs field by field for `diff`; a list here
   * stands for the whole list (an inbox's week, of which the inputs list the days they change).
   */
  facts: Props;
  /** The declaration's resource options (`{ retainOnDelete: true }`). */
  options?: Props;
}

/** An exported account. */
export interface AccountModel {
  accountId: number;
  /** In declaration order: by kind (see resource-types.ts), then natural key. */
  objects: ModelObject[];
  /**
   * The users the objects refer to by e-mail address (where agents are not exported), with the
   * TypeScript constant holding each one's id and the YAML variable holding the look-up's answer.
   */
  agents: { email: string; identifier: string; name: string; setting?: string }[];
  /** One line per note and per value that could not be mapped, naming the object. */
  warnings: string[];
  /**
   * A fleet template (`export --template`): no people (each user the objects refer to is the one
   * whose address the config key `setting` of {@link agents} gives), none of what one account has its
   * own of (its name, support address and domains are config keys each account sets), every object
   * created rather than adopted by id.
   */
  template: boolean;
  /**
   * The flags that chose what the export covers (`--template`, `--include`, `--exclude`), which
   * `diff` takes to compare an account with it as it sees them.
   */
  selection: string[];
}

/** How an account is modelled. */
export interface ModelOptions {
  /** Objects left out by name, with what belongs to them. */
  exclude?: readonly ObjectPattern[];
  /** Model a fleet template ({@link AccountModel.template}); the snapshot has no people kinds then. */
  template?: boolean;
  /** {@link AccountModel.selection}. */
  selection?: string[];
}

/** The kinds of people, which a template leaves out (each account has its own). */
export const PEOPLE_KINDS: readonly TypeName[] = ["Agent", "InboxMembership", "TeamMembership", "AgentCapacityPolicyUser"];

/** The config keys of a template's account settings, by input: each account gives its own. */
export const ACCOUNT_SETTING_KEYS = { name: "accountName", supportEmail: "supportEmail", domain: "accountDomain" } as const;

/** The config key holding the e-mail address of the user who stands in a template for `identifier` (`agentCarolEmail`). */
export const personSetting = (identifier: string) => `${identifier}Email`;

/** The names the TypeScript program declares besides the objects. */
const RESERVED = ["pulumi", "chatwoot", "config", "adopt", "idOf", "agentId", "portalSuffix", "portalSlug", "articleSlug"];

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

/**
 * The drafts of a snapshot without the objects `patterns` name and what belongs to them (an object
 * with a required reference to one left out), until nothing more goes; one warning per object left out.
 */
function draftsWithout(snapshot: AccountSnapshot, patterns: readonly ObjectPattern[], warnings: string[]): { refs: ReferenceMap; drafts: Draft[] } {
  const keys = naturalKeys(snapshot);
  const excluded = new Map<string, Exclusion>();
  for (const pattern of patterns) {
    const { noun } = resourceType(pattern.type);
    const matched = [...(keys.get(pattern.type) ?? [])].filter(([, key]) => matchesPattern(pattern, key));
    if (matched.length === 0) warnings.push(`${describePattern(pattern)} matches no ${noun}`);
    for (const [id, key] of matched) {
      excluded.set(objectKey(pattern.type, id), { what: `${noun} "${key}"`, flag: describePattern(pattern) });
      warnings.push(`${noun} "${key}": left out (${describePattern(pattern)})`);
    }
  }
  for (;;) {
    const refs = new ReferenceMap(snapshot, excluded);
    const drafts = draftsOf(snapshot, refs).filter((d) => !excluded.has(objectKey(d.type, d.id)));
    let more = false;
    for (const draft of drafts) {
      const parent = Object.values(draft.inputs).find((v): v is Excluded => v instanceof Excluded && v.value !== undefined);
      if (!parent) continue;
      const what = `${resourceType(draft.type).noun} "${refs.keyOf(draft.type, draft.id)}"`;
      excluded.set(objectKey(draft.type, draft.id), { what, flag: parent.flag });
      warnings.push(`${what}: left out with ${parent.what}, which it belongs to (${parent.flag})`);
      more = true;
    }
    if (!more) return { refs, drafts };
  }
}

/** The account model of a snapshot. */
export function buildModel(snapshot: AccountSnapshot, options: ModelOptions = {}): AccountModel {
  const template = options.template ?? false;
  const warnings: string[] = [];
  const { refs, drafts } = draftsWithout(snapshot, options.exclude ?? [], warnings);
  const sorted = drafts.map((draft) => ({ draft, key: refs.keyOf(draft.type, draft.id) as string }));
  sorted.sort((a, b) => typeOrder(a.draft.type) - typeOrder(b.draft.type) || byText(a.key, b.key) || a.draft.id - b.draft.id);
  const keyed = referencedFirst(sorted);

  const names = new NameBook(RESERVED);
  const emails = [...new Set(keyed.flatMap(({ draft }) => collect(draft.inputs, AgentRef).map((a) => a.email)))].sort(byText);
  const agents = emails.map((email) => {
    const { identifier, resourceName } = names.claim("agent", email.split("@")[0] ?? email);
    return { email, identifier, name: resourceName, ...(template ? { setting: personSetting(identifier) } : {}) };
  });

  warnings.unshift(...snapshot.unavailable.map(({ type, reason }) => `${resourceType(type).plural} not exported: ${reason}`));
  for (const c of snapshot.campaigns.filter(hasRun)) {
    warnings.push(`campaign "${refs.keyOf("Campaign", c.id)}" not exported: a one-off campaign that has run (${c.campaign_status}) is history, and declared it would be sent again`);
  }
  const objects = keyed.map(({ draft, key }): ModelObject => {
    const { identifier, resourceName } = names.claim(resourceType(draft.type).prefix, draft.naming ?? key);
    // Before the notes are gathered: an inbox that can only be adopted adds one.
    const adoption = adoptionInputs(draft, identifier, template);
    // What the program creates elsewhere gets the server's defaults there: they are not declared.
    const created = draft.adoption.by === "key" || draft.adoption.by === "id";
    const { declared, defaults } = created ? withoutServerDefaults(draft.type, draft.inputs) : { declared: draft.inputs, defaults: {} };
    const object: ModelObject = {
      type: draft.type,
      key,
      id: draft.id,
      identifier,
      resourceName,
      inputs: { ...declared, ...adoption },
      adoption: draft.adoption,
      notes: draft.notes,
      facts: { ...defaults, ...draft.facts },
      options: draft.options,
    };
    if (draft.type === "Portal") configurePortal(object.inputs, template ? domainOfTemplate(identifier) : undefined);
    if (draft.type === "AccountSettings" && template) configureAccount(object);
    if (draft.type === "PortalArticle" && typeof object.inputs.slug === "string") {
      object.inputs.slug = new Configured(object.inputs.slug, { kind: "suffixed-slug" }, true);
    }
    const unmapped = new Set(collect(draft.inputs, Unmapped).map((u) => u.reason));
    for (const note of [...object.notes, ...unmapped]) warnings.push(`${resourceType(draft.type).noun} "${key}": ${note}`);
    return object;
  });
  return { accountId: snapshot.accountId, objects, agents, warnings, template, selection: options.selection ?? [] };
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

/** The config key holding the id of the inbox to adopt as the object named `identifier` (one that can only be adopted). */
export const adoptIdSetting = (identifier: string) => `${identifier}Id`;

/**
 * The adoption inputs of a draft; an inbox that can only be adopted adds a note saying what it
 * needs. A template adopts by natural key only (an id is the exported account's), and an inbox that
 * can only be adopted by the id each account gives.
 */
function adoptionInputs(draft: Draft, identifier: string, template: boolean): Props {
  const { adoption, id } = draft;
  switch (adoption.by) {
    case "key":
      return { adopt: new Configured(true, { kind: "adopt" }, false) };
    case "key-always":
      return { adopt: true };
    case "id":
      return template ? {} : { adoptId: new Configured(id, { kind: "adopt-id" }, false) };
    case "id-only": {
      const setting = adoptIdSetting(identifier);
      if (template) {
        draft.notes.push(`${adoption.reason}: in each account, create it there first and set ${setting} to its id`);
        return { adoptId: new Configured(id, { kind: "id-setting", setting }, false) };
      }
      draft.notes.push(`${adoption.reason}: in another account, create it there first and \`pulumi config set ${setting} <its id>\``);
      return { adoptId: new Configured(id, { kind: "adopt-id-or-setting", setting }, false) };
    }
    case "none":
      return {};
  }
}

/** The config key of a template's portal's custom domain (`portalHelpDomain`), which each account gives. */
export const domainOfTemplate = (identifier: string) => `${identifier}Domain`;

/**
 * A portal's slug carries the suffix; its custom domain is declared only where there is none, or
 * in a template from the config key `domainSetting` each account sets (none where it is blank).
 */
function configurePortal(inputs: Props, domainSetting: string | undefined): void {
  if (typeof inputs.slug === "string") inputs.slug = new Configured(inputs.slug, { kind: "suffixed-slug" }, true);
  if (domainSetting !== undefined) inputs.customDomain = new Configured(inputs.customDomain, { kind: "blank-setting", setting: domainSetting }, false);
  else if (typeof inputs.customDomain === "string") inputs.customDomain = new Configured(inputs.customDomain, { kind: "unsuffixed-domain" }, true);
}

/**
 * A template's account settings: the name, support address and domain from the config keys each
 * account sets, not compared (first, in that order; then the settings every account gets).
 */
function configureAccount(object: ModelObject): void {
  const configured: Props = {};
  for (const [input, setting] of Object.entries(ACCOUNT_SETTING_KEYS)) {
    const current = object.inputs[input];
    const value = current instanceof Configured ? current.value : (current ?? object.facts[input]);
    configured[input] = new Configured(value, { kind: "blank-setting", setting }, false);
    delete object.facts[input];
  }
  object.inputs = { ...configured, ...Object.fromEntries(Object.entries(object.inputs).filter(([input]) => !(input in configured))) };
}
