/**
 * Captain custom tools, as upstream's request spec
 * spec/enterprise/controllers/api/v1/accounts/captain/custom_tools_controller_spec.rb, its model spec
 * spec/enterprise/models/captain/custom_tool_spec.rb and the feature guard's
 * spec/enterprise/controllers/api/v1/accounts/captain/feature_guard_spec.rb describe them.
 */
import { outcome, seedClients, useSandbox } from "./http";

const TOOLS = "/api/v1/accounts/1/captain/custom_tools";
const TOOLS_2 = "/api/v1/accounts/2/captain/custom_tools";
type Tool = { id: number; slug: string } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };

const orderStatus = {
  title: "Fetch Order Status",
  description: "Fetches order status from external API",
  endpoint_url: "https://api.example.com/orders/{{ order_id }}",
  http_method: "GET",
  enabled: true,
  param_schema: [{ name: "order_id", type: "string", description: "The order ID", required: true }],
};

describe("Captain custom tools (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => (await admin1.post(TOOLS, { custom_tool: body })).body as Tool;

  it("creates a tool, its slug made from the title, and renders the view with the credentials for administrators only", async () => {
    const made = await admin1.post(TOOLS, { custom_tool: { ...orderStatus, auth_type: "bearer", auth_config: { token: "tok-123" }, headers: { "X-Tenant": "acme" } } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: 1, slug: "custom_fetch_order_status", ...orderStatus, auth_type: "bearer", auth_config: { token: "tok-123" }, headers: { "X-Tenant": "acme" }, account_id: 1 });
    expect(typeof (made.body as Tool).created_at).toBe("number");
    const seen = (await agent1.get(`${TOOLS}/1`)).body as Tool;
    expect(seen).toMatchObject({ id: 1, slug: "custom_fetch_order_status", auth_type: "bearer" });
    expect(Object.keys(seen)).not.toContain("auth_config");
    expect(Object.keys(seen)).not.toContain("headers");
    // Snapshots and the request log never carry the credentials.
    expect(JSON.stringify(sandbox().control.snapshot())).not.toContain("tok-123");
    expect(sandbox().control.log()[0]?.body).toMatchObject({ custom_tool: { auth_config: "[FILTERED]", headers: "[FILTERED]" } });
  });

  it("parameterizes the title, and gives a taken slug a random suffix; the slug stays when the title changes", async () => {
    expect((await create({ title: "Fetch Order Status & Details!", endpoint_url: "https://api.example.com/x" })).slug).toBe("custom_fetch_order_status_details");
    const again = await create({ title: "Fetch order status & details", endpoint_url: "https://api.example.com/x" });
    expect(again.slug).toMatch(/^custom_fetch_order_status_details_[a-z0-9]{6}$/);
    const renamed = await admin1.patch(`${TOOLS}/${again.id}`, { custom_tool: { title: "Something else" } });
    expect(renamed.body).toMatchObject({ title: "Something else", slug: again.slug });
    // Slugs are unique per account only.
    expect(((await admin2.post(TOOLS_2, { custom_tool: { title: "Fetch Order Status & Details!", endpoint_url: "https://api.example.com/x" } })).body as Tool).slug).toBe("custom_fetch_order_status_details");
  });

  it("validates presence, the enums and the parameters' schema (422), and refuses headers that are no object", async () => {
    expect(outcome(await admin1.post(TOOLS, { custom_tool: { title: "", endpoint_url: "" } }))).toEqual([
      422,
      { message: "Slug can't be blank, Title can't be blank, Endpoint url can't be blank", attributes: ["slug", "title", "endpoint_url"] },
    ]);
    const base = { title: "T", endpoint_url: "https://api.example.com/x" };
    expect(outcome(await admin1.post(TOOLS, { custom_tool: { ...base, http_method: "PUT" } }))).toEqual([422, { message: "Http method is not included in the list", attributes: ["http_method"] }]);
    expect(outcome(await admin1.post(TOOLS, { custom_tool: { ...base, auth_type: "oauth" } }))).toEqual([422, { message: "Auth type is not included in the list", attributes: ["auth_type"] }]);
    expect((await admin1.post(TOOLS, { custom_tool: { ...base, param_schema: [{ name: "order_id", type: "string" }] } })).status).toBe(422);
    expect(outcome(await admin1.post(TOOLS, { custom_tool: { ...base, headers: "X-Key: 1" } }))).toEqual([422, { error: "Headers must be an object of header names to values" }]);
    expect((await admin1.post(TOOLS, { custom_tool: { ...base, headers: ["a"] } })).status).toBe(422);
    // `permit` drops a parameter's keys other than the four, before the schema could refuse them.
    const extra = await create({ ...base, param_schema: [{ name: "id", type: "string", description: "Id", extra_field: "x" }] });
    expect(extra.param_schema).toEqual([{ name: "id", type: "string", description: "Id" }]);
    expect(sandbox().control.snapshot().captain_custom_tools).toHaveLength(1);
  });

  it("refuses endpoints its SSRF guard does not allow, with upstream's messages", async () => {
    const refused = async (endpoint_url: string) => (await admin1.post(TOOLS, { custom_tool: { title: "T", endpoint_url } })).body;
    expect(await refused("http://localhost/api")).toEqual({ message: "Endpoint url must use HTTPS protocol, Endpoint url cannot use disallowed hostname", attributes: ["endpoint_url"] });
    expect(await refused("https://127.0.0.1/api")).toEqual({ message: "Endpoint url cannot be an IP address, must be a hostname", attributes: ["endpoint_url"] });
    expect(await refused("https://10.0.0.8/internal")).toEqual({ message: "Endpoint url cannot be an IP address, must be a hostname", attributes: ["endpoint_url"] });
    expect(await refused("https://[::1]/api")).toEqual({ message: "Endpoint url cannot be an IP address, must be a hostname", attributes: ["endpoint_url"] });
    expect(await refused("https://printer.local/api")).toEqual({ message: "Endpoint url cannot use disallowed hostname", attributes: ["endpoint_url"] });
    // Ruby's URI.parse refuses non-ASCII text before the guard's own check could.
    expect(await refused("https://bücher.example/api")).toEqual({ message: "Endpoint url must be a valid URL", attributes: ["endpoint_url"] });
    expect(sandbox().control.snapshot().captain_custom_tools).toEqual([]);
  });

  it("holds at most 15 tools per account (422 past it), 50 with the tool catalog", async () => {
    for (let i = 1; i <= 15; i++) expect((await admin1.post(TOOLS, { custom_tool: { title: `Tool ${i}`, endpoint_url: "https://api.example.com/x" } })).status).toBe(200);
    const over = await admin1.post(TOOLS, { custom_tool: { title: "Tool 16", endpoint_url: "https://api.example.com/x" } });
    expect(outcome(over)).toEqual([422, { error: "Custom tool limit exceeded: an account can have at most 15 custom tools" }]);
    sandbox().control.setFeatures(1, { captain_tool_catalog: true });
    expect((await admin1.post(TOOLS, { custom_tool: { title: "Tool 16", endpoint_url: "https://api.example.com/x" } })).status).toBe(200);
  });

  it("lists every member's account's tools, disabled ones too, newest first, 25 a page with the total", async () => {
    sandbox().control.setFeatures(1, { captain_tool_catalog: true });
    for (let i = 1; i <= 30; i++) expect((await admin1.post(TOOLS, { custom_tool: { title: `T${i}`, endpoint_url: "https://a.example/x", enabled: i % 2 === 0 } })).status).toBe(200);
    const first = (await agent1.get(TOOLS)).body as { payload: Tool[]; meta: unknown };
    expect(first.payload.map((t) => t.id)).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
    expect(first.meta).toEqual({ total_count: 30, page: 1 });
    const second = (await agent1.get(`${TOOLS}?page=2`)).body as { payload: Tool[]; meta: unknown };
    expect(second.payload.map((t) => t.id)).toEqual([5, 4, 3, 2, 1]);
    expect(second.meta).toEqual({ total_count: 30, page: 2 });
    expect(second.payload.map((t) => t.enabled)).toEqual([false, true, false, true, false]);
    expect(((await admin2.get(TOOLS_2)).body as { payload: Tool[] }).payload).toEqual([]);
  });

  it("lets administrators alone write, answers 404 for another account's tool, and destroys with 204", async () => {
    const tool = await create(orderStatus);
    expect(outcome(await agent1.post(TOOLS, { custom_tool: orderStatus }))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.patch(`${TOOLS}/${tool.id}`, { custom_tool: { title: "Mine" } }))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.delete(`${TOOLS}/${tool.id}`))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await admin2.get(`${TOOLS_2}/${tool.id}`))).toEqual([404, { error: "Resource could not be found" }]);
    const updated = await admin1.patch(`${TOOLS}/${tool.id}`, { custom_tool: { enabled: false, headers: { "X-Key": "k-1" } } });
    expect(updated.body).toMatchObject({ title: "Fetch Order Status", enabled: false, headers: { "X-Key": "k-1" } });
    expect((await admin1.delete(`${TOOLS}/${tool.id}`)).status).toBe(204);
    expect((await admin1.get(`${TOOLS}/${tool.id}`)).status).toBe(404);
  });

  it("answers 403 before anything else in an account without custom tools or without Captain (feature_guard_spec)", async () => {
    const tool = await create(orderStatus);
    sandbox().control.setFeatures(1, { custom_tools: false });
    expect(outcome(await agent1.get(TOOLS))).toEqual([403, { error: "Custom tools are not enabled for this account" }]);
    expect(outcome(await admin1.delete(`${TOOLS}/${tool.id}`))).toEqual([403, { error: "Custom tools are not enabled for this account" }]);
    sandbox().control.setFeatures(1, { custom_tools: true, captain_integration: false });
    expect(outcome(await admin1.get(`${TOOLS}/${tool.id}`))).toEqual([403, { error: "Captain is not enabled for this account" }]);
    // `captain_integration_v2` turns both on.
    sandbox().control.setFeatures(1, { custom_tools: false, captain_integration_v2: true });
    expect((await admin1.get(`${TOOLS}/${tool.id}`)).status).toBe(200);
  });

  it("has no routes on a community server", async () => {
    sandbox().control.setEdition("community");
    expect((await admin1.get(TOOLS)).status).toBe(404);
  });
});
