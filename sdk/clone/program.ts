/**
 * The generated program (`index.ts`): the config it reads, a look-up per user by e-mail address,
 * then one constant per object in declaration order, each kind under a heading. References print as
 * expressions (`idOf(teamBilling)`, `labelVip.title`, `agentCarol`), values that could not be mapped
 * with a comment saying why, and config-dependent values as the expression computing them.
 */
import { commentLines, Commented, expr, printValue } from "./code";
import type { Props } from "../../provider/lifecycle/json";
import { Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";
import { AgentRef, Ref, Unmapped } from "./references";
import { resourceType } from "./resource-types";

const HEADER = [
  "// A Chatwoot account's configuration as a Pulumi program, written by `pulumi-chatwoot export`.",
  "// README.md says how to apply it: to the account it came from (it adopts what is there and changes",
  "// nothing) or to another one (`pulumi config set adopt false`).",
  'import * as pulumi from "@pulumi/pulumi";',
  'import * as chatwoot from "pulumi-chatwoot";',
];

const ID_OF = [
  "/** An object's id as the number the API takes (Pulumi ids are strings). */",
  "const idOf = (resource: pulumi.CustomResource) => resource.id.apply(Number);",
];

const AGENT_ID = [
  "/** The id, in the stack's account, of the user with this e-mail address. */",
  "const agentId = (email: string) => chatwoot.getAgentsOutput({ email }).agents[0].id;",
];

/** The text of `index.ts` for an account model. */
export function programText(model: AccountModel): string {
  const byRef = new Map(model.objects.map((o) => [`${o.type}\u0000${o.key}`, o]));
  const agents = new Map(model.agents.map((a) => [a.email, a.identifier]));
  let usesIdOf = false;

  const printable = (value: unknown): unknown =>
    mapLeaves(value, (v) => {
      if (v instanceof Ref) {
        const target = byRef.get(`${v.type}\u0000${v.key}`);
        if (!target) throw new Error(`internal: ${v.type} "${v.key}" is referred to but not exported`);
        usesIdOf ||= v.field === "id";
        return { value: expr(v.field === "id" ? `idOf(${target.identifier})` : `${target.identifier}.${v.field}`) };
      }
      if (v instanceof AgentRef) return { value: expr(agents.get(v.email) as string) };
      if (v instanceof Unmapped) return { value: new Commented(printable(v.value), v.reason) };
      if (v instanceof Configured) return { value: expr(v.code) };
      return undefined;
    });

  const position = new Map(model.objects.map((o, i) => [`${o.type}\u0000${o.key}`, i]));
  const identifiers = new Set(model.objects.map((o) => o.identifier));
  /** Declarations that wait for an object declared later, by the position after which they go. */
  const pending = new Map<number, string[]>();
  const declarations: string[] = [];
  let section: string | undefined;
  model.objects.forEach((object, index) => {
    const { plural } = resourceType(object.type);
    const lines: string[] = [];
    if (section !== plural) {
      section = plural;
      lines.push(`// ${plural.charAt(0).toUpperCase()}${plural.slice(1)}`);
    }
    const { now, later, last } = splitForward(object, index, position);
    lines.push(...declaration(object, printable(now)));
    if (Object.keys(later).length > 0) {
      const link = linkDeclaration(object, printable(later), identifiers);
      usesIdOf = true;
      pending.set(last, [...(pending.get(last) ?? []), link]);
    }
    lines.push(...(pending.get(index) ?? []));
    declarations.push(lines.join("\n"));
  });

  const blocks: string[] = [HEADER.join("\n")];
  const config = ["const config = new pulumi.Config();"];
  for (const setting of model.settings) if (setting.code) config.push(...commentLines(setting.doc), setting.code);
  blocks.push(config.join("\n"));
  if (usesIdOf) blocks.push(ID_OF.join("\n"));
  if (model.agents.length > 0) {
    blocks.push(
      [
        ...AGENT_ID,
        "",
        "// Users, found by e-mail address (user ids differ between installations).",
        ...model.agents.map((a) => `const ${a.identifier} = agentId(${JSON.stringify(a.email)});`),
      ].join("\n"),
    );
  }
  blocks.push(...declarations);
  return `${blocks.join("\n\n")}\n`;
}

/** `const x = new chatwoot.Kind("name", {...}[, options]);` with the object's notes above it. */
function declaration(object: ModelObject, inputs: unknown): string[] {
  const head = `const ${object.identifier} = new chatwoot.${resourceType(object.type).sdkClass}(${JSON.stringify(object.resourceName)}, `;
  const options = object.options === undefined ? "" : `, ${object.options}`;
  // The options follow the inputs on their last line: leave room for them too.
  return [...object.notes.flatMap((note) => commentLines(note)), `${head}${printValue(inputs, 0, head.length + options.length)}${options});`];
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

/**
 * An object's inputs split into those it can be declared with and those that refer to objects
 * declared after it (an inbox's help center: the portal comes later and may refer back to the
 * inbox), with the position of the last such object.
 */
function splitForward(object: ModelObject, index: number, position: Map<string, number>): { now: Props; later: Props; last: number } {
  const now: Props = {};
  const later: Props = {};
  let last = index;
  for (const [key, value] of Object.entries(object.inputs)) {
    const after = Math.max(index, ...refsIn(value).map((r) => position.get(`${r.type}\u0000${r.key}`) ?? index));
    if (after === index) now[key] = value;
    else {
      if (object.adoption.by !== "id" && object.adoption.by !== "id-only") throw new Error(`internal: ${object.type} "${object.key}" refers to an object declared after it`);
      later[key] = value;
      last = Math.max(last, after);
    }
  }
  return { now, later, last };
}

/**
 * A second resource of the object's kind that adopts it once it exists and sets what waited for
 * objects declared after it. It manages only those properties, and on destroy only forgets the
 * object (the first resource deletes it).
 */
function linkDeclaration(object: ModelObject, inputs: unknown, identifiers: Set<string>): string {
  let n = 1;
  const name = () => `${object.identifier}Links${n === 1 ? "" : n}`;
  while (identifiers.has(name())) n++;
  const identifier = name();
  identifiers.add(identifier);
  const resourceName = `${object.resourceName}-links${n === 1 ? "" : `-${n}`}`;
  const head = `const ${identifier} = new chatwoot.${resourceType(object.type).sdkClass}(${JSON.stringify(resourceName)}, `;
  const value = { adoptId: expr(`idOf(${object.identifier})`), ...(inputs as Props) };
  const note = `What ${object.identifier} refers to is declared after it: this second resource sets it once both exist (it adopts the ${resourceType(object.type).noun} and only forgets it on destroy).`;
  return [...commentLines(note), `${head}${printValue(value, 0, head.length)});`].join("\n");
}
