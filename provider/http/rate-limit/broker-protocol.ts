/**
 * What a rate broker (./broker.ts) and the processes that ask it (./broker-link.ts) say to each
 * other: one JSON object per line over a local socket (a Unix socket, a named pipe on Windows).
 * Every message mirrors one call of the limiter's contract (`RequestLimiter`), so the broker's
 * limiter sees the requests of every process as if they were its own process's. Messages carry
 * server origins, statuses and `Date` headers only: never a token, a path or a body.
 */
/** The environment variable naming the broker's socket: set, the process asks the broker instead of limiting alone. */
export const BROKER_ENV = "CHATWOOT_RATE_BROKER";
/** The environment variable naming who asks (a fleet's member), under which the broker counts requests and 429s. */
export const BROKER_CLIENT_ENV = "CHATWOOT_RATE_BROKER_CLIENT";

/** A process's messages to the broker. `id` numbers an attempt, `wait` a call's wait for the window, both per connection. */
export type ToBroker =
  /** First on a connection: who asks. */
  | { k: "hello"; client: string }
  /** The quota the process's settings give (`chatwoot:rateLimitPerMinute`); the broker's own quota for the origin wins. */
  | { k: "quota"; origin: string; quota: number | null }
  /** An attempt waits for its turn (`RequestLimiter.whenAllowed`); `waitedMs`: how long its call has waited for the window so far. */
  | { k: "ask"; id: number; origin: string; first: boolean; wait?: number; maxWaitMs?: number; waitedMs?: number }
  | { k: "answer"; id: number; status: number; retryAfterMs?: number; date?: string }
  | { k: "noAnswer"; id: number }
  /** After a 429, with the attempt still out (`RequestLimiter.waitingForWindow`). */
  | { k: "waiting"; origin: string; wait: number; maxWaitMs: number; waitedMs: number }
  | { k: "done"; origin: string; wait: number }
  | { k: "release"; origin: string };

/** The broker's messages to a process. */
export type FromBroker =
  /** The attempt `id` may go now; `alone`: sent alone to learn something; `held`: the window holds requests; `waitedMs`: its call's wait so far, if it waits. */
  | { k: "go"; id: number; alone: boolean; held: boolean; waitedMs?: number }
  /** The call of attempt `id` waited for the window as long as its bound allows: it fails. */
  | { k: "expired"; id: number; waitedMs: number };

/** A socket address for a broker of process `pid`, unique by `tag`, in `dir` (Unix) or the pipe namespace (Windows). */
export function brokerAddress(dir: string, pid: number, tag: string): string {
  const name = `pulumi-chatwoot-rate-${pid}-${tag}`;
  return process.platform === "win32" ? `\\\\.\\pipe\\${name}` : `${dir.replace(/\/+$/, "")}/${name}.sock`;
}

/** One message as a line. */
export function encode(message: ToBroker | FromBroker): string {
  return `${JSON.stringify(message)}\n`;
}

/**
 * Splits a stream into lines and hands each parsed object to `onMessage`; a line that is not a JSON
 * object is handed to `onBad` (the peer speaks another protocol: the connection is of no use).
 */
export function lineReader(onMessage: (message: Record<string, unknown>) => void, onBad: () => void): (chunk: Buffer) => void {
  let rest = "";
  return (chunk) => {
    rest += chunk.toString("utf8");
    for (let end = rest.indexOf("\n"); end >= 0; end = rest.indexOf("\n")) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line.trim() === "") continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return onBad();
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return onBad();
      onMessage(parsed as Record<string, unknown>);
    }
  };
}
