/**
 * The two error types the provider raises. Both carry a process-wide brand (`Symbol.for`) so that
 * `isInstance` still works when two copies of this module are loaded (an old provider text in
 * state next to a new one), where `instanceof` would not.
 */
import type { ErrorBodyKind } from "./error-body";
import { redactForeign, redactSecrets } from "../redaction/secrets";

const API_ERROR = Symbol.for("pulumi-chatwoot.ChatwootApiError");
const CONFIG_ERROR = Symbol.for("pulumi-chatwoot.ConfigError");

/** How a request failed. */
export type ApiErrorKind = "http" | "timeout" | "network" | "invalid-response";

/**
 * What a failed request did to the server's state, as far as the client can prove:
 * - `not-applied`: the server certainly did not process it (connection refused, a 4xx other than 408,
 *   429, 503, and every failed GET);
 * - `unknown`: it may have been processed (connection lost after sending, timeout, other 5xx);
 * - `applied`: the server answered 2xx, but the answer was unreadable or unexpected.
 */
export type WriteOutcome = "not-applied" | "unknown" | "applied";

/** Everything that describes one failed API call. Never holds a header, a token or a request body. */
export interface ChatwootApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  /** Request path without its query string. */
  path: string;
  status?: number;
  serverMessage?: string;
  hint?: string;
  writeOutcome: WriteOutcome;
  /** Transport error code (`ECONNREFUSED`, `UND_ERR_HEADERS_TIMEOUT`, ...) when there was no answer. */
  code?: string;
  /** Requests sent for this call, retries included. */
  attempts?: number;
  /** The kind of body the error answer had (Chatwoot's own answers are JSON). */
  body?: ErrorBodyKind;
  /** Replaces the generated description after `METHOD path: `. */
  detail?: string;
}

/**
 * A failed Chatwoot API call. `message` is one line, e.g.
 * `PATCH /api/v1/accounts/1/portals/help: 422 Slug has already been taken`.
 */
export class ChatwootApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, when an answer was received. */
  declare readonly status?: number;
  readonly method: string;
  /** Request path without its query string. */
  readonly path: string;
  /** The server's own explanation, parsed from whichever error-body shape it used. */
  declare readonly serverMessage?: string;
  /** What the user can do about it, where the cause is known. */
  declare readonly hint?: string;
  /** See {@link WriteOutcome}: whether a write may have taken effect despite the error. */
  readonly writeOutcome: WriteOutcome;
  /** Transport error code when there was no (complete) answer. */
  declare readonly code?: string;
  /** Requests sent for this call, retries included. */
  readonly attempts: number;
  /** The kind of body the error answer had, when there was an answer. */
  declare readonly body?: ErrorBodyKind;
  /** What this error was made from, redacted, for {@link withHint}. */
  declare private readonly init: ChatwootApiErrorInit;

  constructor(init: ChatwootApiErrorInit) {
    // The server's message is text from elsewhere (`serverMessageOf` redacts it too, before clipping it).
    const serverMessage = init.serverMessage === undefined ? undefined : redactForeign(init.serverMessage);
    const hint = init.hint === undefined ? undefined : redactSecrets(init.hint);
    super(redactSecrets(describe(init, serverMessage, hint)));
    this.name = "ChatwootApiError";
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.writeOutcome = init.writeOutcome;
    this.attempts = init.attempts ?? 1;
    if (init.status !== undefined) this.status = init.status;
    if (serverMessage !== undefined) this.serverMessage = serverMessage;
    if (hint !== undefined) this.hint = hint;
    if (init.code !== undefined) this.code = init.code;
    if (init.body !== undefined) this.body = init.body;
    const detail = init.detail === undefined ? undefined : redactSecrets(init.detail);
    // Not enumerable: error dumps (logs, test output) show the fields above, not this copy.
    Object.defineProperty(this, "init", { value: { ...init, serverMessage, hint, detail }, enumerable: false });
  }

  /** The same failure with `hint` added (after any hint it already had): context only the caller knows. */
  withHint(hint: string): ChatwootApiError {
    return new ChatwootApiError({ ...this.init, hint: [this.init.hint, hint].filter(Boolean).join("; ") });
  }

  /**
   * The same failure, redacted again with every secret known now: one seen after this error was
   * made (a bot's token read by the lookup after a failed create) is hidden too.
   */
  redactedAgain(): ChatwootApiError {
    const again = new ChatwootApiError(this.init);
    // Where it was thrown, not where it was redacted.
    if (this.stack !== undefined) again.stack = redactSecrets(this.stack);
    return again;
  }

  /** Brand check that survives duplicate copies of this module. */
  static isInstance(e: unknown): e is ChatwootApiError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[API_ERROR] === true;
  }
}
Object.defineProperty(ChatwootApiError.prototype, API_ERROR, { value: true });

function describe(init: ChatwootApiErrorInit, serverMessage: string | undefined, hint: string | undefined): string {
  let what = init.detail;
  if (what === undefined) {
    what = init.status !== undefined ? String(init.status) : init.kind;
    if (serverMessage) what += ` ${serverMessage}`;
    else if (init.code) what += ` (${init.code})`;
  }
  const attempts = init.attempts !== undefined && init.attempts > 1 ? ` (after ${init.attempts} attempts)` : "";
  const advice = hint ? `; ${hint}` : "";
  return oneLine(`${init.method} ${init.path}: ${what}${attempts}${advice}`);
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}

/** Missing or malformed connection settings; the message names the config key and the env variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }

  /** Brand check that survives duplicate copies of this module. */
  static isInstance(e: unknown): e is ConfigError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[CONFIG_ERROR] === true;
  }
}
Object.defineProperty(ConfigError.prototype, CONFIG_ERROR, { value: true });

/**
 * True for a {@link ChatwootApiError} whose answer was Chatwoot's own 404 (a JSON body). A 404 page
 * from a proxy or a wrong `chatwoot:url` says nothing about the object, and treating it as "gone"
 * would make a refresh drop every resource from the state.
 */
export function isNotFound(e: unknown): boolean {
  return ChatwootApiError.isInstance(e) && e.status === 404 && e.body === "json";
}
