/**
 * A process's one connection to the rate broker named by {@link BROKER_ENV} (./broker.ts), shared
 * by its limiters of every server. It numbers the attempts and the calls' waits it forwards, hands
 * each answer of the broker to whoever asked, and keeps the process alive only while something is
 * outstanding (a Pulumi program must still end by itself). When the broker cannot be reached, or
 * goes away, the link is down for good and says so to its limiters, which then limit alone.
 */
import * as net from "node:net";
import { BROKER_CLIENT_ENV, BROKER_ENV, encode, lineReader, type FromBroker, type ToBroker } from "./broker-protocol";
import type { WindowWait } from "./window-waits";

type Reply = (message: FromBroker) => void;

/** One connection to the broker, and the numbers of what went over it. */
export class BrokerLink {
  private readonly socket: net.Socket;
  private down = false;
  private nextId = 1;
  private readonly replies = new Map<number, Reply>();
  private readonly waitIds = new WeakMap<WindowWait, number>();
  private readonly downListeners = new Set<() => void>();
  /** Things outstanding (asks, slots): while any, the socket keeps the process alive. */
  private holds = 0;

  constructor(
    /** The broker's socket. */
    readonly address: string,
    client: string,
  ) {
    this.socket = net.createConnection(address);
    this.socket.unref();
    this.socket.on(
      "data",
      lineReader(
        (message) => this.receive(message),
        () => this.socket.destroy(),
      ),
    );
    this.socket.on("error", () => this.fail());
    this.socket.on("close", () => this.fail());
    this.send({ k: "hello", client });
  }

  /** Whether the broker is gone (or was never reached): the limiters limit alone. */
  get isDown(): boolean {
    return this.down;
  }

  /** Runs `listener` once, when the link goes down. */
  onDown(listener: () => void): void {
    this.downListeners.add(listener);
  }

  /** Sends a message; false once the link is down (nothing is sent). */
  send(message: ToBroker): boolean {
    if (this.down) return false;
    this.socket.write(encode(message));
    return true;
  }

  /** A new attempt number, whose broker messages go to `reply`. */
  register(reply: Reply): number {
    const id = this.nextId++;
    this.replies.set(id, reply);
    return id;
  }

  /** Forgets attempt `id` (answered, or given up). */
  unregister(id: number): void {
    this.replies.delete(id);
  }

  /** The number of `wait` on this link, given at its first use. */
  waitId(wait: WindowWait): number {
    let id = this.waitIds.get(wait);
    if (id === undefined) {
      id = this.nextId++;
      this.waitIds.set(wait, id);
    }
    return id;
  }

  /** The number of `wait`, if it was ever sent. */
  knownWait(wait: WindowWait): number | undefined {
    return this.waitIds.get(wait);
  }

  /** Something is outstanding (+1) or no longer (-1): the socket keeps the process alive while anything is. */
  hold(delta: 1 | -1): void {
    const before = this.holds;
    this.holds = Math.max(0, this.holds + delta);
    if (before === 0 && this.holds > 0) this.socket.ref();
    else if (before > 0 && this.holds === 0) this.socket.unref();
  }

  private receive(message: Record<string, unknown>): void {
    if ((message.k !== "go" && message.k !== "expired") || typeof message.id !== "number") return;
    this.replies.get(message.id)?.(message as FromBroker);
  }

  private fail(): void {
    if (this.down) return;
    this.down = true;
    this.socket.destroy();
    this.socket.unref();
    for (const listener of this.downListeners) listener();
    this.downListeners.clear();
  }
}

let shared: { address: string; link: BrokerLink } | undefined;

/** The process's link to the broker its environment names, or `undefined` when it names none. */
export function brokerLink(): BrokerLink | undefined {
  const address = process.env[BROKER_ENV]?.trim();
  if (!address) return undefined;
  if (shared?.address !== address || shared.link.isDown) shared = { address, link: new BrokerLink(address, process.env[BROKER_CLIENT_ENV]?.trim() ?? "") };
  return shared.link;
}
