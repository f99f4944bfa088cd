/**
 * `npm run demo -- --example fleet`: examples/fleet (three customers from one template, on two
 * installations) through `pulumi-chatwoot fleet` and the real CLI, against two embedded sandboxes
 * standing for its installations: `fleet up` and its summary table, a second `fleet up` that must
 * send no write, and `fleet status`. Every line goes through the check that no token is printed.
 */
import { FleetProject, PASSWORDS, type FleetRun } from "../harness/fleet-project";
import { build } from "./build";
import { embeddedSandbox, type DemoSandbox } from "./demo-sandbox";
import type { ExampleOptions } from "./options";
import { say, seconds, setKnownSecrets, timed } from "./output";
import { demoPulumi } from "./pulumi-cli-engine";
import { describeRequests, writesIn } from "./requests";
import { defaultFixture } from "../../sdk/sandbox";

const indented = (text: string) => text.trimEnd().split("\n").map((line) => `    ${line}`).join("\n");

async function step(what: string, run: () => Promise<FleetRun>, sandboxes: DemoSandbox[], noWrite: boolean): Promise<void> {
  for (const sb of sandboxes) await sb.clearLog();
  const [done, ms] = await timed(run);
  if (done.code !== 0) throw new Error(`${what} exited with ${done.code}:\n${indented(done.stdout + done.stderr)}`);
  const logs = await Promise.all(sandboxes.map((sb) => sb.log()));
  say(`${what} (${seconds(ms)}):`);
  say(indented(done.stdout));
  say(`    eu: ${describeRequests(logs[0] ?? [])}; us: ${describeRequests(logs[1] ?? [])}`);
  const writes = logs.flatMap((log) => writesIn(log));
  if (noWrite && writes.length > 0) throw new Error(`${what} sent ${writes.map((w) => `${w.method} ${w.path}`).join(", ")}`);
  say();
}

export async function runFleetDemo(options: ExampleOptions): Promise<void> {
  say("pulumi-chatwoot demo: examples/fleet, three customers from one template on two installations (two embedded sandboxes)");
  say();
  if (!options.skipBuild) build();
  await demoPulumi();
  const eu = await embeddedSandbox(defaultFixture);
  const us = await embeddedSandbox(defaultFixture);
  const project = new FleetProject({ eu, us });
  try {
    setKnownSecrets([...(await eu.secrets()), ...(await us.secrets()), ...Object.values(PASSWORDS), project.env.PULUMI_CONFIG_PASSPHRASE ?? ""]);
    say(`Installations: eu ${eu.url}, us ${us.url}; the fleet file: examples/fleet/fleet.yaml, its template: examples/fleet/template.`);
    say();
    await step("1. npx pulumi-chatwoot fleet up", () => project.fleet(["up"], { json: false }), [eu, us], false);
    await step("2. npx pulumi-chatwoot fleet up (again: no write)", () => project.fleet(["up"], { json: false }), [eu, us], true);
    const status = await project.fleet(["status"], { json: false });
    if (status.code !== 0) throw new Error(`fleet status exited with ${status.code}:\n${indented(status.stderr)}`);
    say("3. npx pulumi-chatwoot fleet status");
    say(indented(status.stdout));
    say();
    say("Done: every member applied on its installation, and the second run sent no write.");
  } finally {
    project.dispose();
    await eu.close();
    await us.close();
  }
}
