/**
 * The plugin's package schema (provider/plugin/schema.json, generated from the registry of types
 * and the SDK's declarations): every type of the registry is in it, every property is documented,
 * and what must stay secret is marked secret.
 */
import schema from "../../../provider/plugin/schema.json";
import { DATA_SOURCE_TYPES, RESOURCE_TYPES, type ResourceType } from "../../../provider/registry";
import { CONFIG_KEYS, SECRET_CONFIG_KEYS } from "../../../provider/plugin/provider-config";

type Property = { description?: string; secret?: boolean; willReplaceOnChanges?: boolean };
type Resource = { description: string; properties: Record<string, Property>; inputProperties: Record<string, Property> };
const resources = schema.resources as Record<string, Resource>;
const functions = schema.functions as Record<string, { description: string; inputs: { properties: Record<string, Property> }; outputs: { properties: Record<string, Property> } }>;
const types = schema.types as Record<string, { properties: Record<string, Property> }>;

test("the schema holds exactly the registry's resources and data sources", () => {
  expect(Object.keys(resources).sort()).toEqual(RESOURCE_TYPES.map((t) => `chatwoot:index:${t.name}`).sort());
  expect(Object.keys(functions).sort()).toEqual(DATA_SOURCE_TYPES.map((t) => `chatwoot:index:${t.name}`).sort());
});

test("the provider's configuration is the connection's settings, the tokens secret", () => {
  expect(Object.keys(schema.config.variables).sort()).toEqual([...CONFIG_KEYS].sort());
  expect(Object.keys(schema.provider.inputProperties).sort()).toEqual([...CONFIG_KEYS].sort());
  const secret = Object.entries(schema.config.variables as Record<string, Property>).filter(([, v]) => v.secret).map(([k]) => k);
  expect(secret.sort()).toEqual([...SECRET_CONFIG_KEYS].sort());
});

/** Every property of the schema, named by where it is. */
function everyProperty(): [string, Property][] {
  const all: [string, Property][] = [];
  for (const [token, r] of Object.entries(resources)) {
    for (const [k, p] of Object.entries(r.inputProperties)) all.push([`${token} input ${k}`, p]);
    for (const [k, p] of Object.entries(r.properties)) all.push([`${token} output ${k}`, p]);
  }
  for (const [token, f] of Object.entries(functions)) {
    for (const [k, p] of Object.entries(f.inputs.properties)) all.push([`${token} argument ${k}`, p]);
    for (const [k, p] of Object.entries(f.outputs.properties)) all.push([`${token} result ${k}`, p]);
  }
  for (const [token, t] of Object.entries(types)) for (const [k, p] of Object.entries(t.properties)) all.push([`${token} ${k}`, p]);
  return all;
}

test("every property and every type carries a description", () => {
  expect(everyProperty().filter(([, p]) => !p.description?.trim()).map(([where]) => where)).toEqual([]);
  for (const [token, r] of Object.entries(resources)) expect([token, r.description.length > 40]).toEqual([token, true]);
  for (const [token, f] of Object.entries(functions)) expect([token, f.description.length > 40]).toEqual([token, true]);
});

describe.each(RESOURCE_TYPES as readonly ResourceType[])("$name", (type) => {
  const resource = () => resources[`chatwoot:index:${type.name}`]!;

  test("its credentials are secret inputs and its server secrets secret outputs", () => {
    for (const key of type.secretInputs ?? []) expect([key, resource().inputProperties[key]?.secret]).toEqual([key, true]);
    for (const key of type.secretOutputs ?? []) expect([key, resource().properties[key]?.secret]).toEqual([key, true]);
  });

  test("the inputs that always replace it are marked, and only those", () => {
    const replacing = Object.entries(resource().inputProperties).filter(([, p]) => p.willReplaceOnChanges).map(([k]) => k);
    expect(replacing.sort()).toEqual(type.lifecycle.replaceOn({}).filter((k) => k in resource().inputProperties).sort());
  });

  test("its description says how to import it, in each form of id", () => {
    for (const form of type.lifecycle.importForms) expect(resource().description).toContain(`pulumi import chatwoot:index:${type.name} <name> ${form}`);
  });
});

test("a property typed as string literals, which the schema can only call a string, names its values", () => {
  const rule = resources["chatwoot:index:AutomationRule"]!.inputProperties;
  for (const event of ["conversation_created", "conversation_updated", "conversation_opened", "conversation_resolved", "message_created"]) {
    expect(rule.eventName?.description).toContain(`\`${event}\``);
  }
  // A list of them, through a type alias.
  expect(resources["chatwoot:index:Webhook"]!.inputProperties.subscriptions?.description).toMatch(/Each one of `conversation_created`, .*`inbox_updated`\./);
  // A description that names every value already is left as it is.
  expect(resources["chatwoot:index:Agent"]!.inputProperties.role?.description).not.toMatch(/One of/);
});
