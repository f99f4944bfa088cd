/**
 * Progress for CI and logs (no terminal): plain lines, each stamped with the time, written as things
 * happen (a member starts, notes what it found, ends) and, while members run, the run's figures
 * every `everyMs`.
 */
import { figuresLine, outcomeLine, type FleetProgress, type RunFigures } from "./progress";
import type { MemberOutcome, MemberProgress } from "./member-run";

/** Timestamped lines through `write`; the run's figures every `everyMs`. */
export class PlainProgress implements FleetProgress {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly command: string,
    private readonly figures: () => RunFigures,
    private readonly write: (line: string) => void,
    everyMs = 30_000,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.timer = setInterval(() => this.line(`fleet: ${figuresLine(this.figures())}`), everyMs);
    this.timer.unref();
  }

  member(name: string): MemberProgress {
    this.line(`${name}: ${this.command} started`);
    return {
      phase: () => undefined,
      step: () => undefined,
      note: (text) => this.line(`${name}: ${text}`),
    };
  }

  finished(outcome: MemberOutcome): void {
    this.line(outcomeLine(outcome));
  }

  end(): void {
    clearInterval(this.timer);
    this.line(`fleet: ${figuresLine(this.figures())}`);
  }

  private line(text: string): void {
    this.write(`${this.now().toISOString()} ${text}`);
  }
}
