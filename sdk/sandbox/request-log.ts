/** One API request as the sandbox saw it. Control requests (`/__sandbox/...`) are never logged. */
export interface LogEntry {
  /** Increases by one per logged request for the life of the sandbox (not reset by clearing). */
  seq: number;
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  /**
   * Parsed JSON; for forms `{fields, files:[{field, filename, type, size, sha256}]}`; null when
   * empty. The values of credential-named keys (passwords, tokens, secrets, API keys) read `[FILTERED]`.
   */
  body: unknown;
  /** The status sent; 0 when the connection was dropped (faults "reset" and "lost-response"). */
  status: number;
  /** The kind of the injected fault that affected the request, if any. */
  fault?: string;
  /** Time from arrival to the end of handling, in milliseconds. */
  ms: number;
}

/**
 * The request log, in completion order. Appending is an array push: cheap enough to keep on the
 * hot path at benchmark rates; nothing is printed.
 */
export class RequestLog {
  private entries: LogEntry[] = [];
  private seq = 0;

  /** Appends an entry, numbering it (its `seq` is overwritten), its body's credentials filtered. */
  add(entry: LogEntry): void {
    entry.seq = ++this.seq;
    entry.body = filtered(entry.body);
    this.entries.push(entry);
  }

  /** A copy of the entries so far (entries are not mutated after they are added). */
  list(): LogEntry[] {
    return this.entries.slice();
  }

  clear(): void {
    this.entries = [];
  }
}

/**
 * Parameter names whose values the log never shows, like Rails' `filter_parameters` (which
 * Chatwoot's own logs apply): a channel's passwords, tokens, secrets and API keys a client sent,
 * and a custom tool's maps of credentials (`auth_config`, `headers`), whole.
 */
const FILTERED = /passw|secret|token|api_?key|^auth_config$|^headers$/i;

/** `body` with the values of credential-named keys replaced by `[FILTERED]`, at any depth. */
function filtered(body: unknown): unknown {
  if (Array.isArray(body)) return body.some(needsFilter) ? body.map(filtered) : body;
  if (typeof body !== "object" || body === null) return body;
  if (!needsFilter(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, FILTERED.test(key) ? "[FILTERED]" : filtered(value)]));
}

/** Whether a value holds a credential-named key anywhere (most bodies do not: they are logged as they are). */
function needsFilter(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(needsFilter);
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([key, v]) => FILTERED.test(key) || needsFilter(v));
}
