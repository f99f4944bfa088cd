/**
 * CaptainCustomTool against the sandbox: what is its own beyond the collection lifecycle
 * (collection-resources.test.ts): credentials (`authConfig`, `headers`) that reach neither outputs
 * nor state in plain text, are sent whole when one changes, are compared with what an
 * administrator's read shows (drift) and kept as they are when a read shows nothing (an agent's
 * token); every page of the list read; and the 403 of a feature that is off, with its hint.
 */
import { resources } from "../../provider";
import { create, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.CaptainCustomTool;
const TOKEN = "orders-token-5f1e2d";
const TENANT_KEY = "tenant-key-9a8b7c";
const base = {
  title: "Order status",
  endpointUrl: "https://api.acme.test/orders/{{ order_id }}",
  authType: "bearer",
  authConfig: { token: TOKEN },
  headers: { "X-Tenant-Key": TENANT_KEY },
  paramSchema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
};

describe.each(SHAPES)("CaptainCustomTool (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const tools = () => `/api/v1/accounts/${ctx.account.id}/captain/custom_tools`;
  /** The tool as the server holds it: an administrator's read shows its credentials. */
  const stored = async (id: string) => (await ctx.admin("GET", `${tools()}/${id}`)).body as Record<string, unknown>;
  beforeEach(() => ctx.sb.control.clearLog());
  afterEach(() => ctx.connect());

  it("sends the credentials in the POST and keeps only their digests, which a second up leaves alone", async () => {
    const state = await create(provider, base);
    expect(ctx.writes().map((w) => w.body)).toEqual([
      {
        custom_tool: {
          title: "Order status",
          endpoint_url: base.endpointUrl,
          auth_type: "bearer",
          // The sandbox's request log filters the credential maps, as Rails' filter_parameters does.
          auth_config: "[FILTERED]",
          headers: "[FILTERED]",
          param_schema: base.paramSchema,
        },
      },
    ]);
    expect(await stored(state.id)).toMatchObject({ auth_config: { token: TOKEN }, headers: { "X-Tenant-Key": TENANT_KEY } });
    expect(state.outs).toMatchObject({ slug: "custom_order_status", authType: "bearer", httpMethod: "GET", enabled: true });
    expect((state.outs.authConfig as Record<string, string>).token).toMatch(/^scrypt\$/);
    expect((state.outs.headers as Record<string, string>)["X-Tenant-Key"]).toMatch(/^scrypt\$/);
    expect(JSON.stringify(state.outs)).not.toContain(TOKEN);
    expect(JSON.stringify(state.outs)).not.toContain(TENANT_KEY);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, base)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("sends a changed map whole: a new token alone, a header removed", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const rotated = await up(provider, state, { ...base, authConfig: { token: "orders-token-rotated" } });
    expect(rotated.op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ custom_tool: { auth_config: "[FILTERED]" } }]);
    expect((await stored(state.id)).auth_config).toEqual({ token: "orders-token-rotated" });
    ctx.sb.control.clearLog();
    const fewer = await up(provider, rotated.state, { ...base, authConfig: { token: "orders-token-rotated" }, headers: {} });
    expect(ctx.writes().map((w) => w.body)).toEqual([{ custom_tool: { headers: "[FILTERED]" } }]);
    expect((await stored(state.id)).headers).toEqual({});
    expect(fewer.state.outs.headers).toEqual({});
  });

  it("finds a credential changed by hand through an administrator's read, without plaintext, and sends the declared one again", async () => {
    const state = await create(provider, base);
    expect((await ctx.admin("PATCH", `${tools()}/${state.id}`, { custom_tool: { auth_config: { token: "changed-by-hand-1" }, headers: { "X-Tenant-Key": TENANT_KEY, "X-Extra": "added-by-hand" } } })).status).toBe(200);
    const refreshed = (await refresh(provider, state))!;
    const shown = JSON.stringify(refreshed.outs);
    for (const plain of ["changed-by-hand-1", "added-by-hand", TOKEN, TENANT_KEY]) expect(shown).not.toContain(plain);
    // The unchanged header keeps its digest: no noise for what did not change.
    expect((refreshed.outs.headers as Record<string, string>)["X-Tenant-Key"]).toBe((state.outs.headers as Record<string, string>)["X-Tenant-Key"]);
    ctx.sb.control.clearLog();
    const repaired = await up(provider, refreshed, base);
    expect(repaired.op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ custom_tool: { auth_config: "[FILTERED]", headers: "[FILTERED]" } }]);
    expect(await stored(state.id)).toMatchObject({ auth_config: { token: TOKEN }, headers: { "X-Tenant-Key": TENANT_KEY } });
  });

  it("keeps the digests as they are when a read is shown no credentials (an agent's token): no diff", async () => {
    const state = await create(provider, base);
    ctx.connect({ apiAccessToken: ctx.account.agentToken! });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs.authConfig).toEqual(state.outs.authConfig);
    expect(refreshed.outs.headers).toEqual(state.outs.headers);
    ctx.connect();
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, base)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("refuses a write of an auth type without its credentials, before any request; left out, they are not managed", async () => {
    await expect(create(provider, { ...base, authConfig: undefined })).rejects.toThrow(/^POST \S+ not sent: authType "bearer" needs authConfig \(token\)/);
    expect(ctx.writes()).toEqual([]);
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    // The credentials left out of the program (as after an import): kept, unmanaged, with no write.
    expect((await up(provider, state, { ...base, authConfig: undefined })).op).toBe("same");
    await expect(up(provider, state, { ...base, authType: "basic", authConfig: undefined })).rejects.toThrow(/^PATCH not sent: authType "basic" needs authConfig \(username, password\)/);
    expect(ctx.writes()).toEqual([]);
  });

  it("lists every page (25 tools a page) before a create", async () => {
    ctx.sb.control.setFeatures(ctx.account.id, { captain_tool_catalog: true });
    for (let i = 1; i <= 30; i++) expect((await ctx.admin("POST", tools(), { custom_tool: { title: `Tool ${i}`, endpoint_url: "https://api.acme.test/x" } })).status).toBe(200);
    ctx.sb.control.clearLog();
    await create(provider, base);
    const lists = ctx.requests().filter((r) => r.method === "GET" && r.path === tools());
    expect(lists.map((r) => r.query.page)).toEqual(["1", "2"]);
  });

  it("fails with the server's 403, the hint of what to turn on, and no write, where the account's custom tools are off", async () => {
    ctx.sb.control.setFeatures(ctx.account.id, { custom_tools: false });
    await expect(create(provider, base)).rejects.toThrow(
      /: 403 Custom tools are not enabled for this account; an Enterprise feature of the account is off \(Captain: captain_integration; custom tools: custom_tools/,
    );
    expect(ctx.writes()).toEqual([]);
    expect(ctx.sb.control.snapshot().captain_custom_tools).toEqual([]);
  });

  it("never reads a 403 as gone: a refresh fails instead of dropping the tool", async () => {
    const state = await create(provider, base);
    ctx.sb.control.setFeatures(ctx.account.id, { captain_integration: false });
    await expect(refresh(provider, state)).rejects.toThrow(/403 Captain is not enabled for this account/);
  });
});
