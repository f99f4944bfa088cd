/**
 * Progress on a terminal: a live block under the lines already written, redrawn a few times a
 * second, with a line per running member (what it is doing, its resources done, how long it has
 * run) and a bar of the whole run (members done of all, resources, requests, calls waiting for an
 * installation's rate window). A member's end, and what it noted on its way, are written above the
 * block, where they stay.
 */
import { duration, figuresLine, outcomeLine, type FleetProgress, type RunFigures } from "./progress";
import type { MemberOutcome, MemberProgress } from "./member-run";

const BAR_WIDTH = 24;
const CLEAR_LINE = "\u001b[2K";
const up = (n: number) => (n > 0 ? `\u001b[${n}A` : "");

interface Running {
  phase: string;
  steps: number;
  since: number;
}

/** The live block on a terminal, written through `write` (stderr), cut to the terminal's width. */
export class TerminalProgress implements FleetProgress {
  private readonly running = new Map<string, Running>();
  private drawn = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly figures: () => RunFigures,
    private readonly write: (text: string) => void,
    /** Columns of the terminal, to cut lines that would wrap. */
    private readonly columns: () => number,
  ) {
    this.timer = setInterval(() => this.draw(), 250);
    this.timer.unref();
  }

  member(name: string): MemberProgress {
    const state: Running = { phase: "starting", steps: 0, since: performance.now() };
    this.running.set(name, state);
    return {
      phase: (text) => (state.phase = text),
      step: () => (state.steps += 1),
      note: (text) => this.above(`${name}: ${text}`),
    };
  }

  finished(outcome: MemberOutcome): void {
    this.running.delete(outcome.name);
    this.above(`${outcome.result === "failed" ? "✗" : outcome.result === "skipped" ? "-" : "✓"} ${outcomeLine(outcome)}`);
  }

  end(): void {
    clearInterval(this.timer);
    this.draw();
    this.write("\n");
    this.drawn = 0;
  }

  /** Writes `line` above the live block, which is drawn again under it. */
  private above(line: string): void {
    this.write(`${this.erase()}${this.cut(line)}\n`);
    this.drawn = 0;
    this.draw();
  }

  /** Moves to the block's first line and clears the block. */
  private erase(): string {
    if (this.drawn === 0) return "\r";
    return `\r${up(this.drawn - 1)}${`${CLEAR_LINE}\n`.repeat(this.drawn - 1)}${CLEAR_LINE}${up(this.drawn - 1)}\r`;
  }

  private draw(): void {
    const f = this.figures();
    const now = performance.now();
    const width = Math.max(...[...this.running.keys()].map((n) => n.length), 0);
    const lines = [...this.running].map(([name, r]) => `  ${name.padEnd(width)}  ${r.phase}  ${r.steps} resources  ${duration(now - r.since)}`);
    const filled = f.members === 0 ? 0 : Math.round((f.membersDone / f.members) * BAR_WIDTH);
    lines.push(`[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${figuresLine(f)}`);
    this.write(`${this.erase()}${lines.map((line) => `${CLEAR_LINE}${this.cut(line)}`).join("\n")}`);
    this.drawn = lines.length;
  }

  private cut(line: string): string {
    const columns = this.columns();
    return line.length < columns ? line : `${line.slice(0, Math.max(0, columns - 2))}…`;
  }
}
