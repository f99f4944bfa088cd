/**
 * `npm run demo -- --example clone`: cloning an account, step by step, against a sandbox whose
 * account 1 holds every kind an export covers (./clone-fixture.ts): `pulumi-chatwoot export`, a
 * strict type-check of the project it wrote, `pulumi up` of it in account 2 (the real CLI),
 * `pulumi-chatwoot diff` (equal), a second `up` (no write), an `up` in account 1 itself (adoption,
 * no write), and a second export (byte-identical). Any step that does not hold fails the demo.
 */
import * as path from "node:path";
import { tail, type Operation } from "../harness/pulumi-cli";
import { build } from "./build";
import { CLONE_FIXTURE, COPY_PORTAL_SUFFIX } from "./clone-fixture";
import { CloneFlow, COPY_SETTINGS, type Finished } from "./clone-flow";
import { embeddedSandbox, type DemoSandbox } from "./demo-sandbox";
import type { ExampleOptions } from "./options";
import { say, seconds, setKnownSecrets, timed } from "./output";
import { demoPulumi, describeCounts } from "./pulumi-cli-engine";
import { describeRequests, writesIn } from "./requests";

/** The lines of `text`, indented. */
const indented = (text: string) => text.trimEnd().split("\n").map((line) => `    ${line}`).join("\n");

function expectExit(step: string, finished: Finished, code: number): void {
  if (finished.code !== code) throw new Error(`${step} exited with ${finished.code}, not ${code}:\n${indented(finished.stderr + finished.stdout)}`);
}

/** Runs `pulumi up` of the project and says what it did and which requests it sent; `noWrite`: fails on any write. */
/**
 * Runs one `pulumi up` and prints what it did; with `noWrite`, fails on any write but those that
 * `except` matches (`METHOD path`).
 */
async function up(sandbox: DemoSandbox, what: string, run: () => Promise<Operation>, noWrite: boolean, except?: RegExp): Promise<void> {
  await sandbox.clearLog();
  const [op, ms] = await timed(run);
  if (op.code !== 0) throw new Error(`${what.trim()}: pulumi up failed (exit ${op.code}):\n${indented(op.errors.join("\n") || tail(op))}`);
  const log = await sandbox.log();
  say(`${what}: ${describeCounts(op)}; ${describeRequests(log)}; ${seconds(ms)}`);
  const writes = writesIn(log).filter((w) => !except?.test(`${w.method} ${w.path}`));
  if (noWrite && writes.length > 0) throw new Error(`${what.trim()} sent ${writes.map((w) => `${w.method} ${w.path}`).join(", ")}`);
}

export async function runCloneDemo(options: ExampleOptions): Promise<void> {
  say("pulumi-chatwoot demo: cloning account 1 of the embedded sandbox into its account 2");
  say();
  if (!options.skipBuild) build();
  const sandbox = await embeddedSandbox(CLONE_FIXTURE);
  setKnownSecrets(await sandbox.secrets());
  let flow: CloneFlow | undefined;
  try {
    say(`Sandbox: ${sandbox.url}; account 1 "Acme" holds every kind an export covers, account 2 "Globex" only its administrator.`);
    const clone = (flow = new CloneFlow(sandbox.info, await demoPulumi()));
    say();

    const exported = await clone.exportSource();
    expectExit("export", exported, 0);
    say(`1. npx pulumi-chatwoot export --account-id 1 --out ${path.basename(clone.project)} --platform`);
    say(indented(exported.stderr));
    const program = clone.files()["index.ts"] ?? "";
    const declarations = program.split("\n\n");
    const rule = declarations.find((block) => block.includes("new chatwoot.AutomationRule(")) ?? "";
    say(`   index.ts: ${program.split("\n").length} lines, ${declarations.filter((b) => b.includes("new chatwoot.")).length} objects; an automation rule, by reference:`);
    say(indented(rule));
    say();

    expectExit("tsc --noEmit", await clone.typeCheck(), 0);
    say("2. tsc --noEmit (strict): the exported project type-checks against the built package.");
    say();

    say(`3. pulumi up in account 2 (the second run must send no write) with ${Object.entries(COPY_SETTINGS).map(([k, v]) => `${k}=${v}`).join(", ")}:`);
    await up(sandbox, "   first run", () => clone.apply(2, COPY_SETTINGS, "copy"), false);
    await up(sandbox, "   second run", () => clone.apply(2, COPY_SETTINGS, "copy"), true);
    say();

    const diff = await clone.diffCopy();
    expectExit("diff", diff, 0);
    say(`4. npx pulumi-chatwoot diff --account-id 1 --to-account-id 2 --platform --portal-suffix=${COPY_PORTAL_SUFFIX}`);
    say(indented(diff.stdout));
    say();

    say("5. pulumi up in account 1 itself (adopt left at its default, true: every object is adopted; the one write");
    say("   sends the integration hook's API key, which the API never shows):");
    await up(sandbox, "   first run", () => clone.apply(1, {}, "source"), true, /^PATCH \/api\/v1\/accounts\/1\/integrations\/hooks\/\d+$/);
    say();

    const again = path.join(clone.work, "again");
    expectExit("second export", await clone.exportSource(again), 0);
    const same = JSON.stringify(clone.files(again)) === JSON.stringify(clone.files());
    if (!same) throw new Error("a second export of the unchanged account wrote different files");
    say("6. A second export of the unchanged account writes byte-identical files.");
    say();
    say("Done: the copy equals the original, and neither account received a write it did not need.");
  } finally {
    flow?.dispose();
    await sandbox.close();
  }
}
