/**
 * A stack of every type moves between the front doors without touching Chatwoot, through the real
 * `pulumi` CLI, as the guide "TypeScript or the plugin" says (its `Pulumi.yaml` entry and its
 * command are read from the guide, so the test runs what it documents). The sandbox's account 1
 * holds every kind an export covers (tests/demo/clone-fixture.ts); its exported TypeScript program,
 * applied to account 1, adopts them all as dynamic resources. Then, in one stack:
 * - switched with an `import` option added to a resource the stack holds (what the guide warns
 *   against), the engine would import the object as a new resource and delete the old one, and the
 *   object with it: the documented check, `pulumi preview --expect-no-changes`, fails on it, with
 *   no write (the classes never pair their alias with an import id, which would make it an
 *   import-replacement instead: tests/host/front-doors.test.ts);
 * - the documented switch: `pulumi preview --expect-no-changes` passes, `pulumi up` leaves every
 *   resource unchanged with no write, every one now the plugin's type, and a second `up` has no
 *   changes;
 * - `pulumi refresh` (reads only) drops the dynamic door's leftovers from the state;
 * - and back to dynamic resources: each resource the plugin wrote shows as an update of no
 *   property, `up` sends no write and puts the dynamic provider text back into every resource's
 *   outputs (the dynamic-provider host reads and deletes with it), and a second `up` has no changes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { CloneFlow } from "../demo/clone-flow";
import { opsOf, type Operation, type PulumiProject } from "../harness/pulumi-cli";
import { userDoc } from "../harness/user-docs";
import type { Sandbox } from "../../sdk/sandbox";
import { useCloneAccount } from "./support/clone-account";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

const GUIDE = userDoc("docs/guides/two-doors.md");

/** The guide's `Pulumi.yaml` entry that puts the packaged plugin in place. */
const PLUGIN_ENTRY = (() => {
  const block = [...GUIDE.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((text) => text.startsWith("plugins:") && text.includes("node_modules/"));
  if (!block) throw new Error("docs/guides/two-doors.md shows no Pulumi.yaml entry of the packaged plugin");
  return block;
})();

/** The guide's command that puts every resource on the plugin, and the one that takes them back, as arguments of `pulumi`. */
const commandOf = (value: string) => {
  const line = `pulumi config set chatwoot:usePlugin ${value}`;
  if (!GUIDE.includes(line)) throw new Error(`docs/guides/two-doors.md does not say \`${line}\``);
  return line.split(" ").slice(1);
};

let sandbox: Sandbox;
let flow: CloneFlow;
let stack: PulumiProject;
/** Each resource's type and id as the dynamic door left them. */
let adopted: Map<string, { type: string; id: string }>;

const operations = (op: Operation) => new Set(Object.values(opsOf(op)));
/** Every resource's type and id in the stack. */
const typesAndIds = async () => new Map([...(await stack.resources())].map(([name, r]) => [name, { type: r.type, id: r.id }]));
const onPlugin = (of: Map<string, { type: string; id: string }>) => new Map([...of].map(([name, r]) => [name, { ...r, type: r.type.replace("pulumi-nodejs:dynamic/chatwoot:", "chatwoot:index:") }]));

realEngine.describe("a stack of every type moves between the front doors without a write", () => {
  const account = useCloneAccount();
  beforeAll(async () => {
    sandbox = account.sandbox;
    flow = account.flow;
    const exported = await flow.exportSource();
    if (exported.code !== 0) throw new Error(`export failed: ${exported.stderr}`);
  });

  test("on the dynamic door, the exported program adopts account 1: every type, all of them dynamic resources", async () => {
    expectSuccess(await flow.apply(1, {}, "acme"));
    stack = flow.stack("acme");
    adopted = await typesAndIds();
    expect(adopted.size).toBeGreaterThan(50);
    expect(new Set([...adopted.values()].map((r) => r.type.split(":").slice(0, 2).join(":")))).toEqual(new Set(["pulumi-nodejs:dynamic/chatwoot"]));
  });

  test("switched with an import option on a resource the stack holds, the engine would delete the old resource and its object: the documented check fails on it, with no write", async () => {
    stack.write({ "Pulumi.yaml": `${readProjectFile(stack, "Pulumi.yaml")}${PLUGIN_ENTRY}` });
    await stack.ok(commandOf("true"));
    const program = readProjectFile(stack, "index.ts");
    const [name, label] = [...adopted].find(([, r]) => r.type.endsWith(":Label"))!;
    const declaration = new RegExp(`(new chatwoot\\.Label\\(${JSON.stringify(name)}, \\{[\\s\\S]*?\\})\\);`);
    expect(program).toMatch(declaration);
    stack.write({ "index.ts": program.replace(declaration, `$1, { import: ${JSON.stringify(label.id)} });`) });
    try {
      sandbox.control.clearLog();
      const preview = await stack.preview("--expect-no-changes");
      expect(preview.code).not.toBe(0);
      // The plugin's label is imported as a new resource, and the dynamic one it was deleted.
      expect(preview.steps.filter((step) => step.name === name).map((step) => [step.op, step.type]).sort()).toEqual([
        ["delete", label.type],
        ["import", onPlugin(adopted).get(name)!.type],
      ]);
      expect(account.writeLines()).toEqual([]);
    } finally {
      stack.write({ "index.ts": program });
    }
  });

  test("the documented switch: the preview shows no change, `up` leaves every resource unchanged with no write, each now the plugin's", async () => {
    sandbox.control.clearLog();
    const preview = await stack.preview("--expect-no-changes");
    expectSuccess(preview);
    expect(operations(preview)).toEqual(new Set(["same"]));
    const up = await stack.up();
    expectSuccess(up);
    expect(operations(up)).toEqual(new Set(["same"]));
    expect(Object.keys(opsOf(up))).toHaveLength(adopted.size);
    expect(account.writeLines()).toEqual([]);
    expect(await typesAndIds()).toEqual(onPlugin(adopted));
    // `pulumi stack` tells which door each resource is on, by its type.
    const listed = (await stack.ok(["stack"])).stdout;
    expect(listed).toContain("chatwoot:index:Label");
    expect(listed).not.toContain("pulumi-nodejs:dynamic/chatwoot:");
  });

  test("a second `up` on the plugin has no changes and sends no write", async () => {
    sandbox.control.clearLog();
    const again = await stack.up("--expect-no-changes");
    expectSuccess(again);
    expect(operations(again)).toEqual(new Set(["same"]));
    expect(account.writeLines()).toEqual([]);
  });

  test("`pulumi refresh` reads only, and drops the dynamic door's provider text and kept inputs from the state, which gets smaller", async () => {
    const before = await stack.exportText();
    expect(before).toContain('"__provider"');
    sandbox.control.clearLog();
    expectSuccess(await stack.refresh());
    expect(account.writeLines()).toEqual([]);
    const after = await stack.exportText();
    expect(after).not.toContain('"__provider"');
    expect(after).not.toContain('"__inputs"');
    expect(after.length).toBeLessThan(before.length);
  });

  test("back to dynamic resources: each one the plugin wrote shows as an update of no property; `up` sends no write and puts the provider text back; a second `up` has no changes", async () => {
    await stack.ok(commandOf("false"));
    sandbox.control.clearLog();
    const preview = await stack.preview();
    expectSuccess(preview);
    expect(operations(preview)).toEqual(new Set(["update"]));
    expect(preview.steps.flatMap((s) => s.replaces)).toEqual([]);
    const up = await stack.up();
    expectSuccess(up);
    expect(operations(up)).toEqual(new Set(["update"]));
    expect(account.writeLines()).toEqual([]);
    expect(await typesAndIds()).toEqual(adopted);
    // The dynamic host reads and deletes with the provider text of each resource's outputs: the update put it back.
    const withoutText = [...(await stack.resources())].filter(([, r]) => typeof r.outputs.__provider !== "string").map(([name]) => name);
    expect(withoutText).toEqual([]);
    const again = await stack.up("--expect-no-changes");
    expectSuccess(again);
    expect(operations(again)).toEqual(new Set(["same"]));
    expect(account.writeLines()).toEqual([]);
  });
});

/** A file of the stack's project directory. */
function readProjectFile(project: PulumiProject, name: string): string {
  return fs.readFileSync(path.join(project.dir, name), "utf8");
}
