/**
 * The resources an exported program declares, in its order: one per object, and where an object
 * refers to one declared after it (an inbox's help center: the portal comes later and refers back to
 * the inbox), a second resource of its kind that sets those properties once both exist. Both
 * renderers (TypeScript and YAML) print this list, and the import file names its resources, so all
 * three agree on every resource and its name.
 */
import type { Props } from "../../provider/lifecycle/json";
import { mapLeaves, type AccountModel, type ModelObject } from "./model";
import { Ref } from "./references";
import { resourceType } from "./resource-types";

/** One resource of the program. */
export interface Declaration {
  object: ModelObject;
  /**
   * `object`: the resource declaring the object. `links`: the second resource that adopts the
   * object once it exists and sets what waited for objects declared after it; it manages only
   * those properties, and on destroy only forgets the object (the first resource deletes it).
   */
  role: "object" | "links";
  /** The constant's name in the TypeScript program (`inboxWebsiteLinks`). */
  identifier: string;
  /** The Pulumi resource name (`inbox-website-links`), which the YAML program declares it by. */
  resourceName: string;
  /** The inputs it is declared with (`links`: those that waited; the renderer adds the adoption of the object). */
  inputs: Props;
}

/** The objects an input value refers to (with Ref values inside). */
function refsIn(value: unknown): Ref[] {
  const found: Ref[] = [];
  mapLeaves(value, (v) => {
    if (v instanceof Ref) found.push(v);
    return undefined;
  });
  return found;
}

const refKey = (type: string, key: string) => `${type}\u0000${key}`;

/**
 * An object's inputs split into those it can be declared with and those that refer to objects
 * declared after it, with the position of the last such object.
 */
function splitForward(object: ModelObject, index: number, position: Map<string, number>): { now: Props; later: Props; last: number } {
  const now: Props = {};
  const later: Props = {};
  let last = index;
  for (const [key, value] of Object.entries(object.inputs)) {
    const after = Math.max(index, ...refsIn(value).map((r) => position.get(refKey(r.type, r.key)) ?? index));
    if (after === index) now[key] = value;
    else {
      if (object.adoption.by !== "id" && object.adoption.by !== "id-only") throw new Error(`internal: ${object.type} "${object.key}" refers to an object declared after it`);
      later[key] = value;
      last = Math.max(last, after);
    }
  }
  return { now, later, last };
}

/** The program's resources in declaration order: each links resource right after the last object it waits for. */
export function declarationsOf(model: AccountModel): Declaration[] {
  const position = new Map(model.objects.map((o, i) => [refKey(o.type, o.key), i]));
  const identifiers = new Set(model.objects.map((o) => o.identifier));
  /** Links resources by the position after which they go. */
  const pending = new Map<number, Declaration[]>();
  const declarations: Declaration[] = [];
  model.objects.forEach((object, index) => {
    const { now, later, last } = splitForward(object, index, position);
    declarations.push({ object, role: "object", identifier: object.identifier, resourceName: object.resourceName, inputs: now });
    if (Object.keys(later).length > 0) {
      let n = 1;
      const name = () => `${object.identifier}Links${n === 1 ? "" : n}`;
      while (identifiers.has(name())) n++;
      const identifier = name();
      identifiers.add(identifier);
      const resourceName = `${object.resourceName}-links${n === 1 ? "" : `-${n}`}`;
      pending.set(last, [...(pending.get(last) ?? []), { object, role: "links", identifier, resourceName, inputs: later }]);
    }
    declarations.push(...(pending.get(index) ?? []));
  });
  return declarations;
}

/**
 * The program's resources (see {@link declarationsOf}) with the heading of their kind (`Labels`)
 * on the first object of each kind, which the programs print as a comment above it.
 */
export function declarationsWithHeadings(model: AccountModel): { declaration: Declaration; heading?: string }[] {
  let section: string | undefined;
  return declarationsOf(model).map((declaration) => {
    const { plural } = resourceType(declaration.object.type);
    if (declaration.role !== "object" || section === plural) return { declaration };
    section = plural;
    return { declaration, heading: `${plural.charAt(0).toUpperCase()}${plural.slice(1)}` };
  });
}
