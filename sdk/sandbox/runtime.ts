import { FaultStore } from "./faults";
import type { Fixture } from "./fixture";
import type { Edition, ShapeMode } from "./options";
import { RateLimiter } from "./rate-limit";
import { RequestLog } from "./request-log";
import { SecretBook } from "./secret-book";
import { SandboxState } from "./state";

/** Everything one sandbox instance holds: data, test controls and the secrets it issued. */
export class SandboxRuntime {
  readonly secrets = new SecretBook();
  readonly log = new RequestLog();
  readonly faults = new FaultStore();
  state: SandboxState;
  limiter: RateLimiter | null = null;
  /**
   * How far the server's clock runs ahead of this machine's (negative: behind). Its `Date` headers
   * and rate-limit windows follow it, as a real server's follow its own clock.
   */
  clockOffsetMs = 0;
  /** Bumped by every reset, so that a request held by a delay fault never lands in the next test's state. */
  generation = 0;

  constructor(
    private readonly fixture: Fixture,
    public shapes: ShapeMode,
    /** Kept across resets, as the shapes are: it is what the server is, not what it holds. */
    public edition: Edition,
  ) {
    this.state = new SandboxState(fixture, this.secrets);
  }

  /** Back to the fixture (same tokens), with an empty log and no faults. */
  reset(): void {
    this.state = new SandboxState(this.fixture, this.secrets);
    this.generation++;
    this.log.clear();
    this.faults.clear();
  }

  setRateLimit(limit: { limit: number; periodMs: number } | null): void {
    this.limiter = limit === null ? null : new RateLimiter(limit.limit, limit.periodMs, () => this.now());
  }

  /** The server's clock, in epoch milliseconds. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }
}
