/** What the sandbox's request log says about a run: how many requests, and which of them wrote. */
import type { LogEntry } from "../../sdk/sandbox";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Requests that can change the server's state. */
export function writesIn(log: readonly LogEntry[]): LogEntry[] {
  return log.filter((entry) => !READS.has(entry.method));
}

/** "14 requests, 9 writes (POST 6, PATCH 3)" */
export function describeRequests(log: readonly LogEntry[]): string {
  const writes = writesIn(log);
  const byMethod = new Map<string, number>();
  for (const { method } of writes) byMethod.set(method, (byMethod.get(method) ?? 0) + 1);
  const detail = writes.length > 0 ? ` (${[...byMethod].map(([m, n]) => `${m} ${n}`).join(", ")})` : "";
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(log.length, "request")}, ${plural(writes.length, "write")}${detail}`;
}
