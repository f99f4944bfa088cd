import {
  DEFAULT_CREATE_SETTLE_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_RATE_LIMIT_MAX_WAIT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  SETTING_SOURCES,
  configureConnection,
  connection,
  connectionFrom,
  resetConnectionConfig,
  settingLabel,
} from "../../provider/config";
import { ConfigError } from "../../provider/http/transport/errors";

const ENV_NAMES = Object.values(SETTING_SOURCES).map((s) => s.env);
const saved: Record<string, string | undefined> = {};

beforeEach(() => {
  for (const name of ENV_NAMES) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  resetConnectionConfig();
});
afterEach(() => {
  for (const name of ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetConnectionConfig();
});

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    if (ConfigError.isInstance(e)) return e;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

/** The settings without the names messages give them. */
function values() {
  const { names: _names, ...rest } = connection();
  return rest;
}

describe("connection()", () => {
  it("takes the stack config first and the environment second, per setting, but for the tokens, where the environment wins", () => {
    process.env.CHATWOOT_URL = "https://env.example.com";
    process.env.CHATWOOT_API_ACCESS_TOKEN = "env-user-token";
    process.env.CHATWOOT_PLATFORM_ACCESS_TOKEN = "env-platform-token";
    process.env.CHATWOOT_ACCOUNT_ID = "7";
    configureConnection({ url: "https://config.example.com", accountId: "3", apiAccessToken: "saved-user-token", platformAccessToken: "saved-platform-token" });
    expect(values()).toEqual({
      url: "https://config.example.com",
      apiAccessToken: "env-user-token",
      platformAccessToken: "env-platform-token",
      accountId: 3,
      requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
      maxRetries: DEFAULT_MAX_RETRIES,
      createSettleMs: DEFAULT_CREATE_SETTLE_MS,
      rateLimitMaxWaitMs: DEFAULT_RATE_LIMIT_MAX_WAIT_MS,
    });
  });

  it("for an explicit provider of the plugin, its own inputs win over the environment, tokens too; the environment fills what it leaves out", () => {
    process.env.CHATWOOT_URL = "https://env.example.com";
    process.env.CHATWOOT_API_ACCESS_TOKEN = "env-user-token";
    process.env.CHATWOOT_PLATFORM_ACCESS_TOKEN = "env-platform-token";
    configureConnection({ url: "https://staging.example.com", accountId: "3", apiAccessToken: "staging-token" }, "staging");
    expect(values()).toMatchObject({ url: "https://staging.example.com", apiAccessToken: "staging-token", platformAccessToken: "env-platform-token", accountId: 3 });
    expect(connection().names?.apiAccessToken).toBe('apiAccessToken of provider "staging" (or environment variable CHATWOOT_API_ACCESS_TOKEN)');
    // The same values as the stack's config (a default provider): the environment's token wins.
    configureConnection({ url: "https://staging.example.com", accountId: "3", apiAccessToken: "staging-token" });
    expect(values().apiAccessToken).toBe("env-user-token");
  });

  it("reads every setting from the environment alone", () => {
    Object.assign(process.env, {
      CHATWOOT_URL: "http://localhost:3000/",
      CHATWOOT_API_ACCESS_TOKEN: "u-token",
      CHATWOOT_PLATFORM_ACCESS_TOKEN: "p-token",
      CHATWOOT_ACCOUNT_ID: "12",
      CHATWOOT_REQUEST_TIMEOUT_MS: "2500",
      CHATWOOT_MAX_RETRIES: "0",
      CHATWOOT_CREATE_SETTLE_MS: "0",
      CHATWOOT_RATE_LIMIT_MAX_WAIT_MS: "45000",
      CHATWOOT_RATE_LIMIT_PER_MINUTE: "3000",
    });
    expect(values()).toEqual({
      url: "http://localhost:3000",
      apiAccessToken: "u-token",
      platformAccessToken: "p-token",
      accountId: 12,
      requestTimeoutMs: 2500,
      maxRetries: 0,
      createSettleMs: 0,
      rateLimitMaxWaitMs: 45_000,
      rateLimitPerMinute: 3_000,
    });
  });

  it("treats empty and blank values as unset and trims the others", () => {
    process.env.CHATWOOT_URL = "https://env.example.com";
    process.env.CHATWOOT_API_ACCESS_TOKEN = "env-token";
    configureConnection({ url: "  ", apiAccessToken: "", accountId: " 5 " });
    const s = connection();
    expect(s.url).toBe("https://env.example.com");
    expect(s.apiAccessToken).toBe("env-token");
    expect(s.accountId).toBe(5);
  });

  it("leaves tokens and the account out when nothing sets them", () => {
    configureConnection({ url: "https://x.example.com" });
    const s = connection();
    expect("apiAccessToken" in s).toBe(false);
    expect("platformAccessToken" in s).toBe(false);
    expect("accountId" in s).toBe(false);
    // Unset, the rate limit is learned from the server's first 429.
    expect("rateLimitPerMinute" in s).toBe(false);
  });

  it("takes a token from the stack config when the environment has none", () => {
    configureConnection({ url: "https://x.example.com", apiAccessToken: "config-user-token", platformAccessToken: "config-platform-token" });
    expect(connection()).toMatchObject({ apiAccessToken: "config-user-token", platformAccessToken: "config-platform-token" });
  });

  it("sees environment changes made after the first read (rotated tokens), over a token of the stack config", () => {
    configureConnection({ url: "https://x.example.com", apiAccessToken: "saved-token" });
    expect(connection().apiAccessToken).toBe("saved-token");
    process.env.CHATWOOT_API_ACCESS_TOKEN = "rotated-token";
    expect(connection().apiAccessToken).toBe("rotated-token");
  });

  it("sees environment changes made after the first read (rotated tokens)", () => {
    process.env.CHATWOOT_URL = "https://x.example.com";
    process.env.CHATWOOT_API_ACCESS_TOKEN = "old-token";
    expect(connection().apiAccessToken).toBe("old-token");
    process.env.CHATWOOT_API_ACCESS_TOKEN = "new-token";
    expect(connection().apiAccessToken).toBe("new-token");
  });

  it("replaces earlier configuration on each configure call, and forgets it on reset", () => {
    configureConnection({ url: "https://a.example.com", accountId: "1" });
    configureConnection({ url: "https://b.example.com" });
    expect(connection()).not.toHaveProperty("accountId");
    expect(connection().url).toBe("https://b.example.com");
    resetConnectionConfig();
    expect(configError(() => connection()).message).toContain("CHATWOOT_URL");
  });

  it("keeps a path prefix of the base URL and drops trailing slashes", () => {
    configureConnection({ url: "https://support.example.com/chatwoot//" });
    expect(connection().url).toBe("https://support.example.com/chatwoot");
  });
});

describe("how messages name a setting", () => {
  it("as stack config with its environment variable, in a program", () => {
    expect(settingLabel("accountId")).toBe("chatwoot:accountId (or environment variable CHATWOOT_ACCOUNT_ID)");
  });

  it("on a command line: as its flag where it has one, otherwise as its environment variable", () => {
    const names = { url: "--to-url", accountId: "--account-id" };
    expect(settingLabel("accountId", names)).toBe("--account-id");
    expect(settingLabel("apiAccessToken", names)).toBe("environment variable CHATWOOT_API_ACCESS_TOKEN");
    expect(configError(() => connectionFrom({ url: "ftp://chatwoot.example.com" }, names)).message).toBe("--to-url must use http or https, not ftp");
    expect(connectionFrom({ url: "https://chatwoot.example.com" }, names).names).toEqual(names);
  });

  it("a command line's connection leaves the provider's own settings as they were", () => {
    configureConnection({ url: "https://program.example.com" });
    const cli = connectionFrom({ url: "https://cli.example.com", apiAccessToken: "cli-token" }, { url: "--url" });
    expect(cli.url).toBe("https://cli.example.com");
    expect(connection().url).toBe("https://program.example.com");
    expect(connection().apiAccessToken).not.toBe("cli-token");
    expect(connection().names?.url).toBe(settingLabel("url"));
  });

  it("on a command line, a token given wins over the environment's (it was said on purpose)", () => {
    process.env.CHATWOOT_API_ACCESS_TOKEN = "env-token";
    expect(connectionFrom({ url: "https://cli.example.com", apiAccessToken: "cli-token" }, { url: "--url" }).apiAccessToken).toBe("cli-token");
  });

  it("for the provider, names a token as where it came from, and a saved one with what refresh and destroy use", () => {
    configureConnection({ url: "https://x.example.com" });
    expect(connection().names?.apiAccessToken).toBe("chatwoot:apiAccessToken (or environment variable CHATWOOT_API_ACCESS_TOKEN)");
    configureConnection({ url: "https://x.example.com", apiAccessToken: "saved-token" });
    expect(connection().names?.apiAccessToken).toBe(
      "chatwoot:apiAccessToken (refresh and destroy use its value saved by the last up, unless run with --run-program; environment variable CHATWOOT_API_ACCESS_TOKEN wins over it)",
    );
    process.env.CHATWOOT_API_ACCESS_TOKEN = "env-token";
    expect(connection().names?.apiAccessToken).toBe("environment variable CHATWOOT_API_ACCESS_TOKEN (which wins over chatwoot:apiAccessToken)");
    configureConnection({ url: "https://x.example.com" });
    expect(connection().names?.apiAccessToken).toBe("environment variable CHATWOOT_API_ACCESS_TOKEN");
    expect(connection().names?.accountId).toBe("chatwoot:accountId (or environment variable CHATWOOT_ACCOUNT_ID)");
  });
});

describe("configuration errors", () => {
  it("names the config key and the environment variable when the URL is missing", () => {
    const err = configError(() => connection());
    expect(err.message).toContain("chatwoot:url");
    expect(err.message).toContain("CHATWOOT_URL");
    expect(err.name).toBe("ConfigError");
  });

  it.each([
    ["no scheme", "chat.internal.example.org"],
    ["another scheme", "ftp://chatwoot.example.com"],
    ["credentials", "https://admin:s3cret-password@chatwoot.example.com"],
    ["a query string", "https://chatwoot.example.com/?token=abcdef123456"],
  ])("rejects a URL with %s, without repeating it", (_label, url) => {
    configureConnection({ url });
    const err = configError(() => connection());
    expect(err.message).toContain("chatwoot:url");
    expect(err.message).toContain("CHATWOOT_URL");
    expect(err.message).not.toContain(url);
    expect(err.message).not.toContain("s3cret");
    expect(err.message).not.toContain("abcdef123456");
  });

  it.each([
    ["accountId", "CHATWOOT_ACCOUNT_ID", ["abc", "0", "1.5", "-3", "12abc"]],
    ["requestTimeoutMs", "CHATWOOT_REQUEST_TIMEOUT_MS", ["0", "soon", "30s", "99999999999"]],
    ["maxRetries", "CHATWOOT_MAX_RETRIES", ["-1", "many", "101"]],
    ["createSettleMs", "CHATWOOT_CREATE_SETTLE_MS", ["-1", "1m", "99999999999"]],
    ["rateLimitMaxWaitMs", "CHATWOOT_RATE_LIMIT_MAX_WAIT_MS", ["-1", "3m", "180 s", "99999999999"]],
    ["rateLimitPerMinute", "CHATWOOT_RATE_LIMIT_PER_MINUTE", ["0", "-5", "3000/min", "1e3", "999999999999"]],
  ])("rejects malformed %s values, naming the key and %s", (key, env, values) => {
    for (const value of values) {
      configureConnection({ url: "https://x.example.com", [key]: value });
      const err = configError(() => connection());
      expect(err.message).toContain(`chatwoot:${key}`);
      expect(err.message).toContain(env);
    }
    // The same check applies to the environment variable.
    configureConnection({ url: "https://x.example.com" });
    process.env[env] = values[0];
    expect(configError(() => connection()).message).toContain(env);
  });

  it.each([
    ["apiAccessToken", "CHATWOOT_API_ACCESS_TOKEN", "tok-en-1a2b\n3c4d"],
    ["platformAccessToken", "CHATWOOT_PLATFORM_ACCESS_TOKEN", "tok en\t9f8e"],
  ])("rejects a %s with inner whitespace or control characters, naming %s without the token", (key, env, value) => {
    configureConnection({ url: "https://x.example.com", [key]: value });
    const err = configError(() => connection());
    expect(err.message).toContain(`chatwoot:${key}`);
    expect(err.message).toContain(env);
    expect(err.message).not.toContain("1a2b");
    expect(err.message).not.toContain("9f8e");
  });
});
