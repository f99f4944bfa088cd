/**
 * Captain custom tools in an export: the settings as shown, the auth fields that name a header or
 * where a key goes as they are, and each credential (a token, a password, a key, every header's
 * value) as a secret of the stack the user sets, in every language, though an administrator's read
 * shows them; `diff` compares the settings and never the credentials.
 */
import { load } from "js-yaml";
import { compareModels } from "../../../sdk/clone/compare";
import { goProgramText } from "../../../sdk/clone/go-program";
import { buildModel } from "../../../sdk/clone/model";
import { programText } from "../../../sdk/clone/program";
import { pythonProgramText } from "../../../sdk/clone/python-program";
import { yamlProgramText } from "../../../sdk/clone/yaml-program";
import { ACCOUNT } from "./support/account";
import { snapshotOf, type RawAccount } from "./support/snapshot";

const TOKEN = "orders-token-do-not-export";
const KEY = "tenant-key-do-not-export";
const order = {
  id: 41,
  slug: "custom_order_status",
  title: "Order status",
  description: "Looks an order up",
  endpoint_url: "https://api.acme.test/orders/{{ order_id }}",
  http_method: "GET",
  request_template: null,
  response_template: "Order {{ response.id }} is {{ response.status }}",
  auth_type: "bearer",
  auth_config: { token: TOKEN },
  headers: { "X-Tenant-Key": KEY },
  param_schema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
  enabled: true,
};
const stock = {
  ...order,
  id: 42,
  slug: "custom_stock",
  title: "Stock",
  description: null,
  response_template: null,
  auth_type: "api_key",
  auth_config: { name: "X-Api-Key", key: KEY, location: "header" },
  headers: {},
  param_schema: [{ name: "sku", type: "string", description: "The article", required: false }],
  enabled: false,
};
const TOOLS: RawAccount = { ...ACCOUNT, captainCustomTools: [order, stock] };
const model = () => buildModel(snapshotOf(TOOLS));

test("TypeScript: settings as shown, each credential from the stack's secrets, adopted by id", () => {
  const text = programText(model());
  expect(text).toContain(
    [
      'const toolOrderStatus = new chatwoot.CaptainCustomTool("tool-order-status", {',
      '  title: "Order status",',
      '  description: "Looks an order up",',
      '  endpointUrl: "https://api.acme.test/orders/{{ order_id }}",',
      '  responseTemplate: "Order {{ response.id }} is {{ response.status }}",',
      '  authType: "bearer",',
      '  authConfig: { token: config.requireSecret("toolOrderStatusToken") },',
      '  headers: { "X-Tenant-Key": config.requireSecret("toolOrderStatusHeaderXTenantKey") },',
      "  paramSchema: [",
      '    { name: "order_id", type: "string", description: "The order number", required: true },',
      "  ],",
      "  adoptId: adopt ? 41 : undefined,",
      "});",
    ].join("\n"),
  );
  expect(text).toContain('authConfig: { name: "X-Api-Key", key: config.requireSecret("toolStockKey"), location: "header" },');
  for (const secret of [TOKEN, KEY]) expect(text).not.toContain(secret);
});

test("YAML, Python and Go read each credential as a required secret of the config, never its value", () => {
  const yaml = yamlProgramText(model(), "acme");
  const doc = load(yaml) as { config: Record<string, unknown>; resources: Record<string, { properties: Record<string, unknown> }> };
  expect(doc.config.toolOrderStatusToken).toEqual({ type: "string", secret: true });
  expect(doc.resources["tool-order-status"]?.properties.authConfig).toEqual({ token: "${toolOrderStatusToken}" });
  const python = pythonProgramText(model());
  expect(python).toContain('tool_order_status_token = config.require_secret("toolOrderStatusToken")');
  const go = goProgramText(model());
  expect(go).toContain('toolOrderStatusHeaderXTenantKey := cfg.RequireSecret("toolOrderStatusHeaderXTenantKey")');
  for (const text of [yaml, python, go]) for (const secret of [TOKEN, KEY]) expect(text).not.toContain(secret);
});

test("diff compares the settings, never the credentials", () => {
  expect(compareModels(model(), model())).toEqual([]);
  const rotated = buildModel(snapshotOf({ ...TOOLS, captainCustomTools: [{ ...order, auth_config: { token: "another-token" } }, stock] }));
  expect(compareModels(model(), rotated)).toEqual([]);
  const moved = buildModel(snapshotOf({ ...TOOLS, captainCustomTools: [{ ...order, endpoint_url: "https://api2.acme.test/orders/{{ order_id }}" }, stock] }));
  expect(JSON.stringify(compareModels(model(), moved))).toContain("api2.acme.test");
});
