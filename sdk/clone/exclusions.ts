/**
 * Objects left out by name: `--exclude KIND:PATTERN` (`inbox:Acme *`), matched against each object's
 * natural key (what `diff` matches objects by: an inbox's name, a label's title, a portal's slug, a
 * category's `portal/locale/slug`), `*` any text and `?` one character, in any case. What belongs to
 * an object left out goes with it (its memberships, its inbox limits and links, a portal's
 * categories and articles, an inbox's campaigns, hooks and webhooks); see ./model.ts.
 */
import { resourceType, RESOURCE_TYPES, type TypeName } from "./resource-types";

/** Objects of a kind whose natural keys match a pattern. */
export interface ObjectPattern {
  type: TypeName;
  /** As given (`Acme *`). */
  pattern: string;
}

/** A kind by the name `--include`/`--exclude` take (`inboxes`) or its noun, dashed (`inbox`, `canned-response`). */
export function kindNamed(name: string): TypeName | undefined {
  const wanted = name.trim().toLowerCase();
  return RESOURCE_TYPES.find((t) => t.option === wanted || t.noun.toLowerCase().replace(/\s+/g, "-") === wanted)?.sdkClass;
}

/** Whether an `--exclude` value names objects (`KIND:PATTERN`) rather than kinds (`labels,teams`). */
export const isObjectPattern = (text: string): boolean => /^[a-z-]+:/i.test(text.trim());

/**
 * The objects an `--exclude KIND:PATTERN` value names.
 * @throws Error naming an unknown kind, or an empty pattern.
 */
export function parseObjectPattern(text: string): ObjectPattern {
  const at = text.indexOf(":");
  const kind = text.slice(0, at);
  const pattern = text.slice(at + 1).trim();
  const type = kindNamed(kind);
  if (type === undefined) throw new Error(`unknown kind "${kind.trim()}" in "${text}"; one of ${RESOURCE_TYPES.map((t) => t.option).join(", ")} (or its singular: inbox, label, ...)`);
  if (pattern === "") throw new Error(`"${text}" names no objects: give a name or a pattern after the colon (inbox:Acme *)`);
  return { type, pattern };
}

const globOf = (pattern: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".")}$`, "is");

/** Whether `key` (an object's natural key) matches the pattern. */
export function matchesPattern(pattern: ObjectPattern, key: string): boolean {
  return globOf(pattern.pattern).test(key);
}

/** How a pattern reads in a message (`--exclude 'inbox:Acme *'`). */
export const describePattern = (pattern: ObjectPattern): string => `--exclude '${resourceType(pattern.type).noun.replace(/\s+/g, "-")}:${pattern.pattern}'`;
