/**
 * Where the provider tells the user what it is waiting for. Lines go to stderr: Pulumi's engine
 * shows a dynamic provider's stderr in its log (since 3.146), while the host's stdout is its own
 * channel to the engine. Lines name servers by origin only, never a token or a request body.
 */

/** Receives one progress line (without a line break). */
export type ProgressSink = (line: string) => void;

const STDERR: ProgressSink = (line) => {
  process.stderr.write(`${line}\n`);
};

let sink: ProgressSink = STDERR;

/** Reports `line` (prefixed with `chatwoot: `) to the current sink. */
export function reportProgress(line: string): void {
  sink(`chatwoot: ${line}`);
}

/** Sends progress lines to `next` instead (tests); returns the sink it replaced, to restore it. */
export function setProgressSink(next: ProgressSink): ProgressSink {
  const previous = sink;
  sink = next;
  return previous;
}
