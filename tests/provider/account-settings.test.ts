/**
 * AccountSettings: the account itself (`/api/v1/accounts/{id}`), a singleton that is taken over on
 * create and only forgotten on delete. Seed: account 1 "Acme", locale en, no settings.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resources } from "../../provider";
import { check, CheckFailed, create, destroy, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const provider = resources.AccountSettings;
const declared = { name: "Acme Inc", autoResolveAfter: 1440, autoResolveMessage: "Closed after a day without news", industry: "Retail" };

describe("AccountSettings", () => {
  const ctx = useSandbox();
  const account = () => `/api/v1/accounts/${ctx.account.id}`;
  const server = () => ctx.sb.control.snapshot().accounts.find((a) => a.id === ctx.account.id)!;

  it("takes the account over with one GET and one PATCH of what differs, and returns complete outputs", async () => {
    const state = await create(provider, { ...declared, locale: "en" });
    expect(state.id).toBe(String(ctx.account.id));
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${account()}`, `PATCH ${account()}`]);
    // The locale is already en: not sent.
    expect(ctx.writes()[0]!.body).toEqual({ name: "Acme Inc", auto_resolve_after: 1440, auto_resolve_message: "Closed after a day without news", industry: "Retail" });
    expect(state.outs).toEqual({
      __inputs: state.inputs,
      ...declared,
      accountId: ctx.account.id,
      locale: "en",
      domain: null,
      supportEmail: "Chatwoot <accounts@chatwoot.com>",
      autoResolveIgnoreWaiting: null,
      autoResolveLabel: null,
      audioTranscriptions: null,
      conversationRequiredAttributes: null,
      companySize: null,
      timezone: null,
      status: "active",
      adopted: true,
    });
    expect(server()).toMatchObject({ name: "Acme Inc", settings: { auto_resolve_after: 1440 }, custom_attributes: { industry: "Retail" } });
  });

  it("sends nothing when the account already matches, nor on a second up", async () => {
    const state = await create(provider, { name: "Acme", locale: "en" });
    expect(ctx.writes()).toHaveLength(0);
    expect((await up(provider, state, { name: "Acme", locale: "en" })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("updates with one PATCH holding only the changed setting; null turns auto-resolve off", async () => {
    const state = await create(provider, declared);
    ctx.sb.control.clearLog();
    const next = await up(provider, state, { ...declared, autoResolveAfter: null });
    expect(next.op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: account(), body: { auto_resolve_after: null } })]);
    expect(next.state.outs).toMatchObject({ autoResolveAfter: null, autoResolveMessage: "Closed after a day without news" });
    expect((await up(provider, next.state, { ...declared, autoResolveAfter: null })).op).toBe("same");
  });

  it("sees a change made in the dashboard and repairs it with one PATCH", async () => {
    const state = await create(provider, declared);
    expect((await ctx.admin("PATCH", account(), { name: "Renamed by hand", auto_resolve_after: 60 })).status).toBe(200);
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ name: "Renamed by hand", autoResolveAfter: 60, adopted: true });
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, declared)).op).toBe("update");
    expect(ctx.writes()[0]!.body).toEqual({ name: "Acme Inc", auto_resolve_after: 1440 });
  });

  it("only forgets the account on delete: no request, every setting left as it is", async () => {
    const state = await create(provider, declared);
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.requests()).toHaveLength(0);
    expect(server()).toMatchObject({ name: "Acme Inc", settings: { auto_resolve_after: 1440 } });
  });

  it("compares the required attributes as a set, and [] with an account that never had the setting", async () => {
    const state = await create(provider, { conversationRequiredAttributes: ["plan", "tier"] });
    expect(server().settings.conversation_required_attributes).toEqual(["plan", "tier"]);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { conversationRequiredAttributes: ["tier", "plan"] })).op).toBe("same");
    await ctx.admin("PATCH", account(), { conversation_required_attributes: [] });
    expect((await create(provider, { conversationRequiredAttributes: [] })).outs.conversationRequiredAttributes).toEqual([]);
    ctx.sb.control.reset();
    expect(ctx.writes()).toHaveLength(0);
    await create(provider, { conversationRequiredAttributes: [] });
    expect(ctx.writes()).toHaveLength(0);
  });

  it("replaces when the account changes (another account's settings)", async () => {
    const state = await create(provider, declared);
    expect((await up(provider, state, { ...declared, accountId: 2 })).diff).toMatchObject({ replaces: ["accountId"], deleteBeforeReplace: false });
  });

  it("fails naming a setting a server answered with success but did not take (an older server without settings)", async () => {
    // Servers before the settings store answer every read and write with the account's columns only.
    const older = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: 1, name: "Acme", locale: "en", auto_resolve_duration: null }));
    });
    await new Promise<void>((resolve) => older.listen(0, "127.0.0.1", resolve));
    ctx.connect({ url: `http://127.0.0.1:${(older.address() as AddressInfo).port}` });
    try {
      const attempt = create(provider, { autoResolveAfter: 1440 });
      await expect(attempt).rejects.toThrow(/PATCH \/api\/v1\/accounts\/1: the server answered with success but did not take autoResolveAfter/);
      await expect(attempt).rejects.toMatchObject({ id: "1" });
    } finally {
      ctx.connect();
      await new Promise((resolve) => older.close(resolve));
    }
  });

  it("explains an account the token's user is no member of, and reads it as gone on refresh (a 404)", async () => {
    await expect(create(provider, { ...declared, accountId: 2 })).rejects.toThrow(/GET \/api\/v1\/accounts\/2: there are no settings of account 2: the account was not found/);
    expect(await refresh(provider, { id: "2", inputs: {}, outs: { accountId: 2 } })).toBeUndefined();
  });

  it("names the administrator's token when an agent's token is refused", async () => {
    ctx.connect({ apiAccessToken: ctx.account.agentToken! });
    try {
      await expect(create(provider, declared)).rejects.toThrow(/PATCH \/api\/v1\/accounts\/1: 401.*administrator/);
    } finally {
      ctx.connect();
    }
    expect(server().name).toBe("Acme");
  });

  it("checks every setting before any request", async () => {
    const failures = async (inputs: Record<string, unknown>) =>
      check(provider, inputs).then(
        () => [],
        (err: unknown) => (err as CheckFailed).failures.map((f) => `${f.property}: ${f.reason}`),
      );
    expect(await failures({ locale: "pt-BR" })).toEqual([expect.stringMatching(/^locale: .*did you mean "pt_BR"/)]);
    expect(await failures({ supportEmail: null })).toEqual([expect.stringMatching(/^supportEmail: .*cannot be cleared/)]);
    expect(await failures({ autoResolveAfter: 5 })).toEqual(["autoResolveAfter: must be at least 10 minutes"]);
    expect(ctx.requests()).toHaveLength(0);
  });
});
