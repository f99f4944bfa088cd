/**
 * The Chatwoot API client: one keep-alive pool per base URL, the `api_access_token` header chosen
 * by path, a deadline on every attempt, retries through undici's retry interceptor, the
 * process-wide rate limiter in front of every attempt, and typed errors.
 *
 * Per attempt, the dispatch chain is: retry interceptor (decides, using `retry-policy`) ->
 * attempt gate (waits for the backoff and the limiter, reports the answer to the limiter and
 * gives its slot back) -> pool.
 */
import { STATUS_CODES } from "node:http";
import { interceptors, type Dispatcher, type RetryHandler } from "undici";
import { connection, settingLabel, type ConnectionSettings, type SettingNames } from "../../config";
import { errorBodyKindOf, serverMessageOf, type ErrorBodyKind } from "./error-body";
import { ChatwootApiError, ConfigError, type ApiErrorKind } from "./errors";
import { hintFor } from "./hints";
import { registerSecret } from "../redaction/secrets";
import { CALL, attemptGate, type CallState, type WithCall } from "./attempt-gate";
import { originEntry, type OriginOptions } from "./origins";
import {
  TIMEOUT_ERROR_CODES,
  backoffMs,
  isIdempotent,
  retryDelayMs,
  writeOutcomeOf,
  type AttemptFailure,
  type RetryPolicyOptions,
} from "./retry-policy";

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

  const { dispatcher, limiter, contact } = originEntry(base.origin, INTERCEPTORS, options);
  limiter.configure(settings.rateLimitPerMinute);
  const call: CallState = {
    limiter,
    contact,
    idempotent: req.idempotent ?? isIdempotent(req.method),
    policy: { ...DEFAULT_RETRY, ...options.retry, maxRetries: settings.maxRetries, rateLimitMaxWaitMs: settings.rateLimitMaxWaitMs },
    counters: { transient: 0, rateLimited: 0 },
    attempts: 0,
    delayMs: 0,
    wait: { maxWaitMs: settings.rateLimitMaxWaitMs },
  };
  const where: FailureContext = { method: req.method, path: req.path, call, timeoutMs: settings.requestTimeoutMs, names: settings.names };

  for (;;) {
    let res: Dispatcher.ResponseData;
    try {
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
      res = await dispatcher.request(opts);
    } catch (err) {
      limiter.doneWaiting(call.wait);
      if (call.gaveUpAfterMs !== undefined) throw rateLimitError(where);
      throw transportError(where, err);
    }
    // The attempts are over: a final 429 leaves the call waiting no more either.
    limiter.doneWaiting(call.wait);

    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      // The answer broke off. An error status is still the error; a cut 2xx is re-read if it was a GET.
      if (res.statusCode >= 300) throw httpError(where, res.statusCode, undefined, codeOf(err));
      if (retryRead(req.method, call)) continue;
      throw transportError(where, err, res.statusCode);
    }
    if (res.statusCode >= 300) {
      const type = header(res.headers["content-type"]);
      throw httpError(where, res.statusCode, serverMessageOf(text, type), undefined, errorBodyKindOf(text, type));
    }

    const parsed = parseJson(text);
    if (parsed.ok) return { status: res.statusCode, body: parsed.value };
    if (retryRead(req.method, call)) continue;
    const html = /html/i.test(header(res.headers["content-type"]) ?? "");
    throw new ChatwootApiError({
      kind: "invalid-response",
      method: req.method,
      path: req.path,
      status: res.statusCode,
      writeOutcome: writeOutcomeOf(req.method, { status: res.statusCode }),
      attempts: call.attempts,
      // The body is not quoted: it may hold secrets (a bot's access token) cut mid-way.
      detail: `${res.statusCode} answer is not valid JSON (${Buffer.byteLength(text)} bytes${html ? " of HTML" : ""})`,
      hint: html ? `an HTML page answered instead of the API; check that ${settingLabel("url", settings.names)} is the Chatwoot server itself` : undefined,
    });
  }
}

/** A GET whose 2xx answer was unreadable is sent again (within the retry budget); a write never is. */
function retryRead(method: string, call: CallState): boolean {
  if (method !== "GET" || call.counters.transient >= call.policy.maxRetries) return false;
  call.counters.transient += 1;
  call.delayMs = backoffMs(call.counters.transient, call.policy);
  return true;
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

// ---- the interceptors (the attempt gate is in attempt-gate.ts) -----------------------------

const RETRY_OPTIONS: RetryHandler.RetryOptions = {
  // Error answers come back as responses (their body carries the server's message).
  throwOnError: false,
  retry(err, context, done): void {
    const call = (context.opts as WithCall)[CALL];
    // A call that waited for the rate-limit window as long as it may ends (see the attempt gate).
    if (call === undefined || call.gaveUpAfterMs !== undefined) return done(err);
    const status = (err as { statusCode?: unknown }).statusCode;
    let failure: AttemptFailure;
    if (typeof status === "number" && codeOf(err) === "UND_ERR_REQ_RETRY") {
      const waitedMs = call.wait.since === undefined ? 0 : call.limiter.now() - call.wait.since;
      failure = { type: "status", status, retryAfterMs: call.retryAfterMs, waitedMs };
    } else {
      // A transport failure after the answer's headers arrived is left to the caller (see send()).
      if (call.status !== undefined) return done(err);
      failure = { type: "error", code: codeOf(err), beforeFirstAnswer: !call.contact.answered };
    }
    const delay = retryDelayMs(call.idempotent, failure, call.counters, call.policy);
    if (delay === undefined) {
      if (failure.type === "status" && failure.status === 429) call.gaveUpAfterMs = failure.waitedMs;
      return done(err);
    }
    call.delayMs = delay;
    done(null);
  },
};

/** Outermost last: the retry interceptor wraps the gate, so every attempt passes the gate. */
const INTERCEPTORS: Dispatcher.DispatcherComposeInterceptor[] = [attemptGate, interceptors.retry(RETRY_OPTIONS)];

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
  let what: string;
  if (status !== undefined) what = kind === "timeout" ? `${status} answer stalled for ${f.timeoutMs} ms` : `${status} answer broke off`;
  else if (kind === "timeout" && code !== "UND_ERR_CONNECT_TIMEOUT") what = `no answer within ${f.timeoutMs} ms`;
  else what = (code && TRANSPORT_TEXT[code]) ?? "request failed";
  return new ChatwootApiError({
    kind,
    method: f.method,
    path: f.path,
    status,
    code,
    hint: hintFor({ kind, path: f.path, code, timeoutMs: f.timeoutMs, names: f.names }),
    writeOutcome: writeOutcomeOf(f.method, { status, code }),
    attempts: f.call.attempts,
    detail: `${what}${code ? ` (${code})` : ""}`,
  });
}
