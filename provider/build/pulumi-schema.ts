/**
 * The plugin's Pulumi package schema, made from the registry of types and the SDK's declarations:
 * `chatwoot:index:<Type>` resources with the documented arguments and outputs of their TypeScript
 * classes, `chatwoot:index:get<X>` functions, the provider's configuration, secrets marked secret,
 * replacing properties marked, and every description the text TypeScript users read in their
 * editor (the types and their descriptions: ./schema-types.ts).
 */
import * as ts from "typescript";
import type { z } from "zod";
import { ENVIRONMENT_FIRST, SETTING_SOURCES, type SettingName } from "../config";
import { DATA_SOURCE_TYPES, moduleName, RESOURCE_TYPES, type ResourceType } from "../registry";
import { Declarations, type DeclaredProperty } from "./declarations";
import { TOKEN_PREFIX } from "../plugin/naming";
import { SECRET_CONFIG_KEYS } from "../plugin/provider-config";
import { jsonAt, jsonSchemaOf, SchemaBuilder, type FunctionSpec, type Json, type PackageSchema, type PropertySpec, type ResourceSpec } from "./schema-types";

export { TOKEN_PREFIX } from "../plugin/naming";
export { type FunctionSpec, type ObjectSpec, type PackageSchema, type PropertySpec, type ResourceSpec, type TypeSpec } from "./schema-types";

/** The properties of an object, with their zod nodes; `required` from the declarations. */
function objectSpec(builder: SchemaBuilder, properties: DeclaredProperty[], root: Json, owner: string, extra: (p: DeclaredProperty) => Partial<PropertySpec> = () => ({})) {
  const specs: Record<string, PropertySpec> = {};
  for (const p of properties) specs[p.name] = builder.property(p, root, jsonAt(root, root, { key: p.name }), owner, extra(p));
  const required = properties.filter((p) => !p.optional).map((p) => p.name).sort();
  return { properties: specs, required };
}

/** The `## Import` section of a type's description: the forms of id `pulumi import` takes. */
function importSection(type: ResourceType): string {
  const forms = type.lifecycle.importForms;
  const lines = forms.map((form) => `$ pulumi import ${TOKEN_PREFIX}${type.name} <name> ${form}`);
  return `## Import\n\nAn existing object is adopted into a stack with \`pulumi import\` (native plugin); its id is one of ${forms
    .map((f) => `\`${f}\``)
    .join(", ")} (the account defaults to the provider's \`accountId\`):\n\n\`\`\`sh\n${lines.join("\n")}\n\`\`\``;
}

/** One resource type's schema. */
function resourceSpec(builder: SchemaBuilder, decls: Declarations, type: ResourceType): ResourceSpec {
  const file = decls.file(`sdk/${moduleName(type.name)}.ts`);
  const klass = decls.declaration(file, type.name) as ts.ClassDeclaration;
  const args = decls.declaration(file, `${type.name}Args`);
  const root = jsonSchemaOf(type.lifecycle.inputSchema);
  const replacing = new Set(type.lifecycle.replaceOn({}));
  const inputs = decls.interfaceProperties(args);
  const secretInputs = new Set(type.secretInputs ?? []);
  const secretOutputs = new Set(type.secretOutputs ?? []);
  const input = objectSpec(builder, inputs, root, type.name, (p) => ({
    ...(secretInputs.has(p.name) ? { secret: true } : {}),
    ...(replacing.has(p.name) ? { willReplaceOnChanges: true } : {}),
  }));
  // An output of an input's name has the input's type (the same zod node); the others are the server's.
  const outputs = decls.classOutputs(klass);
  const output = objectSpec(builder, outputs, root, type.name, (p) => (secretOutputs.has(p.name) ? { secret: true } : {}));
  const alwaysPresent = outputs.filter((p) => !/\bnull\b|\bundefined\b/.test(p.type.getText())).map((p) => p.name);
  return {
    description: `${decls.doc(klass)}\n\n${importSection(type)}`,
    properties: output.properties,
    required: alwaysPresent.sort(),
    inputProperties: input.properties,
    // Written as Pulumi's tools write a schema back: an empty list or object is left out.
    ...(input.required.length > 0 ? { requiredInputs: input.required } : {}),
  };
}

/** One data source's schema. */
function functionSpec(builder: SchemaBuilder, decls: Declarations, name: string, args: z.ZodType): FunctionSpec {
  const file = decls.file(`sdk/${moduleName(name)}.ts`);
  const fn = decls.declaration(file, name);
  const base = name.charAt(0).toUpperCase() + name.slice(1);
  const root = jsonSchemaOf(args);
  const inputs = objectSpec(builder, decls.interfaceProperties(decls.declaration(file, `${base}Args`)), root, base);
  const outputs = objectSpec(builder, decls.interfaceProperties(decls.declaration(file, `${base}Result`)), undefined, `${base}Result`);
  return {
    description: decls.doc(fn),
    inputs: { properties: inputs.properties, ...(inputs.required.length ? { required: inputs.required } : {}) },
    outputs: { properties: outputs.properties, required: outputs.required },
  };
}

/** The provider's configuration: the settings of `ConnectionSettings` (provider/config.ts), tokens secret. */
function configSpec(decls: Declarations): Record<string, PropertySpec> {
  const settings = decls.interfaceProperties(decls.declaration(decls.file("provider/config.ts"), "ConnectionSettings"));
  const variables: Record<string, PropertySpec> = {};
  for (const [name, { key, env }] of Object.entries(SETTING_SOURCES)) {
    const setting = settings.find((s) => s.name === name);
    if (!setting) throw new Error(`ConnectionSettings documents no ${name}`);
    // Every numeric setting is a whole number (the connection refuses others); the tokens are secrets as the plugin's check keeps them.
    const environment = ENVIRONMENT_FIRST.includes(name as SettingName)
      ? `environment variable \`${env}\`, which wins over the stack config when set (an explicit provider's input wins over it)`
      : `environment fallback \`${env}\``;
    variables[key] = {
      type: setting.type.kind === ts.SyntaxKind.StringKeyword ? "string" : "integer",
      description: `${setting.doc}\n\nStack config \`chatwoot:${key}\`; ${environment}.`,
      ...(SECRET_CONFIG_KEYS.includes(key) ? { secret: true } : {}),
    };
  }
  return variables;
}

/** The npm package TypeScript programs import the resources from: this one. */
const NPM_PACKAGE = "pulumi-chatwoot";

/** The Go SDK's module (and package import) path: sdk/go/chatwoot, generated by `npm run build:sdks`. */
export const GO_IMPORT_PATH = "github.com/pulumi-chatwoot/pulumi-chatwoot/sdk/go/chatwoot";

/**
 * What each language's generators read: the options of Pulumi's SDK generators (`npm run
 * build:sdks`, ./sdkgen: the SDKs carry the schema's version, the package's, and the Python one
 * needs the Pulumi SDK the plugin supports), and the package a program imports, which the
 * program generators of `pulumi import` and `pulumi convert` write: this npm package in TypeScript
 * (whose classes are the schema's resources by name), `pulumi_chatwoot` in Python, the Go SDK's
 * module (a program's go.mod requires its module path).
 */
const LANGUAGE_OPTIONS: PackageSchema["language"] = {
  nodejs: { packageName: NPM_PACKAGE, respectSchemaVersion: true },
  python: { packageName: "pulumi_chatwoot", requires: { pulumi: ">=3.139.0,<4.0.0" }, pyproject: { enabled: true }, respectSchemaVersion: true },
  go: { importBasePath: GO_IMPORT_PATH, modulePath: GO_IMPORT_PATH, generateResourceContainerTypes: true, respectSchemaVersion: true },
};

/** The whole schema for the package at `root`, of version `version` (from `decls`, when the caller has compiled them already). */
export function buildSchema(root: string, version: string, decls = new Declarations(root)): PackageSchema {
  const builder = new SchemaBuilder(decls);
  const resources: PackageSchema["resources"] = {};
  for (const type of RESOURCE_TYPES) resources[`${TOKEN_PREFIX}${type.name}`] = resourceSpec(builder, decls, type);
  const functions: PackageSchema["functions"] = {};
  for (const source of DATA_SOURCE_TYPES) functions[`${TOKEN_PREFIX}${source.name}`] = functionSpec(builder, decls, source.name, source.args);
  const variables = configSpec(decls);
  return {
    name: "chatwoot",
    displayName: "Chatwoot",
    version,
    description: "Manage the configuration of a Chatwoot (or API-compatible) customer-support platform as code.",
    keywords: ["pulumi", "chatwoot", "category/utility", "kind/native"],
    license: "Apache-2.0",
    config: { variables },
    provider: {
      description: "An installation of Chatwoot and the account its resources belong to by default. Each provider instance has its own connection.",
      inputProperties: variables,
    },
    types: Object.fromEntries(Object.entries(builder.types).sort(([a], [b]) => a.localeCompare(b))),
    resources,
    functions,
    language: LANGUAGE_OPTIONS,
  };
}
