/** One API request as the sandbox saw it. Control requests (`/__sandbox/...`) are never logged. */
export interface LogEntry {
  /** Increases by one per logged request for the life of the sandbox (not reset by clearing). */
  seq: number;
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON; for forms `{fields, files:[{field, filename, type, size, sha256}]}`; null when empty. */
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

  /** Appends an entry, numbering it (its `seq` is overwritten). */
  add(entry: LogEntry): void {
    entry.seq = ++this.seq;
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
