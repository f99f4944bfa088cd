/**
 * `pulumi import` in a TypeScript project, through the real `pulumi` CLI and the checkout's Node
 * language host (whose code generation is Pulumi's own): the sandbox's account 1 holds every kind
 * an export covers (tests/demo/clone-fixture.ts), and `pulumi-chatwoot export --language typescript
 * --plugin` writes its program for the plugin with the import file. In one stack of account 1:
 * - `pulumi import --file` (one command, every type) takes the objects in without a write and
 *   prints code that uses this package's classes; that code, pasted into `index.ts` as printed,
 *   type-checks and gives `pulumi up --expect-no-changes` without a write;
 * - the exported program in its place, with the settings its README names, sends only the
 *   credentials no import can read, once, and then nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { COPY_SECRETS, SOURCE_EMAIL_INBOX, SOURCE_WHATSAPP_INBOX } from "../demo/clone-fixture";
import type { CloneFlow } from "../demo/clone-flow";
import { opsOf, PulumiProject, tail } from "../harness/pulumi-cli";
import { ON_PLUGIN_LINES } from "../../sdk/clone/project";
import type { Sandbox } from "../../sdk/sandbox";
import { useCloneAccount } from "./support/clone-account";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

/** Where the code `pulumi import` prints begins. */
const CODE_START = 'import * as pulumi from "@pulumi/pulumi";';

let sandbox: Sandbox;
let flow: CloneFlow;
let project: PulumiProject;
let entries: { type: string; name: string; id: string }[];

const exported = (file: string) => fs.readFileSync(path.join(flow.project, file), "utf8");

realEngine.describe("`pulumi import` of every type in a TypeScript project, and the program `export --plugin` writes", () => {
  const account = useCloneAccount();
  beforeAll(() => {
    sandbox = account.sandbox;
    flow = account.flow;
  });
  afterAll(() => project?.dispose());

  test("export --language typescript --plugin writes the program for the plugin, which type-checks, and the import file", async () => {
    const args = ["export", "--language", "typescript", "--plugin", "--account-id", "1", "--out", flow.project, "--platform", "--package", "^0.1.0"];
    const { code, stderr } = await flow.command([...args, "--import-file", path.join(flow.project, "import.json")]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^Wrote .*import\.json: 55 resources for `pulumi import --file`\.$/m);
    expect(exported("Pulumi.yaml")).toContain(ON_PLUGIN_LINES.join("\n"));
    entries = (JSON.parse(exported("import.json")) as { resources: typeof entries }).resources;
    const checked = await flow.typeCheck();
    expect([checked.code, checked.stdout]).toEqual([0, ""]);
  });

  test("`pulumi import --file` takes every object in without a write, and prints code of this package's classes", async () => {
    const files = Object.fromEntries(["Pulumi.yaml", "package.json", "tsconfig.json", "import.json"].map((f) => [f, exported(f)]));
    project = new PulumiProject({ ...files, "index.ts": "export {};\n" }, realEngine.binary);
    await project.init("acme", {
      config: {
        "chatwoot:url": sandbox.url,
        "chatwoot:accountId": "1",
        "chatwoot:apiAccessToken": sandbox.info.accounts[0].adminToken,
        "chatwoot:platformAccessToken": sandbox.info.platformTokens[0] ?? "",
      },
      secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
    });
    sandbox.control.clearLog();
    const imported = await project.cli(["import", "--file", "import.json", "--yes", "--protect=false", "--non-interactive"]);
    if (imported.code !== 0) throw new Error(`pulumi import exited ${imported.code}:\n${tail(imported, 40)}`);
    expect(account.writeLines()).toEqual([]);
    // No imported value fails the provider's check: the printed program needs no edit.
    expect(imported.stdout).not.toMatch(/failed to validate/);
    const resources = await project.resources();
    expect([...resources.keys()].sort()).toEqual(entries.map((e) => e.name).sort());
    const code = imported.stdout.slice(imported.stdout.indexOf(CODE_START));
    expect(code).toMatch(/^import \* as chatwoot from "pulumi-chatwoot";$/m);
    const classes = new Set([...code.matchAll(/= new chatwoot\.(\w+)\(/g)].map((m) => `chatwoot:index:${m[1]}`));
    expect(classes).toEqual(new Set(entries.map((e) => e.type)));
    project.write({ "index.ts": code });
  });

  test("the printed code, pasted into index.ts as printed, type-checks and gives `pulumi up --expect-no-changes` without a write", async () => {
    sandbox.control.clearLog();
    const up = await project.up("--expect-no-changes");
    expectSuccess(up);
    expect(Object.keys(opsOf(up))).toHaveLength(entries.length);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["same"]));
    expect(account.writeLines()).toEqual([]);
  });

  test("the exported program in its place, with its settings, sends the credentials no import can read, once, and then nothing", async () => {
    project.write({ "index.ts": exported("index.ts") });
    await project.setConfig({
      config: { inboxAcmeSupportEmailId: String(SOURCE_EMAIL_INBOX), inboxAcmeWhatsAppId: String(SOURCE_WHATSAPP_INBOX), ...COPY_SECRETS },
      secretKeys: Object.keys(COPY_SECRETS),
    });
    sandbox.control.clearLog();
    const sent = await project.up();
    expectSuccess(sent);
    expect(Object.entries(opsOf(sent)).filter(([, op]) => op !== "same")).toEqual([["hook-openai", "update"]]);
    expect(account.writeLines()).toEqual(["PATCH /api/v1/accounts/1/integrations/hooks/1"]);
    sandbox.control.clearLog();
    const again = await project.up("--expect-no-changes");
    expectSuccess(again);
    expect(account.writeLines()).toEqual([]);
  });
});
