/**
 * The demo command without the process around it (./main.ts is that wrapper): the command line read
 * into what to run, or into the text and exit code of `--help` or a wrong option; then the run, with
 * its exit code. Tests call these in process instead of spawning the script for each case.
 */
import { DEMO_USAGE, readDemoOptions, UsageError, type ExampleOptions } from "./options";
import { say } from "./output";

/** What the command line asks for: a run, or an answer that runs nothing. */
export type CommandLine =
  | { kind: "run"; options: ExampleOptions }
  | {
      kind: "exit";
      /** 0 for `--help`, 2 for a wrong option. */
      code: 0 | 2;
      /** What goes to stdout (the usage, for `--help`). */
      stdout: string;
      /** What goes to stderr (the reason and the usage, for a wrong option). */
      stderr: string;
    };

/**
 * Reads the demo's command line.
 * @throws anything but a {@link UsageError}, which is an answer with exit code 2.
 */
export function readCommandLine(argv: string[]): CommandLine {
  let options;
  try {
    options = readDemoOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { kind: "exit", code: 2, stdout: "", stderr: `demo: ${error.message}\n\n${DEMO_USAGE}\n` };
  }
  if (options.mode === "help") return { kind: "exit", code: 0, stdout: `${DEMO_USAGE}\n`, stderr: "" };
  return { kind: "run", options };
}

/**
 * Runs what the options ask for, printing as it goes. Resolves to 0 when everything worked, 1 when
 * something failed, after a last line with the reason (checked like every line: never a token).
 */
export async function runDemo(options: ExampleOptions): Promise<0 | 1> {
  try {
    // The runners load Pulumi and the harness: only when something is to run, so --help is quick.
    if (options.example === "clone") await (await import("./clone-demo")).runCloneDemo(options);
    else if (options.example === "fleet") await (await import("./fleet-demo")).runFleetDemo(options);
    else await (await import("./example-demo")).runExampleDemo({ ...options, example: options.example });
    return 0;
  } catch (err) {
    return reportFailure(err);
  }
}

/** Prints why the demo failed as its last line (never a token) and gives the exit code, 1. */
export function reportFailure(err: unknown): 1 {
  const message = err instanceof Error ? err.message : String(err);
  try {
    say(`\ndemo failed: ${message}`);
  } catch {
    process.stdout.write("\ndemo failed (the error text held a token and is not shown)\n");
  }
  return 1;
}
