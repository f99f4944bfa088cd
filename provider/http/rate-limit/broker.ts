/**
 * The rate broker: one {@link Limiter} per server for every process of a run (a fleet's stacks,
 * each with its Pulumi program and provider processes), reached over a local socket whose address
 * the processes find in {@link BROKER_ENV}. A process's limiter forwards each call of the limiter's
 * contract (./brokered-limiter.ts); the broker's limiter decides as it would for one process: the
 * quota of each server window (by the server's `Date` header), the lone request after a 429, the
 * wait for the next window, each call's bound on that wait. So N processes send what one would,
 * never N budgets' worth.
 *
 * A process that goes away (killed, or done) gives back what it held: its requests in flight count
 * as unanswered and their slots are released, so the others never wait for it.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import { BROKER_CLIENT_ENV, BROKER_ENV, brokerAddress, encode, lineReader, type FromBroker } from "./broker-protocol";
import { Limiter, type LimiterOptions, type LimiterStats, type Ticket } from "./limiter";
import type { WindowWait } from "./window-waits";

/** What the broker counted for one client (a fleet member). */
export interface ClientCounts {
  /** Attempts let through (each a request sent). */
  requests: number;
  /** Of those, answered 429. */
  throttled: number;
}

/** How a broker is started. */
export interface BrokerOptions {
  /** Tuning of each server's limiter (tests shorten the server's window). */
  limiter?: Partial<LimiterOptions>;
  /** Requests in flight per server, across every process (default 16, a process's pool size). */
  maxInFlight?: number;
  /** Directory of the socket (default: the system's temporary directory). */
  dir?: string;
}

const DEFAULT_MAX_IN_FLIGHT = 16;

/** One connected process. */
interface Peer {
  client: string;
  socket: net.Socket;
  closed: boolean;
  /** Attempts let through and not answered yet, by id. */
  tickets: Map<number, { limiter: Limiter; ticket: Ticket }>;
  /** Slots let through and not released, per server. */
  slots: Map<Limiter, number>;
  /** The calls' waits for the window, by the process's number for them. */
  waits: Map<number, { limiter: Limiter; wait: WindowWait }>;
}

/** A running broker: its address, the quotas it keeps and what it counted. */
export class RateBroker {
  private readonly limiters = new Map<string, Limiter>();
  /** Quotas the run set; a process's own setting applies only to a server that has none here. */
  private readonly quotas = new Map<string, number>();
  private readonly counts = new Map<string, ClientCounts>();
  private readonly peers = new Set<Peer>();

  private constructor(
    private readonly server: net.Server,
    /** The socket the processes connect to. */
    readonly address: string,
    private readonly options: BrokerOptions,
  ) {}

  /** Listens on a new socket; resolves once it does. */
  static async start(options: BrokerOptions = {}): Promise<RateBroker> {
    const address = brokerAddress(options.dir ?? os.tmpdir(), process.pid, randomBytes(6).toString("hex"));
    const server = net.createServer();
    const broker = new RateBroker(server, address, options);
    server.on("connection", (socket) => broker.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(address, () => {
        server.off("error", reject);
        resolve();
      });
    });
    // Only this user's processes may take from the budget.
    if (process.platform !== "win32") fs.chmodSync(address, 0o600);
    return broker;
  }

  /** The environment a process needs to ask this broker, its requests counted under `client`. */
  env(client: string): Record<string, string> {
    return { [BROKER_ENV]: this.address, [BROKER_CLIENT_ENV]: client };
  }

  /** Sets the requests per window of the server at `origin` (every process's share of it together). */
  setQuota(origin: string, quota: number): void {
    this.quotas.set(origin, quota);
    this.limiters.get(origin)?.configure(quota);
  }

  /** What was counted for `client` so far. */
  clientCounts(client: string): ClientCounts {
    return { ...(this.counts.get(client) ?? { requests: 0, throttled: 0 }) };
  }

  /** The limiter's figures for the server at `origin`, once a process asked for it. */
  originStats(origin: string): LimiterStats | undefined {
    return this.limiters.get(origin)?.stats();
  }

  /** The servers asked for so far. */
  origins(): string[] {
    return [...this.limiters.keys()];
  }

  /** Stops listening and drops every connection. */
  async close(): Promise<void> {
    for (const peer of this.peers) peer.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private limiterFor(origin: string): Limiter {
    let limiter = this.limiters.get(origin);
    if (limiter === undefined) {
      limiter = new Limiter(this.options.limiter, this.options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
      const quota = this.quotas.get(origin);
      if (quota !== undefined) limiter.configure(quota);
      this.limiters.set(origin, limiter);
    }
    return limiter;
  }

  private countsOf(client: string): ClientCounts {
    let counts = this.counts.get(client);
    if (counts === undefined) {
      counts = { requests: 0, throttled: 0 };
      this.counts.set(client, counts);
    }
    return counts;
  }

  private accept(socket: net.Socket): void {
    const peer: Peer = { client: "", socket, closed: false, tickets: new Map(), slots: new Map(), waits: new Map() };
    this.peers.add(peer);
    socket.on(
      "data",
      lineReader(
        (message) => this.receive(peer, message),
        () => socket.destroy(),
      ),
    );
    socket.on("error", () => undefined);
    socket.on("close", () => this.gone(peer));
  }

  private send(peer: Peer, message: FromBroker): void {
    if (!peer.closed) peer.socket.write(encode(message));
  }

  /** The call's wait, as the broker's limiter keeps it for the process's wait number `id`. */
  private waitOf(peer: Peer, limiter: Limiter, id: number, maxWaitMs: number, waitedMs: number | undefined): WindowWait {
    let entry = peer.waits.get(id);
    if (entry === undefined) {
      entry = { limiter, wait: { maxWaitMs } };
      peer.waits.set(id, entry);
    }
    const { wait } = entry;
    wait.maxWaitMs = maxWaitMs;
    // The process's clock is not the broker's: how long the call has waited carries across.
    if (waitedMs !== undefined && wait.since === undefined) wait.since = limiter.now() - waitedMs;
    return wait;
  }

  private receive(peer: Peer, m: Record<string, unknown>): void {
    const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
    const text = (v: unknown) => (typeof v === "string" ? v : undefined);
    switch (m.k) {
      case "hello":
        peer.client = text(m.client) ?? "";
        return;
      case "quota": {
        const origin = text(m.origin);
        const quota = num(m.quota);
        if (origin !== undefined && !this.quotas.has(origin)) this.limiterFor(origin).configure(quota);
        return;
      }
      case "ask": {
        const id = num(m.id);
        const origin = text(m.origin);
        const waitId = num(m.wait);
        if (id === undefined || origin === undefined) return;
        const limiter = this.limiterFor(origin);
        const wait = waitId === undefined ? undefined : this.waitOf(peer, limiter, waitId, num(m.maxWaitMs) ?? 0, num(m.waitedMs));
        if (wait !== undefined) wait.onExpired = (waitedMs) => this.send(peer, { k: "expired", id, waitedMs });
        limiter.whenAllowed((ticket) => this.granted(peer, limiter, id, ticket, wait), m.first === true, wait);
        return;
      }
      case "answer": {
        const entry = this.takeTicket(peer, m.id);
        const status = num(m.status);
        if (entry === undefined || status === undefined) return;
        entry.limiter.onAnswer(entry.ticket, status, num(m.retryAfterMs), text(m.date));
        if (status === 429) this.countsOf(peer.client).throttled += 1;
        return;
      }
      case "noAnswer": {
        const entry = this.takeTicket(peer, m.id);
        if (entry !== undefined) entry.limiter.onNoAnswer(entry.ticket);
        return;
      }
      case "waiting": {
        const origin = text(m.origin);
        const waitId = num(m.wait);
        if (origin === undefined || waitId === undefined) return;
        const limiter = this.limiterFor(origin);
        limiter.waitingForWindow(this.waitOf(peer, limiter, waitId, num(m.maxWaitMs) ?? 0, num(m.waitedMs) ?? 0));
        return;
      }
      case "done": {
        const waitId = num(m.wait);
        const entry = waitId === undefined ? undefined : peer.waits.get(waitId);
        if (entry === undefined || waitId === undefined) return;
        peer.waits.delete(waitId);
        entry.limiter.doneWaiting(entry.wait);
        return;
      }
      case "release": {
        const origin = text(m.origin);
        const limiter = origin === undefined ? undefined : this.limiters.get(origin);
        const held = limiter === undefined ? 0 : (peer.slots.get(limiter) ?? 0);
        if (limiter === undefined || held <= 0) return;
        peer.slots.set(limiter, held - 1);
        limiter.release();
        return;
      }
    }
  }

  private granted(peer: Peer, limiter: Limiter, id: number, ticket: Ticket, wait: WindowWait | undefined): void {
    if (peer.closed) {
      // Its process went away while the attempt waited: nothing was sent.
      limiter.onNoAnswer(ticket);
      limiter.release();
      return;
    }
    peer.tickets.set(id, { limiter, ticket });
    peer.slots.set(limiter, (peer.slots.get(limiter) ?? 0) + 1);
    this.countsOf(peer.client).requests += 1;
    const waitedMs = wait?.since === undefined ? undefined : limiter.now() - wait.since;
    this.send(peer, { k: "go", id, alone: ticket.alone, held: limiter.throttled, ...(waitedMs === undefined ? {} : { waitedMs }) });
  }

  private takeTicket(peer: Peer, id: unknown): { limiter: Limiter; ticket: Ticket } | undefined {
    if (typeof id !== "number") return undefined;
    const entry = peer.tickets.get(id);
    peer.tickets.delete(id);
    return entry;
  }

  /** A process went away: what it held goes back, its waits end. */
  private gone(peer: Peer): void {
    if (peer.closed) return;
    peer.closed = true;
    this.peers.delete(peer);
    for (const { limiter, ticket } of peer.tickets.values()) limiter.onNoAnswer(ticket);
    peer.tickets.clear();
    for (const [limiter, held] of peer.slots) for (let i = 0; i < held; i++) limiter.release();
    peer.slots.clear();
    for (const { limiter, wait } of peer.waits.values()) limiter.doneWaiting(wait);
    peer.waits.clear();
  }
}
