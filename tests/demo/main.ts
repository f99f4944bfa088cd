/**
 * `npm run demo`: builds the package, starts the sandbox in this process, runs an example (the
 * quickstart by default) against it twice, checks that the second run changed nothing and sent no
 * write, and prints what the stack holds (./example-demo.ts), with the real `pulumi` CLI.
 *
 *   npm run demo -- [--example NAME] [--sandbox URL [--no-reset]] [--skip-build]
 *   npm run demo -- --help
 *
 * Exits 0 when everything worked, 1 when a run failed, 2 on a wrong option (with the usage on
 * stderr). Every line goes through a check that no token the sandbox issued is printed.
 */
import { readCommandLine, reportFailure, runDemo } from "./command";

async function main(): Promise<void> {
  const line = readCommandLine(process.argv.slice(2));
  if (line.kind === "exit") {
    process.stdout.write(line.stdout);
    process.stderr.write(line.stderr);
    process.exitCode = line.code;
    return;
  }
  process.exitCode = await runDemo(line.options);
}

main().catch((err: unknown) => (process.exitCode = reportFailure(err)));
