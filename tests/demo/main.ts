/**
 * `npm run demo`: builds the package, starts the sandbox in this process, runs an example (the
 * quickstart by default) against it twice, checks that the second run changed nothing and sent no
 * write, and prints what the stack holds (./example-demo.ts). With `--program DIR` it runs the
 * user's own program through the offline test runner instead (./own-program.ts).
 *
 *   npm run demo -- [--example NAME] [--sandbox URL [--no-reset]] [--offline] [--skip-build]
 *   npm run demo -- --program DIR [--step preview,up,refresh,destroy] [--url URL] [--stack NAME]
 *                   [--state FILE] [--config KEY=VALUE ...] [--skip-build]
 *   npm run demo -- --help
 *
 * Exits 0 when everything worked, 1 when a run failed, 2 on a wrong option (with the usage on
 * stderr). Every line goes through a check that no token the sandbox issued is printed.
 */
import { DEMO_USAGE, readDemoOptions, UsageError, type DemoOptions } from "./options";
import { say } from "./output";

async function main(): Promise<void> {
  let options: DemoOptions;
  try {
    options = readDemoOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`demo: ${error.message}\n\n${DEMO_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  // The runners load Pulumi and the harness: only when something is to run, so --help is quick.
  if (options.mode === "help") process.stdout.write(`${DEMO_USAGE}\n`);
  else if (options.mode === "program") await (await import("./own-program")).runOwnProgram(options);
  else if (options.example === "clone") await (await import("./clone-demo")).runCloneDemo(options);
  else await (await import("./example-demo")).runExampleDemo({ ...options, example: options.example });
}

main().catch((err: unknown) => {
  process.exitCode = 1;
  const message = err instanceof Error ? err.message : String(err);
  try {
    say(`\ndemo failed: ${message}`);
  } catch {
    process.stdout.write("\ndemo failed (the error text held a token and is not shown)\n");
  }
});
