/**
 * IntegrationHook against the sandbox, in both shape modes: the collection lifecycle (create,
 * no write on a second up, one PATCH, drift, gone, delete), what is its own: secret settings that
 * reach neither outputs nor state in plain text, though an administrator's answer shows them, and
 * are sent again whenever the settings are (Chatwoot replaces them whole), adoption by id (which sends the secrets: they cannot be read),
 * OAuth apps refused at check and adopted only, and one hook per account for single-hook apps.
 */
import { resources } from "../../provider";
import { CheckFailed, check, create, destroy, refresh, up } from "./support/engine";
import { createdId } from "./support/faults";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.IntegrationHook;
const KEY_FILE = JSON.stringify({ type: "service_account", project_id: "acme-bot", private_key: "-----BEGIN PRIVATE KEY-----hook-test" });
const base = { appId: "dialogflow", inboxId: 1, enabled: true, settings: { projectId: "acme-bot", region: "global" }, secretSettings: { credentials: KEY_FILE } };
const wireSettings = { project_id: "acme-bot", region: "global", credentials: JSON.parse(KEY_FILE) as unknown };

describe.each(SHAPES)("IntegrationHook (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const hooks = () => `/api/v1/accounts/${ctx.account.id}/integrations/hooks`;
  const listed = async (app = "dialogflow") => {
    const res = await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/integrations/apps/${app}`);
    return (res.body as { hooks: { id: number; status: boolean }[] }).hooks;
  };
  beforeEach(() => ctx.sb.control.clearLog());

  it("creates with one POST of the whole settings, and keeps only digests of the secrets", async () => {
    const state = await create(provider, base);
    expect(ctx.writes().map((w) => [w.method, w.path])).toEqual([["POST", hooks()]]);
    expect(ctx.writes()[0]!.body).toEqual({ app_id: "dialogflow", inbox_id: 1, status: "enabled", settings: wireSettings });
    expect(state.outs).toMatchObject({ accountId: ctx.account.id, appId: "dialogflow", inboxId: 1, enabled: true, hookType: "inbox", settings: base.settings });
    expect((state.outs.secretSettings as Record<string, string>).credentials).toMatch(/^scrypt\$/);
    expect(JSON.stringify(state.outs)).not.toContain("PRIVATE KEY");
    expect((await listed()).map((h) => String(h.id))).toEqual([state.id]);
  });

  it("sends nothing on a second up, and the secrets again with any change of the settings", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, base)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
    const next = await up(provider, state, { ...base, settings: { projectId: "acme-bot", region: "europe-west1" } });
    expect(next.op).toBe("update");
    expect(ctx.writes().map((w) => [w.method, w.path, w.body])).toEqual([["PATCH", `${hooks()}/${state.id}`, { settings: { ...wireSettings, region: "europe-west1" } }]]);
    ctx.sb.control.clearLog();
    // A new key file alone is a change too, seen through the digest.
    const rotated = JSON.stringify({ type: "service_account", private_key: "-----BEGIN PRIVATE KEY-----rotated" });
    expect((await up(provider, next.state, { ...base, settings: { projectId: "acme-bot", region: "europe-west1" }, secretSettings: { credentials: rotated } })).op).toBe("update");
    expect(ctx.writes()).toHaveLength(1);
  });

  it("switches the hook off with a PATCH of the status alone", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const next = await up(provider, state, { ...base, enabled: false });
    expect(ctx.writes().map((w) => w.body)).toEqual([{ status: "disabled" }]);
    expect(next.state.outs).toMatchObject({ enabled: false });
  });

  it("sees drift made out of band and repairs it; a hook deleted out of band is gone", async () => {
    const state = await create(provider, base);
    expect((await ctx.admin("PATCH", `${hooks()}/${state.id}`, { status: "disabled", settings: { ...wireSettings, region: "europe-west2" } })).status).toBe(200);
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ enabled: false, settings: { projectId: "acme-bot", region: "europe-west2" } });
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, base)).op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ status: "enabled", settings: wireSettings }]);
    expect((await ctx.admin("DELETE", `${hooks()}/${state.id}`)).status).toBe(200);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("deletes with one DELETE", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`DELETE ${hooks()}/${state.id}`]);
    expect(await listed()).toEqual([]);
  });

  it("adopts a hook by id, sending the secrets (they cannot be read); refuses one of another app or inbox", async () => {
    const id = createdId(await ctx.admin("POST", hooks(), { app_id: "dialogflow", inbox_id: 1, settings: { ...wireSettings, credentials: { old: true } } }));
    ctx.sb.control.clearLog();
    const state = await create(provider, { ...base, adoptId: id });
    expect(state.id).toBe(String(id));
    expect(ctx.writes().map((w) => [w.method, w.body])).toEqual([["PATCH", { settings: wireSettings }]]);
    await expect(create(provider, { ...base, inboxId: 2, adoptId: id })).rejects.toThrow(/belongs to inbox 1, not inbox 2/);
    await expect(create(provider, { appId: "openai", secretSettings: { apiKey: "sk-1" }, adoptId: id })).rejects.toThrow(/is of app dialogflow, not openai/);
    await expect(create(provider, { ...base, adoptId: 9999 })).rejects.toThrow(/account 1 has no integration hook 9999/);
  });

  it("refuses creating an OAuth app's hook at check, and adopts one to switch it off (deleting the resource then only forgets it)", async () => {
    await expect(check(provider, { appId: "slack" })).rejects.toThrow(/appId: slack is installed through OAuth, which needs a person's consent in a browser/);
    await expect(check(provider, { appId: "slack", settings: { channelName: "x" }, adoptId: 1 })).rejects.toThrow(/settings: cannot be set for slack, an OAuth app/);
    // As the dashboard's OAuth flow leaves it.
    const id = createdId(await ctx.admin("POST", hooks(), { app_id: "slack", settings: { channel_name: "support" } }));
    ctx.sb.control.clearLog();
    const state = await create(provider, { appId: "slack", enabled: false, adoptId: id });
    expect(ctx.writes().map((w) => w.body)).toEqual([{ status: "disabled" }]);
    expect(state.outs).toMatchObject({ settings: { channelName: "support" }, enabled: false });
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.writes()).toEqual([]);
    expect(await listed("slack")).toEqual([expect.objectContaining({ id, status: false })]);
  });

  it("refuses a second hook of a single-hook app before the POST, naming the one to adopt", async () => {
    const first = await create(provider, { appId: "openai", secretSettings: { apiKey: "sk-first" } });
    ctx.sb.control.clearLog();
    await expect(create(provider, { appId: "openai", secretSettings: { apiKey: "sk-second" } })).rejects.toThrow(new RegExp(`adoptId: ${first.id}`));
    expect(ctx.writes()).toHaveLength(0);
  });

  it("leaves credentials left out unmanaged (an import records none): a create needs them, a settings change too", async () => {
    await expect(create(provider, { appId: "openai" })).rejects.toThrow(/the openai app needs secretSettings\.apiKey to make a hook/);
    expect(ctx.writes()).toHaveLength(0);
    const state = await create(provider, base);
    const { secretSettings: _left, ...withoutSecrets } = base;
    ctx.sb.control.clearLog();
    expect((await up(provider, state, withoutSecrets)).op).toBe("same");
    await expect(up(provider, state, { ...withoutSecrets, settings: { projectId: "other" } })).rejects.toThrow(/PATCH not sent: .*give secretSettings\.credentials/);
    expect((await up(provider, state, { ...withoutSecrets, enabled: false })).op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ status: "disabled" }]);
  });

  it("reads the settings an administrator's answer shows whole (credentials included) into outputs without a credential", async () => {
    const state = await create(provider, { appId: "openai", settings: { labelSuggestion: true }, secretSettings: { apiKey: "sk-echoed-by-the-server" } });
    const shown = (await listed("openai"))[0] as unknown as { settings: Record<string, unknown> };
    expect(shown.settings).toEqual({ api_key: "sk-echoed-by-the-server", label_suggestion: true });
    expect(state.outs.settings).toEqual({ labelSuggestion: true });
    expect(JSON.stringify(state.outs)).not.toContain("sk-echoed-by-the-server");
    const refreshed = (await refresh(provider, state))!;
    expect(JSON.stringify(refreshed.outs)).not.toContain("sk-echoed-by-the-server");
    expect((await up(provider, refreshed, { appId: "openai", settings: { labelSuggestion: true }, secretSettings: { apiKey: "sk-echoed-by-the-server" } })).op).toBe("same");
  });

  it("checks the settings against the app before any request", async () => {
    await expect(check(provider, { appId: "dialogflow", settings: { projectId: "p" } })).rejects.toThrow(CheckFailed);
    ctx.sb.control.clearLog();
    expect(ctx.writes()).toHaveLength(0);
  });

  it("replaces the hook when its app or inbox changes", async () => {
    const state = await create(provider, base);
    const moved = await up(provider, state, { ...base, inboxId: 2 });
    expect(moved.op).toBe("replace");
    expect(moved.diff.replaces).toEqual(["inboxId"]);
  });
});
