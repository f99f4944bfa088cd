/**
 * What only the native plugin has, over gRPC as the engine drives it: its version, the provider's
 * own configuration checked and compared (a default provider's from stack config, an explicit
 * provider's from its inputs), and the data sources as invokes.
 */
import { startHost } from "../harness/host";
import { CONNECTION_ENV, stackConfig, useChatwootHost } from "./support/chatwoot-host";
import { repoRoot } from "./support/packages";
import { isWireSecret, wrapSecret } from "../harness/wire";
import { pluginTarball } from "../harness/plugin";

const ctx = useChatwootHost({ frontDoor: "native" });
const PROVIDER = "urn:pulumi:stack::project::pulumi:providers:chatwoot::staging";
const settings = () => {
  const { config } = stackConfig(ctx.sb);
  return { url: config["chatwoot:url"], accountId: 1, apiAccessToken: wrapSecret(config["chatwoot:apiAccessToken"]) };
};

test("reports the package's version", async () => {
  expect(await ctx.host.pluginVersion()).toBe(pluginTarball.version);
});

describe("CheckConfig", () => {
  test("accepts the settings as an explicit provider gives them (typed) and as stack config gives them (text), tokens kept secret", async () => {
    for (const accountId of [1, "1"]) {
      const { inputs, failures } = await ctx.host.checkConfig(PROVIDER, { ...settings(), accountId, version: "0.1.0" });
      expect(failures).toEqual([]);
      expect(isWireSecret(inputs.apiAccessToken)).toBe(true);
    }
  });

  test("a token given in plain text is stored as a secret", async () => {
    const token = ctx.account.adminToken;
    const { inputs } = await ctx.host.checkConfig(PROVIDER, { ...settings(), apiAccessToken: token });
    expect(inputs.apiAccessToken).toEqual(wrapSecret(token));
  });

  test.each([
    ["url", { url: "chat.example.com" }, "not a valid URL"],
    ["url", { url: "ftp://chat.example.com" }, "must use http or https"],
    ["accountId", { accountId: "first" }, "must be an integer"],
    ["requestTimeoutMs", { requestTimeoutMs: 0 }, "must be an integer from 1"],
    ["apiAccessToken", { apiAccessToken: wrapSecret("two\nlines") }, "whitespace or control characters"],
    ["acountId", { acountId: 1 }, "unknown setting of the chatwoot provider; the settings are url, apiAccessToken"],
  ])("%s: each bad setting is a failure naming it, before any request", async (property, patch, reason) => {
    ctx.sb.control.clearLog();
    const { failures } = await ctx.host.checkConfig(PROVIDER, { ...settings(), ...patch });
    expect(failures).toEqual([{ property, reason: expect.stringContaining(reason) }]);
    // A failure never repeats a value (a mistyped URL may hold credentials).
    expect(JSON.stringify(failures)).not.toContain("two\\nlines");
    expect(ctx.requests()).toEqual([]);
  });

  test("the stack setting usePlugin, which the engine hands the default provider, is taken there and refused as an explicit provider's input", async () => {
    const defaultProvider = PROVIDER.replace(/::[^:]+$/, "::default_0_1_0");
    expect((await ctx.host.checkConfig(defaultProvider, { ...settings(), usePlugin: "true" })).failures).toEqual([]);
    const { failures } = await ctx.host.checkConfig(PROVIDER, { ...settings(), usePlugin: "true" });
    expect(failures).toEqual([{ property: "usePlugin", reason: expect.stringContaining("a stack setting of TypeScript programs") }]);
  });

  test("a missing URL is a failure when the environment has none either (CHATWOOT_URL)", async () => {
    const { url: _url, ...rest } = settings();
    const { failures } = await ctx.host.checkConfig(PROVIDER, rest);
    expect(failures).toEqual([{ property: "url", reason: expect.stringContaining("is not set") }]);
  });
});

describe("DiffConfig", () => {
  test("a rotated token or a new URL updates the provider in place; its resources stay", async () => {
    const olds = settings();
    expect(await ctx.host.diffConfig(PROVIDER, olds, olds)).toMatchObject({ changes: "none", replaces: [] });
    const rotated = await ctx.host.diffConfig(PROVIDER, olds, { ...olds, apiAccessToken: wrapSecret("rotated-token") });
    expect(rotated).toMatchObject({ changes: "some", replaces: [], diffs: ["apiAccessToken"] });
    // A newer plugin (the engine's `version` input) is no change of the connection.
    expect(await ctx.host.diffConfig(PROVIDER, { ...olds, version: "0.1.0" }, { ...olds, version: "0.2.0" })).toMatchObject({ changes: "none" });
  });
});

describe("Invoke: the data sources", () => {
  test("getInbox marks the inbox's credentials secret, and only those", async () => {
    const { result, failures } = await ctx.host.invoke("chatwoot:index:getInbox", { inboxId: 1 });
    expect(failures).toEqual([]);
    expect(result.id).toBe(1);
    expect(typeof result.name).toBe("string");
    expect(isWireSecret(result.websiteToken)).toBe(true);
    expect(isWireSecret(result.name)).toBe(false);
  });

  test("getAgentBots marks each bot's access token secret", async () => {
    const { result } = await ctx.host.invoke("chatwoot:index:getAgentBots", { accountId: 1 });
    const bots = result.bots as Record<string, unknown>[];
    expect(bots.length).toBeGreaterThan(0);
    for (const bot of bots) if (bot.accessToken !== null) expect(isWireSecret(bot.accessToken)).toBe(true);
  });

  test("bad arguments fail naming the argument, before any request; an unknown function names itself", async () => {
    ctx.sb.control.clearLog();
    await expect(ctx.host.invoke("chatwoot:index:getInbox", { inboxId: "first" })).rejects.toThrow(/getInbox: invalid arguments: inboxId/);
    expect(ctx.requests()).toEqual([]);
    await expect(ctx.host.invoke("chatwoot:index:getWidgets", {})).rejects.toThrow(/unknown function chatwoot:index:getWidgets/);
  });
});

describe("Configure proves the connection once, so a preview fails fast with one line", () => {
  const cleared = Object.fromEntries(CONNECTION_ENV.map((name) => [name, ""]));

  test.each([
    ["a refused token", (config: Record<string, string>) => ({ ...config, "chatwoot:apiAccessToken": "not-the-token" }), /401/],
    ["a URL where nothing listens", (config: Record<string, string>) => ({ ...config, "chatwoot:url": "http://127.0.0.1:9" }), /connection refused.*check chatwoot:url/],
  ])("%s", async (_what, broken, why) => {
    const host = await startHost({ cwd: repoRoot, frontDoor: "native", env: cleared });
    try {
      const { config, secretKeys } = stackConfig(ctx.sb);
      const failed = await host.configure(broken(config), secretKeys).then(() => undefined, (err: Error) => err);
      expect(failed?.message).toMatch(/Chatwoot connection check: GET /);
      expect(failed?.message).toMatch(why);
      expect(failed?.message).not.toContain("not-the-token");
      expect(failed?.message.split("\n")).toHaveLength(1);
      // At the first attempt: neither a refused token nor a refused connection is tried again.
      expect(failed?.message).not.toMatch(/after \d+ attempts/);
    } finally {
      await host.close();
    }
  });

  test("a setting not known yet (a preview) is not checked, and a missing one is left to the resources", async () => {
    const host = await startHost({ cwd: repoRoot, frontDoor: "native", env: cleared });
    try {
      const { config, secretKeys } = stackConfig(ctx.sb);
      ctx.sb.control.clearLog();
      await expect(host.configure({ ...config, "chatwoot:url": "04da6b54-80e4-46f7-96ec-b56ff0331ba9" }, secretKeys)).resolves.toMatchObject({ acceptSecrets: true });
      const { "chatwoot:url": _url, ...noUrl } = config;
      await expect(host.configure(noUrl, secretKeys)).resolves.toMatchObject({ acceptSecrets: true });
      expect(ctx.requests()).toEqual([]);
    } finally {
      await host.close();
    }
  });
});
