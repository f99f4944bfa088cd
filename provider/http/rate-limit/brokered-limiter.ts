/**
 * A process's limiter for one server when a rate broker runs (a fleet run sets {@link BROKER_ENV}):
 * every call of the limiter's contract goes to the broker's limiter of that server, which decides
 * for every process together (./broker.ts). Tickets handed out here carry the broker's decision
 * (`alone`) and this process's clock; the broker keeps its own ticket of each attempt.
 *
 * Without the broker (it cannot be reached, or went away mid-run) the process falls back on a
 * limiter of its own, as without a fleet, and says so once: requests waiting for the broker's turn
 * move to it, and those the broker let through still end there (their slots are given back locally
 * only once they are all released).
 */
import type { BrokerLink } from "./broker-link";
import type { Limiter, LimiterStats, Ticket } from "./limiter";
import { reportProgress } from "./progress";
import type { RequestLimiter } from "./request-limiter";
import type { WindowWait } from "./window-waits";

/** An attempt waiting for the broker's turn. */
interface Asked {
  go: (ticket: Ticket) => void;
  first: boolean;
  wait?: WindowWait;
}

/** The limiter of one server in a process whose environment names a broker. */
export class BrokeredLimiter implements RequestLimiter {
  private local: Limiter | undefined;
  private readonly asked = new Map<number, Asked>();
  /** The broker's id of each ticket it let through (a ticket of the local limiter has none). */
  private readonly remote = new WeakMap<Ticket, number>();
  /** Slots the broker let through and not released yet. */
  private remoteSlots = 0;
  /** Whether the broker's window held requests at its last word, or this process's last answer was a 429. */
  private held = false;
  private quota: number | null | undefined;
  private readonly counts = { throttled: 0, requests: 0 };

  constructor(
    private readonly link: BrokerLink,
    /** The server, as the broker keys its limiters. */
    readonly origin: string,
    /** The limiter this process falls back on without the broker. */
    private readonly makeLocal: () => Limiter,
  ) {
    link.onDown(() => this.fallBack());
  }

  now(): number {
    return performance.now();
  }

  configure(quota: number | undefined): void {
    if (this.local) return this.local.configure(quota);
    const value = quota ?? null;
    if (value === this.quota) return;
    this.quota = value;
    this.link.send({ k: "quota", origin: this.origin, quota: value });
  }

  whenAllowed(go: (ticket: Ticket) => void, first = false, wait?: WindowWait): void {
    if (this.local) return this.local.whenAllowed(go, first, wait);
    const id = this.link.register((message) => {
      this.link.unregister(id);
      if (!this.asked.delete(id)) return;
      this.link.hold(-1);
      if (wait !== undefined && message.waitedMs !== undefined) wait.since ??= this.now() - message.waitedMs;
      if (message.k === "expired") return wait?.onExpired?.(message.waitedMs);
      this.held = message.held;
      this.remoteSlots += 1;
      this.link.hold(1);
      this.counts.requests += 1;
      const ticket: Ticket = { sentAt: this.now(), window: 0, alone: message.alone };
      this.remote.set(ticket, id);
      go(ticket);
    });
    this.asked.set(id, { go, first, wait });
    this.link.hold(1);
    const waitedMs = wait?.since === undefined ? undefined : this.now() - wait.since;
    const waiting = wait === undefined ? {} : { wait: this.link.waitId(wait), maxWaitMs: finite(wait.maxWaitMs), ...(waitedMs === undefined ? {} : { waitedMs }) };
    this.link.send({ k: "ask", id, origin: this.origin, first, ...waiting });
  }

  waitingForWindow(wait: WindowWait): void {
    if (this.local) return this.local.waitingForWindow(wait);
    wait.since ??= this.now();
    this.link.send({ k: "waiting", origin: this.origin, wait: this.link.waitId(wait), maxWaitMs: finite(wait.maxWaitMs), waitedMs: this.now() - wait.since });
  }

  doneWaiting(wait: WindowWait): void {
    wait.since = undefined;
    if (this.local) return this.local.doneWaiting(wait);
    const id = this.link.knownWait(wait);
    if (id !== undefined) this.link.send({ k: "done", origin: this.origin, wait: id });
  }

  get throttled(): boolean {
    return this.local ? this.local.throttled : this.held;
  }

  release(): void {
    if (this.remoteSlots > 0) {
      this.remoteSlots -= 1;
      this.link.hold(-1);
      this.link.send({ k: "release", origin: this.origin });
      return;
    }
    this.local?.release();
  }

  onAnswer(ticket: Ticket, status: number, retryAfterMs?: number, date?: string): void {
    if (status === 429) this.counts.throttled += 1;
    const id = this.remote.get(ticket);
    if (id === undefined) return this.local?.onAnswer(ticket, status, retryAfterMs, date);
    this.held = status === 429;
    this.link.send({ k: "answer", id, status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }), ...(date === undefined ? {} : { date }) });
  }

  onNoAnswer(ticket: Ticket): void {
    const id = this.remote.get(ticket);
    if (id === undefined) return this.local?.onNoAnswer(ticket);
    this.link.send({ k: "noAnswer", id });
  }

  stats(): LimiterStats {
    if (this.local) return this.local.stats();
    return {
      throttled: this.counts.throttled,
      probes: 0,
      holds: 0,
      quota: this.quota ?? undefined,
      quotaSource: this.quota == null ? undefined : "configured",
      serverAheadMs: { lo: -Infinity, hi: Infinity },
      waiting: this.asked.size,
      inFlight: this.remoteSlots,
      waitingForWindow: 0,
    };
  }

  /** The broker is gone: this process limits its own requests from now on. */
  private fallBack(): void {
    if (this.local) return;
    const local = this.makeLocal();
    if (this.quota != null) local.configure(this.quota);
    this.local = local;
    reportProgress(`the fleet's rate broker (${this.link.address}) is gone; requests to ${this.origin} are limited by this process alone from now on`);
    const waiting = [...this.asked.values()];
    this.asked.clear();
    for (const { go, first, wait } of waiting) local.whenAllowed(go, first, wait);
  }
}

/** JSON has no Infinity: an unbounded wait goes as the longest a timer takes. */
function finite(ms: number): number {
  return Number.isFinite(ms) ? ms : 2_147_483_647;
}
