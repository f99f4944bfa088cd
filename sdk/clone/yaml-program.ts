/**
 * The generated Pulumi YAML program (`Pulumi.yaml`): the project, the config it reads, a look-up
 * per user by e-mail address (`fn::invoke` of `getAgents`), then one resource of the native plugin
 * per object in declaration order (./declarations.ts), each kind under a heading. References print
 * as Pulumi YAML expressions (`${team-billing.id}`, `${label-vip.title}`, `${agent-carol[0].id}`),
 * values that could not be mapped with a comment saying why, config-dependent values as the
 * setting they are read from (./yaml-settings.ts). The account and the connection come from the
 * stack's `chatwoot:*` config, which the plugin's default provider reads.
 */
import { declarationsWithHeadings, type Declaration } from "./declarations";
import type { AccountModel } from "./model";
import { pluginToken } from "../../provider/plugin/naming";
import { pluginValues } from "./plugin-values";
import { projectDescription } from "./project";
import { templateHeader, usersComment } from "./program-text";
import { resourceType } from "./resource-types";
import { configBlockLines, yamlSettings } from "./yaml-settings";
import { literalText, yamlCommentLines, yamlEntry, yamlExpr, yamlKey } from "./yaml-code";

const HEADER = [
  "# A Chatwoot account's configuration as a Pulumi YAML program, written by `pulumi-chatwoot export`.",
  "# README.md says how to apply it: to the account it came from (`pulumi import --file`, which adopts",
  "# every object and changes nothing) or to another one (`pulumi up`, which creates them).",
];

/** The text of `Pulumi.yaml` for an account model; `project` is its Pulumi project name. */
export function yamlProgramText(model: AccountModel, project: string): string {
  const printable = pluginValues(model, {
    ref: (target, field) => yamlExpr(`\${${target.resourceName}.${field}}`),
    agent: (agent) => yamlExpr(`\${${agent.name}[0].id}`),
    intSetting: (key) => yamlExpr(`\${${key}}`),
    textSetting: (key) => yamlExpr(`\${${key}}`),
    secretSetting: (key) => yamlExpr(`\${${key}}`),
    suffixed: (text, key) => yamlExpr(`${literalText(text)}\${${key}}`),
  });

  const header = model.template ? templateHeader("Pulumi YAML program").map((line) => `# ${line}`) : HEADER;
  const blocks: string[] = [[...header, `name: ${yamlKey(project)}`, `description: ${projectDescription(model)}`, "runtime: yaml"].join("\n")];

  const settings = yamlSettings(model);
  if (settings.length > 0) blocks.push(configBlockLines(settings).join("\n"));

  if (model.agents.length > 0) {
    const lines = ["variables:", `  # ${usersComment(model, "; `[0].id` is the id.")}`];
    for (const agent of model.agents) {
      const email = agent.setting === undefined ? agent.email : yamlExpr(`\${${agent.setting}}`);
      const lookUp = { function: pluginToken("getAgents"), arguments: { email }, return: "agents" };
      lines.push(...yamlEntry(agent.name, { "fn::invoke": lookUp }, 2));
    }
    blocks.push(lines.join("\n"));
  }

  const resources: string[] = [];
  for (const { declaration, heading } of declarationsWithHeadings(model)) {
    const lines = heading === undefined ? [] : [`  # ${heading}`];
    lines.push(...resourceLines(declaration, printable(declaration.inputs, declaration.object)));
    resources.push(lines.join("\n"));
  }
  if (resources.length > 0) blocks.push(`resources:\n${resources.join("\n\n")}`);
  return `${blocks.join("\n\n")}\n`;
}

/** One resource: the notes above it, its type, its properties and its options. */
function resourceLines(declaration: Declaration, inputs: unknown): string[] {
  const { object, resourceName, role } = declaration;
  const noun = resourceType(object.type).noun;
  const notes =
    role === "links"
      ? [`What ${object.resourceName} refers to is declared after it: this second resource sets it once both exist (it adopts the ${noun} and manages only these properties).`]
      : object.notes;
  const properties = role === "links" ? { adoptId: yamlExpr(`\${${object.resourceName}.id}`), ...(inputs as object) } : inputs;
  const body: Record<string, unknown> = { type: pluginToken(object.type), properties };
  if (role === "object" && object.options !== undefined) body.options = object.options;
  return [
    ...notes.flatMap((note) => yamlCommentLines(note, 2)),
    `  ${yamlKey(resourceName)}:`,
    ...Object.entries(body).flatMap(([key, value]) => (key === "properties" ? propertiesLines(value) : yamlEntry(key, value, 4))),
  ];
}

/** `properties:` in block style (an object whose every property is left out still says so). */
function propertiesLines(value: unknown): string[] {
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return ["    properties: {}"];
  return ["    properties:", ...entries.flatMap(([key, v]) => yamlEntry(key, v, 6))];
}
