/**
 * Connection settings: the stack's `chatwoot:*` config (handed over by the serialized shim's
 * `configure()`) and the `CHATWOOT_*` environment variables; for the tokens the environment wins,
 * for the rest the stack config (see {@link ENVIRONMENT_FIRST}). Read on every call rather than
 * once, so a long-lived provider process sees rotated environment values.
 */
import { ConfigError } from "./http/transport/errors";
import { registerSecret } from "./http/redaction/secrets";

/** Where the provider connects and how patient it is. */
export interface ConnectionSettings {
  /** Base URL of the Chatwoot installation, without a trailing slash (it may carry a path prefix). */
  url: string;
  /**
   * A user's access token, sent on `/api/v1/...` requests: every resource and data source but those
   * of the Platform API (`PlatformAccount`, `PlatformUser`, `PlatformAccountUser`, an `AgentBot` of
   * the default scope, `getAgentBots`). Use an administrator's: agents may not manage most of them.
   */
  apiAccessToken?: string;
  /**
   * A Platform App token, sent on `/platform/api/v1/...` requests (self-hosted installations):
   * `PlatformAccount`, `PlatformUser`, `PlatformAccountUser`, `AgentBot` (but `scope: "account"`)
   * and `getAgentBots`.
   */
  platformAccessToken?: string;
  /** The account resources and data sources belong to when they do not name one (each takes an `accountId`). */
  accountId?: number;
  /** Deadline of each attempt: time allowed for the answer's headers, and for each pause in its body. Default 30000 (30 s). */
  requestTimeoutMs: number;
  /** Retries after transient failures (5xx, timeouts, lost connections); rate-limit answers are bounded by {@link rateLimitMaxWaitMs} instead. Default 6. */
  maxRetries: number;
  /**
   * How long a create keeps looking for its object after its POST timed out or was answered 504
   * (the server, or the one behind a proxy, may still be working on it) before sending the POST
   * again. Chatwoot has no idempotency keys: a POST the server applies later than this (counted
   * from the failed attempt) can leave a duplicate, so make it longer than the server's slowest
   * request. 0 looks once and sends again at once. Default 60000 (a minute: a reverse proxy's usual
   * read timeout).
   */
  createSettleMs: number;
  /**
   * Longest time one request waits for the server's rate-limit window (after a 429, or held back
   * because the window's quota is spent) before it fails with an error naming this setting. Chatwoot
   * counts requests per client IP in one-minute windows, so a request waits less than a minute when
   * the window is its own; the default, 180000 (3 minutes), also outlasts two more windows used up
   * by other clients on the same address. 0 fails a request at its first 429. The error says how long
   * the request waited and how many 429s it got. While requests wait, a line per server goes to the
   * provider's stderr after 5 s and every 15 s: `chatwoot: waiting for the rate window of
   * https://chat.example.com (20 s so far; up to 180 s; 12 requests held)`.
   */
  rateLimitMaxWaitMs: number;
  /**
   * Requests per minute the server accepts from this client's IP address: Chatwoot's
   * `RACK_ATTACK_LIMIT` (3,000 unless its operator changed it). Unset, the provider learns it from
   * the server's first 429 (what the minute accepted before it), at the cost of the requests in
   * flight then (at most 16, refused too); set, it sends no more than that in any minute of the
   * server's clock (told by its `Date` header), so a run draws no 429 unless other clients on the
   * same address (or a run just before) use the same minute.
   */
  rateLimitPerMinute?: number;
  /**
   * How messages name these settings: for a command line, its flags (`--url`), and
   * `environment variable ...` for those it has none for; for the provider, each token as where it
   * came from (see {@link connection}).
   */
  names?: SettingNames;
}

/** The default for {@link ConnectionSettings.requestTimeoutMs}. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** The default for {@link ConnectionSettings.maxRetries}. */
export const DEFAULT_MAX_RETRIES = 6;
/** The default for {@link ConnectionSettings.createSettleMs}: a reverse proxy's usual read timeout (nginx: 60 s). */
export const DEFAULT_CREATE_SETTLE_MS = 60_000;
/** The default for {@link ConnectionSettings.rateLimitMaxWaitMs}: three of Chatwoot's one-minute rate-limit windows. */
export const DEFAULT_RATE_LIMIT_MAX_WAIT_MS = 180_000;

/** Each setting's stack config key (without the `chatwoot:` namespace) and environment variable. */
export const SETTING_SOURCES = {
  url: { key: "url", env: "CHATWOOT_URL" },
  apiAccessToken: { key: "apiAccessToken", env: "CHATWOOT_API_ACCESS_TOKEN" },
  platformAccessToken: { key: "platformAccessToken", env: "CHATWOOT_PLATFORM_ACCESS_TOKEN" },
  accountId: { key: "accountId", env: "CHATWOOT_ACCOUNT_ID" },
  requestTimeoutMs: { key: "requestTimeoutMs", env: "CHATWOOT_REQUEST_TIMEOUT_MS" },
  maxRetries: { key: "maxRetries", env: "CHATWOOT_MAX_RETRIES" },
  createSettleMs: { key: "createSettleMs", env: "CHATWOOT_CREATE_SETTLE_MS" },
  rateLimitMaxWaitMs: { key: "rateLimitMaxWaitMs", env: "CHATWOOT_RATE_LIMIT_MAX_WAIT_MS" },
  rateLimitPerMinute: { key: "rateLimitPerMinute", env: "CHATWOOT_RATE_LIMIT_PER_MINUTE" },
} as const satisfies Record<Exclude<keyof ConnectionSettings, "names">, { key: string; env: string }>;

export type SettingName = keyof typeof SETTING_SOURCES;

/**
 * The settings whose environment variable wins over the stack config: the tokens, which are the
 * settings that get rotated. Without the program (`pulumi refresh`, `pulumi destroy`), Pulumi
 * configures the provider with the stack config saved at the last `pulumi up` (or run with
 * `--run-program`), while the environment is always the command's own: a token rotated there
 * takes effect in every operation. The other settings stay config-first: a variable left in a
 * shell must not point a stack's resources at another installation or account.
 */
export const ENVIRONMENT_FIRST: readonly SettingName[] = ["apiAccessToken", "platformAccessToken"];

/** How messages name settings that come from elsewhere than stack config (a command line's flags). */
export type SettingNames = Partial<Record<SettingName, string>>;

/**
 * `chatwoot:apiAccessToken (or environment variable CHATWOOT_API_ACCESS_TOKEN)`, for error texts;
 * with `names` (a command line's, see {@link ConnectionSettings.names}) its flag, or
 * `environment variable ...`.
 */
export function settingLabel(name: SettingName, names?: SettingNames): string {
  const { key, env } = SETTING_SOURCES[name];
  if (names) return names[name] ?? `environment variable ${env}`;
  return `chatwoot:${key} (or environment variable ${env})`;
}

let configured: Record<string, string | undefined> = {};
/** The explicit provider (`new chatwoot.Provider("staging", ...)`) the values are the inputs of; none for the stack's config. */
let explicitProvider: string | undefined;
let memo: { raw: string; settings: ConnectionSettings } | undefined;
/** Counts the configurations that changed something (see {@link configurationEpoch}). */
let epoch = 0;

/**
 * Called by the serialized shim's `configure()` with the stack's `chatwoot:*` values (plain strings,
 * keys without the namespace), or by the plugin with its provider's settings, and with
 * `provider` when that is an explicit provider of its name. Replaces whatever an earlier call set.
 */
export function configureConnection(values: Record<string, string | undefined>, provider?: string): void {
  // The dynamic-provider host configures each type's shim with the same stack config: that is no change.
  if (JSON.stringify([values, provider]) !== JSON.stringify([configured, explicitProvider])) epoch++;
  configured = { ...values };
  explicitProvider = provider;
  memo = undefined;
}

/** Forgets configured values (tests). */
export function resetConnectionConfig(): void {
  configured = {};
  explicitProvider = undefined;
  memo = undefined;
  epoch++;
}

/**
 * Changes whenever the provider is configured with other values (or, in tests, reset): what the
 * provider learned from the server through one configuration (see `run-listing.ts`) is not carried
 * over to the next.
 */
export function configurationEpoch(): number {
  return epoch;
}

/**
 * The current settings: the tokens from the environment first, then the stack config; the rest
 * from the stack config first, then the environment. Messages name a token as where it came from,
 * so that a refused one points at the value that was sent. Throws a {@link ConfigError} naming
 * the config key and the environment variable when the URL is missing or a value is malformed.
 * Missing tokens are not an error here: each request checks for the one it needs.
 */
export function connection(): ConnectionSettings {
  const { raw, names } = explicitProvider === undefined ? providerSettings(configured) : explicitProviderSettings(configured, explicitProvider);
  const key = JSON.stringify([raw, names]);
  if (memo?.raw === key) return memo.settings;
  const settings = build(raw, names);
  memo = { raw: key, settings };
  return settings;
}

/** Each setting's text and name for the provider: from the stack config or the environment, whichever wins. */
function providerSettings(values: Record<string, string | undefined>): { raw: Record<SettingName, string | undefined>; names: SettingNames } {
  const raw = {} as Record<SettingName, string | undefined>;
  const names: SettingNames = {};
  for (const [name, { key, env }] of Object.entries(SETTING_SOURCES) as [SettingName, { key: string; env: string }][]) {
    const config = present(values[key]);
    const environment = present(process.env[env]);
    if (!ENVIRONMENT_FIRST.includes(name)) {
      raw[name] = config ?? environment;
      names[name] = settingLabel(name);
    } else if (environment !== undefined) {
      raw[name] = environment;
      names[name] = `environment variable ${env}${config === undefined ? "" : ` (which wins over chatwoot:${key})`}`;
    } else {
      raw[name] = config;
      names[name] =
        config === undefined
          ? settingLabel(name)
          : `chatwoot:${key} (refresh and destroy use its value saved by the last up, unless run with --run-program; environment variable ${env} wins over it)`;
    }
  }
  return { raw, names };
}

/**
 * Each setting's text and name for an explicit provider: its own inputs first, every one (two
 * providers of one program reach two installations, which one variable of the environment must
 * not merge), the environment only where an input is not given.
 */
function explicitProviderSettings(values: Record<string, string | undefined>, provider: string): { raw: Record<SettingName, string | undefined>; names: SettingNames } {
  const names: SettingNames = {};
  for (const [name, { key, env }] of Object.entries(SETTING_SOURCES) as [SettingName, { key: string; env: string }][]) {
    names[name] = `${key} of provider "${provider}" (or environment variable ${env})`;
  }
  return { raw: rawSettings(values), names };
}

/**
 * Settings from `values` (keys as in stack config, without the namespace) over the environment,
 * every one, tokens included (a command line's flag is said on purpose), with messages naming them
 * as `names` says: a command line's connection, which touches nothing the provider's own
 * {@link connection} reads. Throws a {@link ConfigError} as that does.
 */
export function connectionFrom(values: Record<string, string | undefined>, names: SettingNames): ConnectionSettings {
  return build(rawSettings(values), names);
}

/** Each setting's text: `values` first, then the environment. */
function rawSettings(values: Record<string, string | undefined>): Record<SettingName, string | undefined> {
  const raw = {} as Record<SettingName, string | undefined>;
  for (const [name, { key, env }] of Object.entries(SETTING_SOURCES) as [SettingName, { key: string; env: string }][]) {
    raw[name] = present(values[key]) ?? present(process.env[env]);
  }
  return raw;
}

/** What a missing URL is told as, the setting named by `label`. */
const urlMissing = (label: string) => `${label} is not set: the base URL of the Chatwoot server is required`;

/** Pulumi and shells both produce empty strings for "unset". */
function present(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text;
}

function build(raw: Record<SettingName, string | undefined>, names: SettingNames | undefined): ConnectionSettings {
  const label = (name: SettingName) => settingLabel(name, names);
  if (raw.url === undefined) throw new ConfigError(urlMissing(label("url")));
  registerSecret(raw.apiAccessToken);
  registerSecret(raw.platformAccessToken);
  const settings: ConnectionSettings = {
    url: baseUrl(raw.url, label("url")),
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    maxRetries: DEFAULT_MAX_RETRIES,
    createSettleMs: DEFAULT_CREATE_SETTLE_MS,
    rateLimitMaxWaitMs: DEFAULT_RATE_LIMIT_MAX_WAIT_MS,
  };
  const parsed = settings as unknown as Record<SettingName, unknown>;
  for (const name of Object.keys(PARSERS) as Exclude<SettingName, "url">[]) {
    const value = raw[name] === undefined ? undefined : PARSERS[name](label(name), raw[name]);
    if (value !== undefined) parsed[name] = value;
  }
  if (names !== undefined) settings.names = names;
  return settings;
}

/** How each setting but the URL is read from its text (throwing a {@link ConfigError} naming `label`). */
const PARSERS: Record<Exclude<SettingName, "url">, (label: string, text: string) => string | number> = {
  apiAccessToken: token,
  platformAccessToken: token,
  accountId: (label, text) => integer(label, text, 1, Number.MAX_SAFE_INTEGER),
  requestTimeoutMs: (label, text) => integer(label, text, 1, 2_147_483_647),
  maxRetries: (label, text) => integer(label, text, 0, 100),
  createSettleMs: (label, text) => integer(label, text, 0, 2_147_483_647),
  rateLimitMaxWaitMs: (label, text) => integer(label, text, 0, 2_147_483_647),
  rateLimitPerMinute: (label, text) => integer(label, text, 1, 100_000_000),
};

/**
 * Every problem of the settings given in `values` (keys as in stack config), each on its own,
 * without the environment: what a provider's configuration check reports, naming each setting by
 * its key. A missing URL is a problem only where the environment has none either.
 */
export function settingProblems(values: Record<string, string | undefined>): { key: SettingName; reason: string }[] {
  const problems: { key: SettingName; reason: string }[] = [];
  const attempt = (key: SettingName, parse: () => unknown) => {
    try {
      parse();
    } catch (err) {
      if (!ConfigError.isInstance(err)) throw err;
      problems.push({ key, reason: err.message });
    }
  };
  const url = present(values.url);
  if (url !== undefined) attempt("url", () => baseUrl(url, settingLabel("url")));
  else if (present(process.env[SETTING_SOURCES.url.env]) === undefined) {
    problems.push({ key: "url", reason: urlMissing(settingLabel("url")) });
  }
  for (const name of Object.keys(PARSERS) as Exclude<SettingName, "url">[]) {
    const text = present(values[SETTING_SOURCES[name].key]);
    if (text !== undefined) attempt(name, () => PARSERS[name](settingLabel(name), text));
  }
  return problems;
}

function baseUrl(text: string, label: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // The value itself is not repeated: a mistyped URL may hold credentials.
    throw new ConfigError(`${label} is not a valid URL; expected e.g. https://chatwoot.example.com`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${label} must use http or https, not ${url.protocol.slice(0, -1)}`);
  }
  if (url.username || url.password) {
    throw new ConfigError(`${label} must not contain credentials; use chatwoot:apiAccessToken and chatwoot:platformAccessToken`);
  }
  if (url.search || url.hash) {
    throw new ConfigError(`${label} must not contain a query string or fragment`);
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}

/**
 * A token goes into an HTTP header: whitespace or control characters inside it (a pasted line
 * break, say) can never work, and an invalid header value would also tie up a pooled connection.
 */
function token(label: string, text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(text)) {
    throw new ConfigError(`${label} contains whitespace or control characters; set the token alone, on one line`);
  }
  return text;
}

function integer(label: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${label} must be an integer from ${min} to ${max}`);
  }
  return value;
}
