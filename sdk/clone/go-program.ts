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
import { declarationsOf, declarationsWithHeadings, type Declaration } from "./declarations";
import { alignKeyValues, goCommentLines, goEntry, goExpr, goName, type SchemaType, type SchemaTypes } from "./go-code";
import { mapLeaves, type AccountModel, type ModelObject } from "./model";
import { pluginValues } from "./plugin-values";
import { templateHeader, usersComment } from "./program-text";
import { Ref } from "./references";
import { resourceType } from "./resource-types";
import { yamlSettings, type YamlSetting } from "./yaml-settings";

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

/** The lines that read a setting from the project's config into a variable of its key's name. */
function settingLines(setting: YamlSetting): string[] {
  const { key } = setting;
  if (setting.secret) return [`${key} := cfg.RequireSecret(${JSON.stringify(key)})`];
  // Blank: not managed (a nil input leaves the property out).
  if (setting.purpose === "blank") return [`var ${key} pulumi.StringPtrInput`, `if v := cfg.Get(${JSON.stringify(key)}); v != "" {`, `\t${key} = pulumi.String(v)`, "}"];
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
  const named = referenced(model);
  const printable = pluginValues(model, {
    ref: (target, field) => goExpr(field === "id" ? `${target.identifier}.ID()` : `${target.identifier}.${goName(field)}`),
    agent: (agent) => goExpr(agent.identifier),
    intSetting: (key) => goExpr(`pulumi.Int(${key})`),
    textSetting: (key) => goExpr(`pulumi.String(${key})`),
    // A pulumi.StringOutput already (cfg.RequireSecret).
    secretSetting: (key) => goExpr(key),
    suffixed: (text, key) => goExpr(`pulumi.String(${JSON.stringify(text)} + ${key})`),
    // A pulumi.StringPtrInput already, nil where blank.
    blankSetting: (key) => goExpr(key),
  });

  const settings = yamlSettings(model, { blank: true });
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
    body.push(`// ${usersComment(model, ": each one's id.")}`);
    for (const agent of model.agents) {
      const email = agent.setting === undefined ? JSON.stringify(agent.email) : agent.setting;
      body.push(`${agent.identifier} := chatwoot.GetAgentsOutput(ctx, chatwoot.GetAgentsOutputArgs{Email: pulumi.String(${email})}).Agents().Index(pulumi.Int(0)).Id()`);
    }
    body.push("");
  }
  for (const { declaration, heading } of declarationsWithHeadings(model)) {
    if (heading !== undefined) body.push(`// ${heading}`);
    body.push(...resourceLines(declaration, printable(declaration.inputs, declaration.object) as Record<string, unknown>, named), "");
  }
  body.push("return nil");
  return alignKeyValues([
    ...(model.template ? [...templateHeader("Pulumi Go program").map((line) => `// ${line}`), HEADER[3] as string] : HEADER),
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
