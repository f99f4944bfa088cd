/**
 * The generated program (`index.ts`): the config it reads, a look-up per user by e-mail address,
 * then one constant per object in declaration order, each kind under a heading. References print as
 * expressions (`idOf(teamBilling)`, `labelVip.title`, `agentCarol`), values that could not be mapped
 * with a comment saying why, and config-dependent values as the expression computing them.
 *
 * For either front door: as dynamic resources, which adopt the account's objects themselves (its
 * `adopt` setting), or on the plugin (`--plugin`), where `pulumi import` adopts them and the open
 * values are those of the programs in the other languages (./plugin-values.ts, the settings of
 * ./yaml-settings.ts).
 */
import { commentLines, Commented, expr, printValue } from "./code";
import type { Props } from "../../provider/lifecycle/json";
import { declarationsOf, type Declaration } from "./declarations";
import { Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";
import { pluginValues } from "./plugin-values";
import { programSettings, secretSetting } from "./program-settings";
import { templateHeader, usersComment } from "./program-text";
import { AgentRef, Ref, Unmapped } from "./references";
import { resourceType } from "./resource-types";
import { yamlSettings } from "./yaml-settings";

/** Which front door the program's resources take: dynamic resources, or the plugin (the stack's `chatwoot:usePlugin`). */
export type ExportDoor = "dynamic" | "plugin";

const IMPORTS = ['import * as pulumi from "@pulumi/pulumi";', 'import * as chatwoot from "pulumi-chatwoot";'];

const HEADER: Record<ExportDoor, string[]> = {
  dynamic: [
    "// A Chatwoot account's configuration as a Pulumi program, written by `pulumi-chatwoot export`.",
    "// README.md says how to apply it: to the account it came from (it adopts what is there and changes",
    "// nothing) or to another one (`pulumi config set adopt false`).",
    ...IMPORTS,
  ],
  plugin: [
    "// A Chatwoot account's configuration as a Pulumi program on pulumi-chatwoot's plugin, written by",
    "// `pulumi-chatwoot export --plugin`. README.md says how to apply it: to the account it came from",
    "// (`pulumi import --file`, which adopts every object and changes nothing) or to another one",
    "// (`pulumi up`, which creates them).",
    ...IMPORTS,
  ],
};

const ID_OF = [
  "/** An object's id as the number the API takes (Pulumi ids are strings). */",
  "const idOf = (resource: pulumi.CustomResource) => resource.id.apply(Number);",
];

const AGENT_ID = [
  "/** The id, in the stack's account, of the user with this e-mail address. */",
  "const agentId = (email: string) => chatwoot.getAgentsOutput({ email }).agents[0].id;",
];

/** A configured value as the expression computing it (`object`: the kind declaring it, which names the slug helper). */
function configuredCode(v: Configured, object: ModelObject): string {
  const value = JSON.stringify(v.value);
  switch (v.rule.kind) {
    case "adopt":
      return "adopt";
    case "adopt-id":
      return `adopt ? ${value} : undefined`;
    case "adopt-id-or-setting":
      return `adopt ? ${value} : config.requireNumber(${JSON.stringify(v.rule.setting)})`;
    case "optional-setting":
      return `config.get(${JSON.stringify(v.rule.setting)})`;
    case "blank-setting":
      return `config.get(${JSON.stringify(v.rule.setting)}) || undefined`;
    case "id-setting":
      return `config.requireNumber(${JSON.stringify(v.rule.setting)})`;
    case "suffixed-slug":
      return `${object.type === "PortalArticle" ? "articleSlug" : "portalSlug"}(${value})`;
    case "unsuffixed-domain":
      return `portalSuffix === "" ? ${value} : undefined`;
    case "secret-setting":
      return `config.requireSecret(${JSON.stringify(secretSetting(object, v.rule.key))})`;
  }
}

/** A reference to `field` of the resource declaring `target`, as the program spells it. */
const refCode = (target: ModelObject, field: string) => expr(field === "id" ? `idOf(${target.identifier})` : `${target.identifier}.${field}`);

/** The open values of the dynamic door's program: references, users, unmapped values and the `adopt` setting's expressions. */
function dynamicValues(model: AccountModel): (value: unknown, object: ModelObject) => unknown {
  const byRef = new Map(model.objects.map((o) => [`${o.type}\u0000${o.key}`, o]));
  const agents = new Map(model.agents.map((a) => [a.email, a.identifier]));
  const printable = (value: unknown, object: ModelObject): unknown =>
    mapLeaves(value, (v) => {
      if (v instanceof Ref) {
        const target = byRef.get(`${v.type}\u0000${v.key}`);
        if (!target) throw new Error(`internal: ${v.type} "${v.key}" is referred to but not exported`);
        return { value: refCode(target, v.field) };
      }
      if (v instanceof AgentRef) return { value: expr(agents.get(v.email) as string) };
      if (v instanceof Unmapped) return { value: new Commented(printable(v.value, object), v.reason) };
      if (v instanceof Configured) return { value: expr(configuredCode(v, object)) };
      return undefined;
    });
  return printable;
}

/** The open values of the plugin's program, as the programs in the other languages leave them (./plugin-values.ts). */
const pluginProgramValues = (model: AccountModel) =>
  pluginValues(model, {
    ref: refCode,
    agent: (agent) => expr(agent.identifier),
    intSetting: (key) => expr(key),
    textSetting: (key) => expr(key),
    secretSetting: (key) => expr(key),
    suffixed: (text, key) => expr(`${JSON.stringify(text)} + ${key}`),
  });

/** The config the program reads: the `adopt` setting and its kin (dynamic), or the settings the other languages' programs have (plugin). */
function configLines(model: AccountModel, door: ExportDoor): string[] {
  const lines = ["const config = new pulumi.Config();"];
  if (door === "dynamic") {
    for (const setting of programSettings(model)) if (setting.code) lines.push(...commentLines(setting.doc), setting.code);
    return lines;
  }
  for (const setting of yamlSettings(model)) {
    const read = setting.secret
      ? `config.requireSecret(${JSON.stringify(setting.key)})`
      : setting.default === undefined
        ? `config.${setting.type === "integer" ? "requireNumber" : "require"}(${JSON.stringify(setting.key)})`
        : `config.${setting.type === "integer" ? "getNumber" : "get"}(${JSON.stringify(setting.key)}) ?? ${JSON.stringify(setting.default)}`;
    lines.push(...commentLines(setting.doc), `const ${setting.key} = ${read};`);
  }
  return lines;
}

/** The text of `index.ts` for an account model, for the program's front door. */
export function programText(model: AccountModel, door: ExportDoor = "dynamic"): string {
  const printable = door === "dynamic" ? dynamicValues(model) : pluginProgramValues(model);

  const blocks: string[] = [];
  let section: string | undefined;
  for (const declaration of declarationsOf(model)) {
    const { object } = declaration;
    if (declaration.role === "links") {
      blocks[blocks.length - 1] += `\n${linkDeclaration(declaration, printable(declaration.inputs, object))}`;
      continue;
    }
    const { plural } = resourceType(object.type);
    const lines: string[] = [];
    if (section !== plural) {
      section = plural;
      lines.push(`// ${plural.charAt(0).toUpperCase()}${plural.slice(1)}`);
    }
    lines.push(...objectDeclaration(declaration, printable(declaration.inputs, object)));
    blocks.push(lines.join("\n"));
  }

  const opening = model.template ? [...templateHeader("Pulumi program").map((line) => `// ${line}`), ...IMPORTS] : HEADER[door];
  const head: string[] = [opening.join("\n"), configLines(model, door).join("\n")];
  if (blocks.some((block) => block.includes("idOf("))) head.push(ID_OF.join("\n"));
  if (model.agents.length > 0) {
    head.push(
      [
        ...AGENT_ID,
        "",
        `// ${usersComment(model, ".")}`,
        ...model.agents.map((a) => `const ${a.identifier} = agentId(${a.setting === undefined ? JSON.stringify(a.email) : `config.require(${JSON.stringify(a.setting)})`});`),
      ].join("\n"),
    );
  }
  return `${[...head, ...blocks].join("\n\n")}\n`;
}

/** `const x = new chatwoot.Kind("name", {...}[, options]);` with the object's notes above it. */
function objectDeclaration({ object, identifier, resourceName }: Declaration, inputs: unknown): string[] {
  const head = `const ${identifier} = new chatwoot.${resourceType(object.type).sdkClass}(${JSON.stringify(resourceName)}, `;
  const options = object.options === undefined ? "" : `, ${printValue(object.options)}`;
  // The options follow the inputs on their last line: leave room for them too.
  return [...object.notes.flatMap((note) => commentLines(note)), `${head}${printValue(inputs, 0, head.length + options.length)}${options});`];
}

/** The links resource (see {@link Declaration}): it adopts the object by the first resource's id. */
function linkDeclaration({ object, identifier, resourceName }: Declaration, inputs: unknown): string {
  const head = `const ${identifier} = new chatwoot.${resourceType(object.type).sdkClass}(${JSON.stringify(resourceName)}, `;
  const value = { adoptId: expr(`idOf(${object.identifier})`), ...(inputs as Props) };
  const note = `What ${object.identifier} refers to is declared after it: this second resource sets it once both exist (it adopts the ${resourceType(object.type).noun} and only forgets it on destroy).`;
  return [...commentLines(note), `${head}${printValue(value, 0, head.length)});`].join("\n");
}
