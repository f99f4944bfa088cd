/**
 * `npm run demo`: builds the package, starts the sandbox in this process, runs an example (the
 * quickstart by default) against it twice, checks that the second run changed nothing and sent no
 * write, and prints what the stack holds. With a `pulumi` CLI on the PATH the runs are real
 * `pulumi up`s; otherwise the offline runner drives Pulumi's dynamic-provider host itself.
 *
 *   npm run demo -- [--offline] [--skip-build] [--example NAME] [--sandbox URL]
 *
 * `--offline` uses the offline runner even when a CLI is installed; `--example` is one of
 * quickstart, adopt-existing, exclusive-membership; `--sandbox` uses a freshly started sandbox
 * that is already running (e.g. `npm run sandbox`, seeded for the example) instead of starting one.
 * Exits non-zero when anything fails. Every line goes through a check that no token the sandbox
 * issued is printed.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { embeddedSandbox, runningSandbox, type DemoSandbox } from "./demo-sandbox";
import { describeCounts, type DemoEngine } from "./engine";
import { example, EXAMPLE_NAMES, REPO_ROOT, sandboxStackConfig, type ExampleName } from "./examples";
import { OfflineEngine } from "./offline-engine";
import { locatePulumi, PulumiCliEngine } from "./pulumi-cli-engine";
import { describeRequests, writesIn } from "./requests";
import { formatOutputs, formatResourceTable } from "./resource-table";

/** Tokens whose appearance in the output must stop the demo; refreshed after every step that can issue one. */
let knownSecrets: string[] = [];

/** Prints, unless the text holds a token (then fails instead, without printing it). */
function say(text = ""): void {
  if (knownSecrets.some((secret) => secret.length > 0 && text.includes(secret))) {
    throw new Error("refusing to print a line that contains a token issued by the sandbox");
  }
  process.stdout.write(`${text}\n`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

function build(): void {
  const start = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { cwd: REPO_ROOT, encoding: "utf8", shell: process.platform === "win32" });
  if (result.status !== 0) {
    throw new Error(`npm run build failed:\n${`${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n")}`);
  }
  say(`Built the package into node_modules/pulumi-chatwoot (${seconds(performance.now() - start)}).`);
}

async function chooseEngine(offline: boolean, spec: ReturnType<typeof example>, sandbox: DemoSandbox): Promise<DemoEngine> {
  const stack = sandboxStackConfig(sandbox.info, spec);
  const lookup = offline ? ({ found: false, reason: "--offline was given" } as const) : await locatePulumi();
  if (lookup.found) {
    say(`Engine: ${lookup.version} at ${lookup.path} (real \`pulumi up\`, file backend in a temporary directory).`);
    return new PulumiCliEngine(lookup.path, spec, stack);
  }
  say(`Engine: the offline runner, because ${lookup.reason}.`);
  say("  The program runs under Pulumi's Node.js runtime in this process, every resource goes through");
  say("  Pulumi's own dynamic-provider host (check, create / diff, update), and state is a JSON file in");
  say("  a temporary directory. Install the Pulumi CLI to run the same program with `pulumi up`.");
  return new OfflineEngine(spec, stack);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offline: { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
      example: { type: "string", default: "quickstart" },
      sandbox: { type: "string" },
    },
    strict: true,
  });
  const name = values.example as ExampleName;
  if (!EXAMPLE_NAMES.includes(name)) throw new Error(`unknown example "${values.example}"; one of ${EXAMPLE_NAMES.join(", ")}`);
  const spec = example(name);

  say(`pulumi-chatwoot demo: examples/${name} against ${values.sandbox ? "a running" : "the embedded"} sandbox`);
  say();
  if (!values["skip-build"]) build();
  const sandbox = values.sandbox ? await runningSandbox(values.sandbox) : await embeddedSandbox(spec.fixture);
  const refreshSecrets = async () => {
    knownSecrets = await sandbox.secrets();
  };
  await refreshSecrets();
  let engine: DemoEngine | undefined;
  try {
    say(`Sandbox: ${sandbox.url} (an in-memory Chatwoot-compatible server; account 1 as its administrator).`);
    engine = await chooseEngine(values.offline, spec, sandbox);
    const stackEngine = engine;
    say();

    await sandbox.clearLog();
    const [first, firstMs] = await timed(() => stackEngine.up());
    await refreshSecrets();
    say(`Run 1: ${describeCounts(first.counts)}; ${describeRequests(await sandbox.log())}; ${seconds(firstMs)}`);

    await sandbox.clearLog();
    const [second, secondMs] = await timed(() => stackEngine.up());
    await refreshSecrets();
    const log = await sandbox.log();
    say(`Run 2: ${describeCounts(second.counts)}; ${describeRequests(log)}; ${seconds(secondMs)}`);
    const writes = writesIn(log);
    if (second.changed) throw new Error("the second run changed resources although the program did not change");
    if (writes.length > 0) throw new Error(`the second run sent ${writes.length} write(s): ${writes.map((w) => `${w.method} ${w.path}`).join(", ")}`);
    say("       no changes, and the sandbox's request log holds no write for this run.");
    say();

    say("What the stack manages (account 1 of the sandbox):");
    say(formatResourceTable(await stackEngine.resources()));
    say();
    say("Stack outputs:");
    say(formatOutputs(await stackEngine.outputs()));
    say();
    say("Done: the second run changed nothing and sent no write.");
  } finally {
    await engine?.dispose();
    await sandbox.close();
  }
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
