/**
 * Comparing two account models: objects are matched by kind and natural key, references compare by
 * what they refer to (a team by its name, a user by e-mail address), never by id, and each property
 * compares in the diff layer's normalized form, so that what a resource would not change is no
 * difference either (colour case, a set's order, equivalent working hours).
 */
import { resources } from "../../provider";
import type { Normalizer } from "../../provider/diff/diff";
import { normalizeTextSet, sameValue } from "../../provider/diff/normalize";
import type { Props } from "../../provider/lifecycle/json";
import { byText, Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";
import { AgentRef, Ref, Unmapped } from "./references";
import { resourceType, typeOrder, type TypeName } from "./resource-types";

/** One property whose values differ, each in compared form (references as `team "billing"`). */
export interface PropertyChange {
  property: string;
  source: unknown;
  target: unknown;
  /**
   * Of a property a copy adds to (a membership's users), the entries only the target holds, when
   * the target holds every entry of the source: it differs only by holding more.
   */
  onlyInTarget?: string[];
}

/** An object that only one account has, or that both have with different properties. */
export interface Difference {
  type: TypeName;
  key: string;
  /** `missing`: only the source has it; `extra`: only the target; `changed`: both, differently. */
  kind: "missing" | "extra" | "changed";
  changes: PropertyChange[];
}

/** How the target was made from the source. */
export interface CompareOptions {
  /**
   * The `portalSuffix` the copy was applied with: the target's portal and article slugs end with
   * `-<suffix>`, and custom domains (which the copy leaves out) are not compared.
   */
  portalSuffix?: string;
}

/** Control inputs: how a program finds an object, not what the object is. */
const NOT_COMPARED = new Set(["adopt", "adoptId"]);

/**
 * Where the model holds a property in another form than the resource's inputs: members are people
 * by e-mail address (a set of texts), not user ids, which differ between accounts.
 */
const BY_REFERENCE: Partial<Record<string, Normalizer>> = { userIds: normalizeTextSet };

/** Properties a copy adds to rather than replaces: memberships keep the destination's own members. */
const ADDITIVE = new Set(["userIds"]);

/** A value skipped by the comparison (a config-dependent value that is not compared). */
const SKIP = Symbol("skip");

/** How a natural key reads in the other account's terms (the copy's slugs carry a suffix). */
type KeyOf = (type: TypeName, key: string) => string;

/** How a template compares a user the objects refer to: as anyone (each account names its own). */
const ANY_PERSON = "a user of the account";

/**
 * An input in compared form: references as what they name, unmapped values as they are; users by
 * e-mail address, or as anyone where `anyPerson` (templates).
 */
function comparable(value: unknown, keyOf: KeyOf, anyPerson: boolean): unknown {
  return mapLeaves(value, (v) => {
    if (v instanceof Ref) return { value: `${resourceType(v.type).noun} "${keyOf(v.type, v.key)}"` };
    if (v instanceof AgentRef) return { value: anyPerson ? ANY_PERSON : v.email.toLowerCase() };
    if (v instanceof Unmapped) return { value: comparable(v.value, keyOf, anyPerson) };
    if (v instanceof Configured) return { value: v.compared ? comparable(v.value, keyOf, anyPerson) : SKIP };
    return undefined;
  });
}

/**
 * A key of the copy in the source's terms: the suffix the copy added to portal slugs (which lead the
 * keys of categories and articles too) and article slugs taken off.
 */
function unsuffixed(suffix: string): KeyOf {
  const strip = (text: string) => (suffix !== "" && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text);
  return (type, key) => {
    if (type === "Portal") return strip(key);
    if (type !== "PortalCategory" && type !== "PortalArticle") return key;
    const [portal = "", ...rest] = key.split("/");
    const inPortal = rest.join("/");
    return `${strip(portal)}/${type === "PortalArticle" ? strip(inPortal) : inPortal}`;
  };
}

const isPlainObject = (v: unknown): v is Props => typeof v === "object" && v !== null && !Array.isArray(v) && v.constructor === Object;

/** `inputs` with `facts` merged in: an object field by field, anything else (a list among them) as the fact has it. */
function withFacts(inputs: Props, facts: Props): Props {
  const merged: Props = { ...inputs };
  for (const [key, fact] of Object.entries(facts)) {
    const input = merged[key];
    merged[key] = isPlainObject(input) && isPlainObject(fact) ? withFacts(input, fact) : fact;
  }
  return merged;
}

/** The properties and facts of an object in compared form, and the natural key it is matched by. */
function view(object: ModelObject, options: CompareOptions, target: boolean, anyPerson: boolean): { key: string; props: Props } {
  const suffix = options.portalSuffix ? `-${options.portalSuffix}` : "";
  const keyOf: KeyOf = target ? unsuffixed(suffix) : (_type, key) => key;
  const props: Props = {};
  for (const [name, value] of Object.entries(withFacts(object.inputs, object.facts))) {
    const form = comparable(value, keyOf, anyPerson);
    if (!NOT_COMPARED.has(name) && form !== SKIP) props[name] = form;
  }
  if (object.type === "Portal" && suffix !== "") delete props.customDomain;
  const suffixed = object.type === "Portal" || object.type === "PortalArticle";
  if (target && suffixed && typeof props.slug === "string") props.slug = keyOf("Portal", props.slug);
  return { key: keyOf(object.type, object.key), props };
}

/**
 * The properties whose values differ (a property one side leaves out counts as null), each
 * compared as the resource's own diff compares it, the source in the place of the program.
 */
function changesBetween(type: TypeName, source: Props, target: Props): PropertyChange[] {
  const names = [...new Set([...Object.keys(source), ...Object.keys(target)])].sort(byText);
  const changes: PropertyChange[] = [];
  for (const property of names) {
    const normalize: Normalizer = BY_REFERENCE[property] ?? resources[type].normalizers[property] ?? ((v: unknown) => v ?? null);
    const a = source[property] ?? null;
    const b = target[property] ?? null;
    const [from, to] = [normalize(a, a), normalize(b, a)];
    if (sameValue(from, to)) continue;
    const extra = ADDITIVE.has(property) ? onlyMore(from, to) : undefined;
    changes.push(extra ? { property, source: a, target: b, onlyInTarget: extra } : { property, source: a, target: b });
  }
  return changes;
}

/** The entries only `to` holds when it holds every entry of `from` (two normalized sets of texts), else undefined. */
function onlyMore(from: unknown, to: unknown): string[] | undefined {
  if (!Array.isArray(from) || !Array.isArray(to)) return undefined;
  const held = new Set(to);
  return from.every((entry) => held.has(entry)) ? to.filter((entry) => !from.includes(entry)).map(String) : undefined;
}

/**
 * Whether a difference is only something the target has besides the source: an object of its own,
 * or members added to a membership. A copy keeps such things (its administrator, its own inbox).
 */
export function onlyExtra(d: Difference): boolean {
  return d.kind === "extra" || (d.kind === "changed" && d.changes.every((c) => c.onlyInTarget !== undefined));
}

/** What differs between the configuration of two accounts, by kind (declaration order) and natural key. */
export function compareModels(source: AccountModel, target: AccountModel, options: CompareOptions = {}): Difference[] {
  // Compared as a template: who a reference names is each account's own choice.
  const anyPerson = source.template || target.template;
  const index = (model: AccountModel, isTarget: boolean) =>
    new Map(model.objects.map((o) => {
      const { key, props } = view(o, options, isTarget, anyPerson);
      return [`${o.type}\u0000${key}`, { type: o.type, key, props }] as const;
    }));
  const from = index(source, false);
  const to = index(target, true);
  const differences: Difference[] = [];
  for (const [id, a] of from) {
    const b = to.get(id);
    if (!b) differences.push({ type: a.type, key: a.key, kind: "missing", changes: [] });
    else {
      const changes = changesBetween(a.type, a.props, b.props);
      if (changes.length > 0) differences.push({ type: a.type, key: a.key, kind: "changed", changes });
    }
  }
  for (const [id, b] of to) if (!from.has(id)) differences.push({ type: b.type, key: b.key, kind: "extra", changes: [] });
  return differences.sort((x, y) => typeOrder(x.type) - typeOrder(y.type) || byText(x.key, y.key));
}

const MAX_SHOWN = 120;

/** A compared value for a message, cut short when long. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? "null";
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/**
 * Lines describing the differences, each saying which account holds what; `source` and `target`
 * name the accounts (`account 1`).
 */
export function describeDifferences(differences: readonly Difference[], source: string, target: string): string[] {
  const lines: string[] = [];
  for (const d of differences) {
    const what = `${resourceType(d.type).noun} "${d.key}"`;
    if (d.kind === "missing") lines.push(`${what}: only in ${source} (missing in ${target})`);
    else if (d.kind === "extra") lines.push(`${what}: only in ${target}`);
    else {
      lines.push(`${what}: differs`);
      for (const c of d.changes) {
        const more = c.onlyInTarget ? ` (${target} has more: ${c.onlyInTarget.join(", ")})` : "";
        lines.push(`    ${c.property}: ${shown(c.source)} in ${source}, ${shown(c.target)} in ${target}${more}`);
      }
    }
  }
  return lines;
}
