/**
 * The Chatwoot API client: one keep-alive pool per base URL, the `api_access_token` header chosen
 * by path, a deadline on every attempt, the process-wide rate limiter in front of every attempt,
 * retries, and typed errors.
 *
 * `send()` is the one retry loop: each attempt passes the attempt gate (which waits for the
 * backoff and the limiter, reports the answer to the limiter and gives its slot back) to the pool,
 * and whatever failed, whether no answer, an error status or a 2xx answer that cannot be read, is
 * judged by `retry-policy` through the call's state (`call-state`) before the loop goes round again.
 */
import { STATUS_CODES } from "node:http";
import type { Dispatcher } from "undici";
import { connection, settingLabel, type ConnectionSettings, type SettingNames } from "../../config";
import { errorBodyKindOf, serverMessageOf, type ErrorBodyKind } from "./error-body";
import { ChatwootApiError, ConfigError, type ApiErrorKind } from "./errors";
import { hintFor } from "./hints";
import { registerSecret } from "../redaction/secrets";
import { CALL, type WithCall } from "./attempt-gate";
import { newCall, retryAnswer, retryFailure, retryUnreadable, type CallState } from "./call-state";
import { originEntry, type OriginOptions } from "./origins";
import { TIMEOUT_ERROR_CODES, isIdempotent, writeOutcomeOf, type RetryPolicyOptions } from "./retry-policy";

/** One API call. */
export interface ApiRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the base URL, e.g. `/api/v1/accounts/1/portals/help`. */
  path: string;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | undefined>;
  /** JSON body. */
  json?: unknown;
  /** Multipart body (agent bot avatar upload). */
  form?: FormData;
  /**
   * Whether sending the request twice is harmless, so that it may be repeated after a failure that
   * may have reached the server (lost connection, timeout, 502, 504). Default: true for GET, PATCH
   * and DELETE. Set false for a PATCH that changes the key in its own path (a portal's slug).
   */
  idempotent?: boolean;
}

/** A successful answer. */
export interface ApiResponse {
  status: number;
  /** Parsed JSON, or `undefined` for an empty body (204, `head :ok`). */
  body: unknown;
}

/** Sends API calls; every failure (status >= 300 after retries, transport, unreadable answer) is a {@link ChatwootApiError}. */
export interface ApiClient {
  send(req: ApiRequest): Promise<ApiResponse>;
}

/** Tuning beyond the connection settings; defaults suit a real Chatwoot server. */
export interface ClientOptions extends OriginOptions {
  retry?: Partial<Omit<RetryPolicyOptions, "maxRetries" | "rateLimitMaxWaitMs">>;
}

const DEFAULT_RETRY: Omit<RetryPolicyOptions, "maxRetries" | "rateLimitMaxWaitMs"> = {
  minDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

let processRetry = DEFAULT_RETRY;

/**
 * The backoff of every client of this process that is given none of its own (harnesses that
 * inject thousands of faults shorten it, as they reset the pools with `closeApiClients`); no
 * argument restores the defaults.
 */
export function setRetryTiming(timing: Partial<Pick<RetryPolicyOptions, "minDelayMs" | "maxDelayMs">> = {}): void {
  processRetry = { ...DEFAULT_RETRY, ...timing };
}

const USER_AGENT = "pulumi-chatwoot";

/**
 * A client for `settings` (default: {@link connection}, read at each call, so configuration done
 * after this returns still applies).
 */
export function apiClient(settings?: ConnectionSettings, options: ClientOptions = {}): ApiClient {
  return { send: async (req) => send(settings ?? connection(), req, options) };
}

async function send(settings: ConnectionSettings, req: ApiRequest, options: ClientOptions): Promise<ApiResponse> {
  const token = tokenFor(settings, req.path);
  registerSecret(token);
  const base = splitBaseUrl(settings.url);
  const path = base.prefix + req.path + queryString(req.query);
  const { body, contentType } = req.form === undefined ? encodeJson(req.json) : await encodeForm(req.form);
  const headers: Record<string, string> = { api_access_token: token, accept: "application/json", "user-agent": USER_AGENT };
  if (contentType !== undefined) headers["content-type"] = contentType;

  const { dispatcher, limiter, contact } = originEntry(base.origin, options);
  limiter.configure(settings.rateLimitPerMinute);
  const policy = { ...processRetry, ...options.retry, maxRetries: settings.maxRetries, rateLimitMaxWaitMs: settings.rateLimitMaxWaitMs };
  const call = newCall(limiter, contact, req.idempotent ?? isIdempotent(req.method), policy);
  const where: FailureContext = { method: req.method, path: req.path, call, timeoutMs: settings.requestTimeoutMs, names: settings.names };
  const opts: Dispatcher.RequestOptions & WithCall = {
    origin: base.origin,
    path,
    method: req.method,
    headers,
    body,
    headersTimeout: settings.requestTimeoutMs,
    bodyTimeout: settings.requestTimeoutMs,
    [CALL]: call,
  };

  try {
    for (;;) {
      let res: Dispatcher.ResponseData;
      try {
        res = await dispatcher.request(opts);
      } catch (err) {
        if (call.gaveUpAfterMs !== undefined) throw rateLimitError(where);
        if (retryFailure(call, codeOf(err))) continue;
        throw transportError(where, err);
      }
      const status = res.statusCode;
      // An error answer is judged by its status, when its headers arrive; its body is only the server's message.
      const repeat = status >= 300 && retryAnswer(call, status);

      let text: string;
      try {
        text = await res.body.text();
      } catch (err) {
        // The answer broke off. Draining an answer to repeat, the lost connection ends the call; an
        // error status is still the error; a cut 2xx is read again if it was a GET.
        if (repeat) throw transportError(where, err);
        if (status >= 300) throw httpError(where, status, undefined, codeOf(err));
        if (retryUnreadable(call, req.method)) continue;
        throw transportError(where, err, status);
      }
      if (repeat) continue;
      if (status >= 300) {
        const type = header(res.headers["content-type"]);
        throw httpError(where, status, serverMessageOf(text, type), undefined, errorBodyKindOf(text, type));
      }

      const parsed = parseJson(text);
      if (parsed.ok) return { status, body: parsed.value };
      if (retryUnreadable(call, req.method)) continue;
      throw notJsonError(where, status, text, header(res.headers["content-type"]));
    }
  } finally {
    // The attempts are over: a call that ends on a 429 or a failure waits for the window no more either.
    limiter.doneWaiting(call.wait);
  }
}

function tokenFor(settings: ConnectionSettings, path: string): string {
  if (!path.startsWith("/")) throw new TypeError(`request path must start with "/": ${path}`);
  if (path.startsWith("/platform/")) {
    if (settings.platformAccessToken === undefined) {
      throw new ConfigError(`${settingLabel("platformAccessToken", settings.names)} is not set: a Platform App token is required for ${path.split("?")[0]}`);
    }
    return settings.platformAccessToken;
  }
  if (settings.apiAccessToken === undefined) {
    throw new ConfigError(`${settingLabel("apiAccessToken", settings.names)} is not set: a user access token is required for ${path.split("?")[0]}`);
  }
  return settings.apiAccessToken;
}

function queryString(query: ApiRequest["query"]): string {
  if (query === undefined) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

let lastBase: { url: string; origin: string; prefix: string } | undefined;

/** Origin and path prefix of the base URL (remembered: every request of a process uses the same one). */
function splitBaseUrl(url: string): { origin: string; prefix: string } {
  if (lastBase?.url !== url) {
    const parsed = new URL(url);
    lastBase = { url, origin: parsed.origin, prefix: parsed.pathname.replace(/\/+$/, "") };
  }
  return lastBase;
}

// Bodies are serialised up front so that a retry can send them again (undici never repeats a stream).

interface EncodedBody {
  body?: string | Buffer;
  contentType?: string;
}

function encodeJson(json: unknown): EncodedBody {
  return json === undefined ? {} : { body: JSON.stringify(json), contentType: "application/json" };
}

async function encodeForm(form: FormData): Promise<EncodedBody> {
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? undefined };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

// ---- errors --------------------------------------------------------------------------------

interface FailureContext {
  method: string;
  path: string;
  call: CallState;
  timeoutMs: number;
  names?: SettingNames;
}

function httpError(f: FailureContext, status: number, serverMessage: string | undefined, code?: string, body?: ErrorBodyKind): ChatwootApiError {
  if (status === 429 && f.call.gaveUpAfterMs !== undefined) return rateLimitError(f, serverMessage);
  const hint = status >= 300 && status < 400 ? `the server answered with a redirect; check ${settingLabel("url", f.names)} (https? another host?)` : hintFor({ kind: "http", path: f.path, status, serverMessage, names: f.names });
  return new ChatwootApiError({
    kind: "http",
    method: f.method,
    path: f.path,
    status,
    serverMessage,
    hint,
    code,
    body,
    writeOutcome: writeOutcomeOf(f.method, { status }),
    attempts: f.call.attempts,
    detail: `${status} ${serverMessage ?? STATUS_CODES[status] ?? "error"}`,
  });
}

/** A call that waited for the server's rate-limit window as long as `rateLimitMaxWaitMs` allows. */
function rateLimitError(f: FailureContext, serverMessage?: string): ChatwootApiError {
  const { call } = f;
  const refused = call.counters.rateLimited;
  return new ChatwootApiError({
    kind: "http",
    method: f.method,
    path: f.path,
    status: 429,
    serverMessage,
    writeOutcome: writeOutcomeOf(f.method, { status: 429 }),
    attempts: call.attempts,
    detail: `429 still rate limited after waiting ${Math.round((call.gaveUpAfterMs ?? 0) / 1000)} s for the server's rate-limit window (${refused} answer${refused === 1 ? "" : "s"} 429)`,
    hint: `the wait is bounded by ${settingLabel("rateLimitMaxWaitMs", f.names)}, now ${call.policy.rateLimitMaxWaitMs} ms: raise it, or run again when the server's other clients (on the same IP address) are done`,
  });
}

/** A 2xx answer that is not JSON. Its body is not quoted: it may hold secrets (a bot's access token) cut mid-way. */
function notJsonError(f: FailureContext, status: number, text: string, contentType: string | undefined): ChatwootApiError {
  const html = /html/i.test(contentType ?? "");
  return new ChatwootApiError({
    kind: "invalid-response",
    method: f.method,
    path: f.path,
    status,
    writeOutcome: writeOutcomeOf(f.method, { status }),
    attempts: f.call.attempts,
    detail: `${status} answer is not valid JSON (${Buffer.byteLength(text)} bytes${html ? " of HTML" : ""})`,
    hint: html ? `an HTML page answered instead of the API; check that ${settingLabel("url", f.names)} is the Chatwoot server itself` : undefined,
  });
}

const TRANSPORT_TEXT: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection closed while sending",
  UND_ERR_SOCKET: "connection closed before the answer was complete",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  UND_ERR_CONNECT_TIMEOUT: "could not connect in time",
};

function transportError(f: FailureContext, err: unknown, status?: number): ChatwootApiError {
  const code = codeOf(err);
  const kind: ApiErrorKind = code !== undefined && TIMEOUT_ERROR_CODES.has(code) ? "timeout" : "network";
  // undici's parser error, often without a code: something that does not speak HTTP/1.1 answered.
  const notHttp = (err as Error | null)?.name === "HTTPParserError";
  let what: string;
  if (status !== undefined) what = kind === "timeout" ? `${status} answer stalled for ${f.timeoutMs} ms` : `${status} answer broke off`;
  else if (kind === "timeout" && code !== "UND_ERR_CONNECT_TIMEOUT") what = `no answer within ${f.timeoutMs} ms`;
  else if (notHttp) what = "the answer is not HTTP/1.1";
  else what = (code && TRANSPORT_TEXT[code]) ?? "request failed";
  return new ChatwootApiError({
    kind,
    method: f.method,
    path: f.path,
    status,
    code,
    hint: hintFor({ kind, path: f.path, code, notHttp, timeoutMs: f.timeoutMs, names: f.names }),
    writeOutcome: writeOutcomeOf(f.method, { status, code }),
    attempts: f.call.attempts,
    detail: `${what}${code ? ` (${code})` : ""}`,
  });
}
