/**
 * The generated program (`index.ts`): the config it reads, a look-up per user by e-mail address,
 * then one constant per object in declaration order, each kind under a heading. References print as
 * expressions (`idOf(teamBilling)`, `labelVip.title`, `agentCarol`), values that could not be mapped
 * with a comment saying why, and config-dependent values as the expression computing them.
 */
import { commentLines, Commented, expr, printValue } from "./code";
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

  const declarations: string[] = [];
  let section: string | undefined;
  for (const object of model.objects) {
    const { plural } = resourceType(object.type);
    const lines: string[] = [];
    if (section !== plural) {
      section = plural;
      lines.push(`// ${plural.charAt(0).toUpperCase()}${plural.slice(1)}`);
    }
    lines.push(...declaration(object, printable(object.inputs)));
    declarations.push(lines.join("\n"));
  }

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
