/**
 * The generated Pulumi Python program (`__main__.py`), on the SDK generated from the native
 * plugin's schema (`pulumi_chatwoot`): the config it reads (the YAML program's settings,
 * ./yaml-settings.ts, as the same config keys), a look-up per user by e-mail address
 * (`get_agents_output`), then one resource per object in declaration order (./declarations.ts),
 * each kind under a heading. Keyword arguments carry the SDK's Python names; the values inside them
 * keep the provider's own names (the SDK passes the keys of a dict it does not know as they are),
 * so a nested value reads as the reference docs spell it. References print as attributes of the
 * resource referred to (`label_vip.title`, `team_billing.id`), values that could not be mapped with
 * a comment saying why, config-dependent values as the setting they are read from. The account and
 * the connection come from the stack's `chatwoot:*` config, which the provider reads.
 */
import { declarationsWithHeadings, type Declaration } from "./declarations";
import type { AccountModel } from "./model";
import { pluginValues } from "./plugin-values";
import { templateHeader, usersComment } from "./program-text";
import { resourceType } from "./resource-types";
import { pyExpr, pythonCommentLines, pythonEntry, pythonName } from "./python-code";
import { yamlSettings } from "./yaml-settings";

const HEADER = [
  '"""A Chatwoot account\'s configuration as a Pulumi Python program, written by `pulumi-chatwoot export`.',
  "",
  "README.md says how to apply it: to the account it came from (`pulumi import --file`, which adopts",
  'every object and changes nothing) or to another one (`pulumi up`, which creates them)."""',
  "import pulumi",
  "import pulumi_chatwoot as chatwoot",
];

/** The line that reads a setting from the project's config, with its default when it has one. */
function settingLine(setting: ReturnType<typeof yamlSettings>[number]): string {
  const name = pythonName(setting.key);
  if (setting.secret) return `${name} = config.require_secret(${JSON.stringify(setting.key)})`;
  // Blank: not managed (None leaves the property out).
  if (setting.purpose === "blank") return `${name} = config.get(${JSON.stringify(setting.key)}) or None`;
  if (setting.default === undefined) return `${name} = config.${setting.type === "integer" ? "require_int" : "require"}(${JSON.stringify(setting.key)})`;
  return `${name} = config.${setting.type === "integer" ? "get_int" : "get"}(${JSON.stringify(setting.key)}, ${JSON.stringify(setting.default)})`;
}

/** The text of `__main__.py` for an account model. */
export function pythonProgramText(model: AccountModel): string {
  const printable = pluginValues(model, {
    ref: (target, field) => pyExpr(`${pythonName(target.identifier)}.${pythonName(field)}`),
    agent: (agent) => pyExpr(pythonName(agent.identifier)),
    intSetting: (key) => pyExpr(pythonName(key)),
    textSetting: (key) => pyExpr(pythonName(key)),
    secretSetting: (key) => pyExpr(pythonName(key)),
    suffixed: (text, key) => pyExpr(`${JSON.stringify(text)} + ${pythonName(key)}`),
    blankSetting: (key) => pyExpr(pythonName(key)),
  });

  const opening = model.template ? templateHeader("Pulumi Python program") : undefined;
  const blocks: string[] = [opening ? [`"""${opening.join("\n")}"""`, ...HEADER.slice(4)].join("\n") : HEADER.join("\n")];

  const settings = yamlSettings(model, { blank: true });
  const configLines = ["config = pulumi.Config()"];
  for (const setting of settings) configLines.push(...pythonCommentLines(setting.doc), settingLine(setting));
  blocks.push(configLines.join("\n"));

  if (model.agents.length > 0) {
    const lines = [`# ${usersComment(model, ": each one's id.")}`];
    for (const agent of model.agents) {
      const email = agent.setting === undefined ? JSON.stringify(agent.email) : pythonName(agent.setting);
      lines.push(`${pythonName(agent.identifier)} = chatwoot.get_agents_output(email=${email}).agents[0].id`);
    }
    blocks.push(lines.join("\n"));
  }

  for (const { declaration, heading } of declarationsWithHeadings(model)) {
    const lines = heading === undefined ? [] : [`# ${heading}`];
    lines.push(...resourceLines(declaration, printable(declaration.inputs, declaration.object) as Record<string, unknown>));
    blocks.push(lines.join("\n"));
  }
  return `${blocks.join("\n\n")}\n`;
}

/** One resource: the notes above it, the constructor with its name, its properties and its options. */
function resourceLines(declaration: Declaration, inputs: Record<string, unknown>): string[] {
  const { object, identifier, resourceName, role } = declaration;
  const noun = resourceType(object.type).noun;
  const notes =
    role === "links"
      ? [`What ${pythonName(object.identifier)} refers to is declared after it: this second resource sets it once both exist (it adopts the ${noun} and manages only these properties).`]
      : object.notes;
  const properties = role === "links" ? { adoptId: pyExpr(`${pythonName(object.identifier)}.id`), ...inputs } : inputs;
  const args = [
    `    ${JSON.stringify(resourceName)},`,
    ...Object.entries(properties)
      .filter(([, v]) => v !== undefined)
      .flatMap(([key, value]) => pythonEntry(`${pythonName(key)}=`, value, 4, key)),
  ];
  if (role === "object" && object.options !== undefined) {
    const options = Object.entries(object.options).map(([key, value]) => pythonEntry(`${pythonName(key)}=`, value, 0, key)[0].replace(/,$/, ""));
    args.push(`    opts=pulumi.ResourceOptions(${options.join(", ")}),`);
  }
  return [...notes.flatMap((note) => pythonCommentLines(note)), `${pythonName(identifier)} = chatwoot.${object.type}(`, ...args, ")"];
}
