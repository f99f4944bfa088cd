/**
 * One keep-alive connection pool and one rate limiter per server origin, shared by every
 * resource in the process. Limiters live on `globalThis` under a versioned `Symbol.for` key, so a
 * second copy of this module (an older provider text loaded next to a newer one) slows down
 * together with the first instead of competing with it. The version changes whenever the limiter's
 * contract does (v2: every admission holds a slot until released; v3: calls wait for the rate-limit
 * window at most their own bound, and tell the limiter when they stop waiting; v4: an admission
 * hands out a ticket that goes back with the answer and its `Date` header), since an older copy
 * would not keep a newer one's contract.
 *
 * In a process of a fleet run, whose environment names the run's rate broker, each origin's
 * limiter asks the broker (../rate-limit/brokered-limiter.ts), which limits every process of the
 * run together.
 */
import { Pool, type Dispatcher } from "undici";
import { brokerLink } from "../rate-limit/broker-link";
import { BrokeredLimiter } from "../rate-limit/brokered-limiter";
import { Limiter, type LimiterOptions, type LimiterStats, type RequestLimiter } from "../rate-limit/limiter";
import { attemptGate } from "./attempt-gate";
import type { OriginContact } from "./call-state";

/** Pool and limiter options; they take effect when an origin is first used and are kept after that. */
export interface OriginOptions {
  /**
   * Connections per origin (default 16), and so requests in flight per origin: the rest wait in the
   * limiter. Chatwoot's Puma serves a few requests at a time.
   */
  connections?: number;
  /** Tuning of the rate limiter (tests shorten its window and its times). */
  limiter?: Partial<LimiterOptions>;
}

const DEFAULT_CONNECTIONS = 16;
const LIMITERS_KEY = Symbol.for("pulumi-chatwoot.http.limiters.v4");

interface OriginEntry {
  dispatcher: Dispatcher;
  limiter: RequestLimiter;
  /**
   * Set at the server's first answer (any status) to a request of this process. Until then a
   * failure to connect is taken for a wrong URL or a server that is down, not for a passing
   * outage: it is not retried, so the run fails within seconds instead of after the whole backoff.
   */
  contact: OriginContact;
}

const pools = new Map<string, { pool: Pool; dispatcher: Dispatcher; contact: OriginContact }>();

function limiters(): Map<string, RequestLimiter> {
  const holder = globalThis as unknown as Record<symbol, Map<string, RequestLimiter> | undefined>;
  let map = holder[LIMITERS_KEY];
  if (map === undefined) {
    map = new Map();
    holder[LIMITERS_KEY] = map;
  }
  return map;
}

/** The shared pool (every attempt of an API call passing the attempt gate) and limiter for `origin`. */
export function originEntry(origin: string, options: OriginOptions = {}): OriginEntry {
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  let pooled = pools.get(origin);
  if (pooled === undefined) {
    const pool = new Pool(origin, { connections });
    pooled = { pool, dispatcher: pool.compose(attemptGate), contact: { answered: false } };
    pools.set(origin, pooled);
  }
  let limiter = limiters().get(origin);
  if (limiter === undefined) {
    const own = () => new Limiter(options.limiter, connections, undefined, origin);
    const link = brokerLink();
    limiter = link === undefined ? own() : new BrokeredLimiter(link, origin, own);
    limiters().set(origin, limiter);
  }
  return { dispatcher: pooled.dispatcher, limiter, contact: pooled.contact };
}

/** The limiter's counters for the origin of `url`, if it was used. */
export function limiterStats(url: string): LimiterStats | undefined {
  return limiters().get(new URL(url).origin)?.stats();
}

/**
 * Closes every pool this module opened (tests, harnesses); later requests open new ones.
 * Limiters are dropped too, so a test starts with an unthrottled process.
 */
export async function closeApiClients(): Promise<void> {
  const open = [...pools.entries()];
  pools.clear();
  for (const [origin] of open) limiters().delete(origin);
  await Promise.all(open.map(([, { pool }]) => pool.close()));
}
