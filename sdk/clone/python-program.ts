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
import { Commented } from "./code";
import { declarationsOf, type Declaration } from "./declarations";
import { Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";
import { AgentRef, Ref, Unmapped } from "./references";
import { resourceType } from "./resource-types";
import { pyExpr, pythonCommentLines, pythonEntry, pythonName } from "./python-code";
import { domainSetting, SLUG_SUFFIX, yamlSettings } from "./yaml-settings";

const HEADER = [
  '"""A Chatwoot account\'s configuration as a Pulumi Python program, written by `pulumi-chatwoot export`.',
  "",
  "README.md says how to apply it: to the account it came from (`pulumi import --file`, which adopts",
  'every object and changes nothing) or to another one (`pulumi up`, which creates them)."""',
  "import pulumi",
  "import pulumi_chatwoot as chatwoot",
];

/** A configured value as the program reads it, or a comment saying why it is not declared. */
function configuredValue(v: Configured, object: ModelObject): unknown {
  switch (v.rule.kind) {
    // Adoption by the exported id is `pulumi import`'s job, as in the YAML program (see ./yaml-settings.ts).
    case "adopt":
    case "adopt-id":
      return undefined;
    case "adopt-id-or-setting":
      return pyExpr(pythonName(v.rule.setting));
    case "optional-setting":
      return new Commented(
        undefined,
        `managed only where declared, so that a copy keeps its own (the exported account's is ${JSON.stringify(v.value)}): ` +
          "declare it to manage it",
      );
    case "suffixed-slug":
      return pyExpr(`${JSON.stringify(String(v.value))} + ${pythonName(SLUG_SUFFIX)}`);
    case "unsuffixed-domain":
      return pyExpr(pythonName(domainSetting(object)));
  }
}

/** The line that reads a setting from the project's config, with its default when it has one. */
function settingLine(setting: ReturnType<typeof yamlSettings>[number]): string {
  const name = pythonName(setting.key);
  if (setting.default === undefined) return `${name} = config.${setting.type === "integer" ? "require_int" : "require"}(${JSON.stringify(setting.key)})`;
  return `${name} = config.${setting.type === "integer" ? "get_int" : "get"}(${JSON.stringify(setting.key)}, ${JSON.stringify(setting.default)})`;
}

/** The text of `__main__.py` for an account model. */
export function pythonProgramText(model: AccountModel): string {
  const byRef = new Map(model.objects.map((o) => [`${o.type}\u0000${o.key}`, o]));
  const agents = new Map(model.agents.map((a) => [a.email, a.identifier]));

  const printable = (value: unknown, object: ModelObject): unknown =>
    mapLeaves(value, (v) => {
      if (v instanceof Ref) {
        const target = byRef.get(`${v.type}\u0000${v.key}`);
        if (!target) throw new Error(`internal: ${v.type} "${v.key}" is referred to but not exported`);
        return { value: pyExpr(`${pythonName(target.identifier)}.${pythonName(v.field)}`) };
      }
      if (v instanceof AgentRef) return { value: pyExpr(pythonName(agents.get(v.email) as string)) };
      if (v instanceof Unmapped) return { value: new Commented(printable(v.value, object), v.reason) };
      if (v instanceof Configured) return { value: configuredValue(v, object) };
      return undefined;
    });

  const blocks: string[] = [HEADER.join("\n")];

  const settings = yamlSettings(model);
  const configLines = ["config = pulumi.Config()"];
  for (const setting of settings) configLines.push(...pythonCommentLines(setting.doc), settingLine(setting));
  blocks.push(configLines.join("\n"));

  if (model.agents.length > 0) {
    const lines = ["# Users, found by e-mail address (user ids differ between installations): each one's id."];
    for (const agent of model.agents) lines.push(`${pythonName(agent.identifier)} = chatwoot.get_agents_output(email=${JSON.stringify(agent.email)}).agents[0].id`);
    blocks.push(lines.join("\n"));
  }

  let section: string | undefined;
  for (const declaration of declarationsOf(model)) {
    const lines: string[] = [];
    const { plural } = resourceType(declaration.object.type);
    if (declaration.role === "object" && section !== plural) {
      section = plural;
      lines.push(`# ${plural.charAt(0).toUpperCase()}${plural.slice(1)}`);
    }
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
