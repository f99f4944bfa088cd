/**
 * The demo proper: an example run twice with real `pulumi up`s against a sandbox, with a check that
 * the second run changed nothing and sent no write, then what the stack holds.
 */
import { build } from "./build";
import { embeddedSandbox, runningSandbox, type DemoSandbox } from "./demo-sandbox";
import { example, sandboxStackConfig, type ExampleName } from "./examples";
import type { ExampleOptions } from "./options";
import { say, seconds, setKnownSecrets, timed } from "./output";
import { countsOf, isYamlProgram } from "../harness/pulumi-cli";
import { demoPulumi, describeCounts, PulumiCliEngine } from "./pulumi-cli-engine";
import { describeRequests, writesIn } from "./requests";
import { formatOutputs, formatResourceTable } from "./resource-table";

/**
 * The stack of each demo starts empty, so objects an earlier demo created in a running sandbox
 * would make the first run fail (portal slugs and attribute keys are unique: 422). Resetting the
 * sandbox to its seed is what a fresh stack needs; the alternative, adoption, would not help the
 * bot and the rule, which have no natural key and would be created twice.
 */
async function resetRunningSandbox(sandbox: DemoSandbox): Promise<void> {
  await sandbox.reset();
  say("Reset the running sandbox to its seed (POST /__sandbox/reset; it also clears its log and faults):");
  say("  each demo starts from an empty stack, and the objects an earlier run created would collide with");
  say("  this run's (422: slug or key taken). --no-reset leaves the sandbox as it is.");
}

export async function runExampleDemo(options: ExampleOptions & { example: ExampleName }): Promise<void> {
  const spec = example(options.example);
  say(`pulumi-chatwoot demo: examples/${spec.name} against ${options.sandbox ? "a running" : "the embedded"} sandbox`);
  say();
  if (!options.skipBuild) build({ plugin: isYamlProgram(spec.dir) });
  const sandbox = options.sandbox ? await runningSandbox(options.sandbox) : await embeddedSandbox(spec.fixture);
  const refreshSecrets = async () => setKnownSecrets(await sandbox.secrets());
  await refreshSecrets();
  let engine: PulumiCliEngine | undefined;
  try {
    say(`Sandbox: ${sandbox.url} (an in-memory Chatwoot-compatible server; account 1 as its administrator).`);
    if (options.sandbox && options.reset) await resetRunningSandbox(sandbox);
    engine = new PulumiCliEngine(await demoPulumi(), spec, sandboxStackConfig(sandbox.info, spec));
    const stackEngine = engine;
    say();

    await sandbox.clearLog();
    const [first, firstMs] = await timed(() => stackEngine.up());
    await refreshSecrets();
    say(`Run 1: ${describeCounts(first)}; ${describeRequests(await sandbox.log())}; ${seconds(firstMs)}`);

    await sandbox.clearLog();
    const [second, secondMs] = await timed(() => stackEngine.up());
    await refreshSecrets();
    const log = await sandbox.log();
    say(`Run 2: ${describeCounts(second)}; ${describeRequests(log)}; ${seconds(secondMs)}`);
    const writes = writesIn(log);
    if (Object.keys(countsOf(second)).some((op) => op !== "same")) throw new Error("the second run changed resources although the program did not change");
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
    engine?.dispose();
    await sandbox.close();
  }
}
