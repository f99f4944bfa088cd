/**
 * The generated Pulumi Go program (`main.go`), on the SDK generated from the native plugin's schema
 * (`github.com/pulumi-chatwoot/pulumi-chatwoot/sdk/go/chatwoot`): the config it reads (the YAML
 * program's settings, ./yaml-settings.ts, as the same config keys), a look-up per user by e-mail
 * address (`GetAgentsOutput`), then one resource per object in declaration order
 * (./declarations.ts), each kind under a heading. Values are typed by the plugin's schema
 * (./go-code.ts); references print as the outputs of the resource referred to (`labelVip.Title`,
 * `teamBilling.ID()`); a resource nothing refers to is created without a variable, as Go wants every
 * variable used. The account and the connection come from the stack's `chatwoot:*` config, which
 * the provider reads.
 */
import schema from "../../provider/plugin/schema.json";
import { pluginToken } from "../../provider/plugin/naming";
import { Commented } from "./code";
import { declarationsOf, type Declaration } from "./declarations";
import { alignKeyValues, goCommentLines, goEntry, goExpr, goName, type SchemaType, type SchemaTypes } from "./go-code";
import { Configured, mapLeaves, type AccountModel, type ModelObject } from "./model";
import { AgentRef, Ref, Unmapped } from "./references";
import { resourceType } from "./resource-types";
import { domainSetting, SLUG_SUFFIX, yamlSettings, type YamlSetting } from "./yaml-settings";

/** The Go module of the generated SDK. */
export const GO_SDK_MODULE = "github.com/pulumi-chatwoot/pulumi-chatwoot/sdk/go/chatwoot";

const TYPES = schema.types as SchemaTypes;
const RESOURCES = schema.resources as Record<string, { inputProperties?: Record<string, SchemaType> }>;

const HEADER = [
  "// A Chatwoot account's configuration as a Pulumi Go program, written by `pulumi-chatwoot export`.",
  "// README.md says how to apply it: to the account it came from (`pulumi import --file`, which adopts",
  "// every object and changes nothing) or to another one (`pulumi up`, which creates them).",
  "package main",
];

/** A configured value as the program reads it, or a comment saying why it is not declared. */
function configuredValue(v: Configured, object: ModelObject): unknown {
  switch (v.rule.kind) {
    // Adoption by the exported id is `pulumi import`'s job, as in the YAML program (see ./yaml-settings.ts).
    case "adopt":
    case "adopt-id":
      return undefined;
    case "adopt-id-or-setting":
      return goExpr(`pulumi.Int(${v.rule.setting})`);
    case "optional-setting":
      return new Commented(
        undefined,
        `managed only where declared, so that a copy keeps its own (the exported account's is ${JSON.stringify(v.value)}): ` +
          "declare it to manage it",
      );
    case "suffixed-slug":
      return goExpr(`pulumi.String(${JSON.stringify(String(v.value))} + ${SLUG_SUFFIX})`);
    case "unsuffixed-domain":
      return goExpr(`pulumi.String(${domainSetting(object)})`);
  }
}

/** The lines that read a setting from the project's config into a variable of its key's name. */
function settingLines(setting: YamlSetting): string[] {
  const { key } = setting;
  if (setting.default === undefined) return [`${key} := cfg.${setting.type === "integer" ? "RequireInt" : "Require"}(${JSON.stringify(key)})`];
  if (setting.type === "integer") return [`${key} := ${setting.default}`, `if v, err := cfg.TryInt(${JSON.stringify(key)}); err == nil {`, `\t${key} = v`, "}"];
  if (setting.default === "") return [`${key} := cfg.Get(${JSON.stringify(key)})`];
  return [`${key} := ${JSON.stringify(setting.default)}`, `if v := cfg.Get(${JSON.stringify(key)}); v != "" {`, `\t${key} = v`, "}"];
}

/** The objects something refers to (by a reference, or as the object a links resource adopts): those get a variable. */
function referenced(model: AccountModel): Set<ModelObject> {
  const byRef = new Map(model.objects.map((o) => [`${o.type}\u0000${o.key}`, o]));
  const found = new Set<ModelObject>();
  for (const declaration of declarationsOf(model)) {
    if (declaration.role === "links") found.add(declaration.object);
    mapLeaves(declaration.inputs, (v) => {
      const target = v instanceof Ref ? byRef.get(`${v.type}\u0000${v.key}`) : undefined;
      if (target) found.add(target);
      return undefined;
    });
  }
  return found;
}

/** The text of `main.go` for an account model. */
export function goProgramText(model: AccountModel): string {
  const byRef = new Map(model.objects.map((o) => [`${o.type}\u0000${o.key}`, o]));
  const agents = new Map(model.agents.map((a) => [a.email, a.identifier]));
  const named = referenced(model);

  const printable = (value: unknown, object: ModelObject): unknown =>
    mapLeaves(value, (v) => {
      if (v instanceof Ref) {
        const target = byRef.get(`${v.type}\u0000${v.key}`);
        if (!target) throw new Error(`internal: ${v.type} "${v.key}" is referred to but not exported`);
        return { value: goExpr(v.field === "id" ? `${target.identifier}.ID()` : `${target.identifier}.${goName(v.field)}`) };
      }
      if (v instanceof AgentRef) return { value: goExpr(agents.get(v.email) as string) };
      if (v instanceof Unmapped) return { value: new Commented(printable(v.value, object), v.reason) };
      if (v instanceof Configured) return { value: configuredValue(v, object) };
      return undefined;
    });

  const settings = yamlSettings(model);
  const declarations = declarationsOf(model);
  const imports = [
    ...(declarations.length > 0 || model.agents.length > 0 ? [`\t"${GO_SDK_MODULE}"`] : []),
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(settings.length > 0 ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
  ];
  const body: string[] = [];
  if (settings.length > 0) {
    body.push('cfg := config.New(ctx, "")');
    for (const setting of settings) body.push(...goCommentLines(setting.doc), ...settingLines(setting));
    body.push("");
  }
  if (model.agents.length > 0) {
    body.push("// Users, found by e-mail address (user ids differ between installations): each one's id.");
    for (const agent of model.agents) {
      body.push(`${agent.identifier} := chatwoot.GetAgentsOutput(ctx, chatwoot.GetAgentsOutputArgs{Email: pulumi.String(${JSON.stringify(agent.email)})}).Agents().Index(pulumi.Int(0)).Id()`);
    }
    body.push("");
  }
  let section: string | undefined;
  for (const declaration of declarations) {
    const { plural } = resourceType(declaration.object.type);
    if (declaration.role === "object" && section !== plural) {
      section = plural;
      body.push(`// ${plural.charAt(0).toUpperCase()}${plural.slice(1)}`);
    }
    body.push(...resourceLines(declaration, printable(declaration.inputs, declaration.object) as Record<string, unknown>, named), "");
  }
  body.push("return nil");
  return alignKeyValues([
    ...HEADER,
    "",
    "import (",
    ...imports,
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...body.map((line) => (line === "" ? "" : `\t\t${line}`)),
    "\t})",
    "}",
    "",
  ]).join("\n");
}

/** One resource: the notes above it, its constructor with its name, arguments and options, and the check of its error. */
function resourceLines(declaration: Declaration, inputs: Record<string, unknown>, named: Set<ModelObject>): string[] {
  const { object, identifier, resourceName, role } = declaration;
  const noun = resourceType(object.type).noun;
  const notes =
    role === "links"
      ? [`What ${object.identifier} refers to is declared after it: this second resource sets it once both exist (it adopts the ${noun} and manages only these properties).`]
      : object.notes;
  const properties = role === "links" ? { adoptId: goExpr(`${object.identifier}.ID()`), ...inputs } : inputs;
  const types = RESOURCES[pluginToken(object.type)]?.inputProperties ?? {};
  const fields = Object.entries(properties)
    .filter(([, v]) => v !== undefined)
    .flatMap(([key, value]) => goEntry(`${goName(key)}: `, value, types[key], TYPES, 1, key));
  const options = role === "object" && object.options !== undefined ? Object.entries(object.options).map(([key, value]) => `, pulumi.${goName(key)}(${JSON.stringify(value)})`) : [];
  const args = fields.length > 0 ? [`&chatwoot.${object.type}Args{`, ...fields, `}${options.join("")})`] : [`&chatwoot.${object.type}Args{}${options.join("")})`];
  const call = [`chatwoot.New${object.type}(ctx, ${JSON.stringify(resourceName)}, ${args[0]}`, ...args.slice(1)];
  const comments = notes.flatMap((note) => goCommentLines(note));
  if (role === "object" && named.has(object)) return [...comments, `${identifier}, err := ${call[0]}`, ...call.slice(1), "if err != nil {", "\treturn err", "}"];
  // Nothing refers to it: no variable, which Go would find unused.
  const last = call.length - 1;
  return [...comments, ...call.map((line, i) => `${i === 0 ? "if _, err := " : ""}${line}${i === last ? "; err != nil {" : ""}`), "\treturn err", "}"];
}
