/**
 * The generated Pulumi YAML program (`Pulumi.yaml`): the project, the config it reads, a look-up
 * per user by e-mail address (`fn::invoke` of `getAgents`), then one resource of the native plugin
 * per object in declaration order (./declarations.ts), each kind under a heading. References print
 * as Pulumi YAML expressions (`${team-billing.id}`, `${label-vip.title}`, `${agent-carol[0].id}`),
 * values that could not be mapped with a comment saying why, config-dependent values as the
 * setting they are read from (./yaml-settings.ts). The account and the connection come from the
 * stack's `chatwoot:*` config, which the plugin's default provider reads.
 */
import { Commented } from "./code";
import { declarationsOf, type Declaration } from "./declarations";
import { Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";
import { AgentRef, Ref, Unmapped } from "./references";
import { pluginToken } from "../../provider/plugin/naming";
import { resourceType } from "./resource-types";
import { domainSetting, SLUG_SUFFIX, yamlSettings } from "./yaml-settings";
import { literalText, yamlCommentLines, yamlEntry, yamlExpr, yamlKey } from "./yaml-code";

const HEADER = [
  "# A Chatwoot account's configuration as a Pulumi YAML program, written by `pulumi-chatwoot export`.",
  "# README.md says how to apply it: to the account it came from (`pulumi import --file`, which adopts",
  "# every object and changes nothing) or to another one (`pulumi up`, which creates them).",
];

/** A configured value as the program reads it, or a comment saying why it is not declared. */
function configuredValue(v: Configured, object: ModelObject): unknown {
  switch (v.rule.kind) {
    // Adoption by the exported id is `pulumi import`'s job in a YAML program (see ./yaml-settings.ts).
    case "adopt":
    case "adopt-id":
      return undefined;
    case "adopt-id-or-setting":
      return yamlExpr(`\${${v.rule.setting}}`);
    case "optional-setting":
      return new Commented(
        undefined,
        `managed only where declared, so that a copy keeps its own (the exported account's is ${JSON.stringify(v.value)}): ` +
          "declare it to manage it",
      );
    case "suffixed-slug":
      return yamlExpr(`${literalText(String(v.value))}\${${SLUG_SUFFIX}}`);
    case "unsuffixed-domain":
      return yamlExpr(`\${${domainSetting(object)}}`);
  }
}

/** The text of `Pulumi.yaml` for an account model; `project` is its Pulumi project name. */
export function yamlProgramText(model: AccountModel, project: string): string {
  const byRef = new Map(model.objects.map((o) => [`${o.type}\u0000${o.key}`, o]));
  const agents = new Map(model.agents.map((a) => [a.email, a.name]));

  const printable = (value: unknown, object: ModelObject): unknown =>
    mapLeaves(value, (v) => {
      if (v instanceof Ref) {
        const target = byRef.get(`${v.type}\u0000${v.key}`);
        if (!target) throw new Error(`internal: ${v.type} "${v.key}" is referred to but not exported`);
        return { value: yamlExpr(`\${${target.resourceName}.${v.field}}`) };
      }
      if (v instanceof AgentRef) return { value: yamlExpr(`\${${agents.get(v.email) as string}[0].id}`) };
      if (v instanceof Unmapped) return { value: new Commented(printable(v.value, object), v.reason) };
      if (v instanceof Configured) return { value: configuredValue(v, object) };
      return undefined;
    });

  const blocks: string[] = [[...HEADER, `name: ${yamlKey(project)}`, "description: Chatwoot account configuration exported by pulumi-chatwoot", "runtime: yaml"].join("\n")];

  const settings = yamlSettings(model);
  if (settings.length > 0) {
    const lines = ["config:"];
    for (const setting of settings) {
      lines.push(...yamlCommentLines(setting.doc, 2));
      lines.push(...yamlEntry(setting.key, setting.default === undefined ? { type: setting.type } : { type: setting.type, default: setting.default }, 2));
    }
    blocks.push(lines.join("\n"));
  }

  if (model.agents.length > 0) {
    const lines = ["variables:", "  # Users, found by e-mail address (user ids differ between installations); `[0].id` is the id."];
    for (const agent of model.agents) {
      const lookUp = { function: pluginToken("getAgents"), arguments: { email: agent.email }, return: "agents" };
      lines.push(...yamlEntry(agent.name, { "fn::invoke": lookUp }, 2));
    }
    blocks.push(lines.join("\n"));
  }

  const resources: string[] = [];
  let section: string | undefined;
  for (const declaration of declarationsOf(model)) {
    const lines: string[] = [];
    const { plural } = resourceType(declaration.object.type);
    if (declaration.role === "object" && section !== plural) {
      section = plural;
      lines.push(`  # ${plural.charAt(0).toUpperCase()}${plural.slice(1)}`);
    }
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
