/** Pulumi URNs: `urn:pulumi:<stack>::<project>::<qualified type>::<name>`. */

/** Type token of the root stack component. */
export const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

/**
 * Builds the URN the engine assigns. A child's qualified type is prefixed with its parent's type
 * (`Parent$Child`), except for children of the root stack, whose URNs carry no prefix.
 */
export function makeUrn(stack: string, project: string, type: string, name: string, parentUrn?: string): string {
  let qualified = type;
  if (parentUrn) {
    const parentQualified = parseUrn(parentUrn).qualifiedType;
    if (parentQualified !== ROOT_STACK_TYPE) qualified = `${parentQualified}$${type}`;
  }
  return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

/** The parts of a URN. */
export interface ParsedUrn {
  stack: string;
  project: string;
  /** Type with its parents' types, joined by `$`. */
  qualifiedType: string;
  /** The resource's own type token. */
  type: string;
  name: string;
}

/** Splits a URN into its parts (names may themselves contain `::`). */
export function parseUrn(urn: string): ParsedUrn {
  const parts = urn.split("::");
  if (parts.length < 4 || !parts[0].startsWith("urn:pulumi:")) throw new Error(`not a Pulumi URN: ${urn}`);
  const qualifiedType = parts[2];
  return {
    stack: parts[0].slice("urn:pulumi:".length),
    project: parts[1],
    qualifiedType,
    type: qualifiedType.split("$").pop() ?? qualifiedType,
    name: parts.slice(3).join("::"),
  };
}
