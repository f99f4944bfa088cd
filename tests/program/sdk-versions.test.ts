/**
 * The SDK version a user has: `@pulumi/pulumi` is a range dependency of the package (from 3.139.0,
 * the first SDK whose dynamic providers have `configure()`), so npm installs one copy, the
 * program's. The packed package runs through the real `pulumi` CLI in a program that pins the
 * lowest supported SDK, and in one on the SDK this checkout is built with; each project's
 * node_modules is laid out as npm lays it out (the tarball unpacked, `@pulumi/pulumi` the
 * program's), so the package, the language host's program runner and the dynamic-provider host
 * all load the program's SDK (and, on the lowest, the plugin the package carries too). The older
 * SDK is installed by `npm ci` under an alias (`@pulumi/pulumi-3.139`, a devDependency).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as semver from "semver";
import { writesIn } from "../demo/requests";
import { installCopy, packPackage, DEPENDENCIES } from "../harness/packed";
import { opsOf, PulumiProject } from "../harness/pulumi-cli";
import { temporaryDir } from "../harness/temp-dir";
import { REPO_ROOT } from "../pulumi-cli/install";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(120_000);

/** Each SDK tried, and where `npm ci` put it. */
const SDKS = [
  { version: "3.139.0", dir: path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi-3.139") },
  { version: "3.248.0", dir: path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi") },
] as const;

const PROGRAM = `"use strict";
const path = require("path");
const pulumi = require("@pulumi/pulumi");
const chatwoot = require("pulumi-chatwoot");

const config = new pulumi.Config();
new chatwoot.Label("vip", { title: "vip", color: config.get("labelColor") || "#7c3aed" });
new chatwoot.Team("billing", { name: "billing", description: "Invoices" });
const hook = new chatwoot.Webhook("hook", { url: "https://hooks.example.com/chatwoot", subscriptions: ["message_created"] });

// Which SDK the program and the package load: one copy, the program's.
const packageDir = path.dirname(require.resolve("pulumi-chatwoot"));
const sdkFrom = (dir) => require.resolve("@pulumi/pulumi", { paths: [dir] });
exports.programSdk = require(require.resolve("@pulumi/pulumi/package.json", { paths: [__dirname] })).version;
exports.packageSdk = require(require.resolve("@pulumi/pulumi/package.json", { paths: [packageDir] })).version;
exports.oneCopy = sdkFrom(packageDir) === sdkFrom(__dirname);
exports.webhookSecret = hook.secret;
`;

const PULUMI_YAML = "name: sdk-range\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n";
/** What puts the program's resources on the plugin the installed package carries (docs/guides/two-doors.md). */
const ON_PLUGIN = "config:\n  chatwoot:usePlugin: true\nplugins:\n  providers:\n    - name: chatwoot\n      path: node_modules/pulumi-chatwoot/provider/plugin\n";

test("the package takes @pulumi/pulumi as a range from the first SDK with configure(), so npm keeps the program's copy", () => {
  const range = DEPENDENCIES["@pulumi/pulumi"];
  expect(semver.validRange(range)).not.toBeNull();
  expect(semver.minVersion(range)?.version).toBe("3.139.0");
  for (const { version, dir } of SDKS) {
    expect([version, semver.satisfies(version, range)]).toEqual([version, true]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version).toBe(version);
  }
  expect(semver.satisfies("4.0.0", range)).toBe(false);
});

describe.each(SDKS)("a program on @pulumi/pulumi $version", ({ version, dir }) => {
  const work = temporaryDir(`chatwoot-sdk-${version}-`);
  let sandbox: Sandbox;
  let project: PulumiProject;
  let stepStart = 0;
  const writes = () => writesIn(sandbox.control.log().slice(stepStart));

  realEngine.describe(`@pulumi/pulumi ${version} through \`pulumi\``, () => {
    beforeAll(async () => {
      sandbox = await startSandbox();
      project = new PulumiProject({ "Pulumi.yaml": PULUMI_YAML, "index.js": PROGRAM }, undefined, path.join(work, "stack"));
      // The project's own node_modules, as `npm install @pulumi/pulumi@<version> <tarball>` makes it.
      fs.rmSync(path.join(project.dir, "node_modules"));
      installCopy(packPackage(work).tarball, project.dir, { "@pulumi/pulumi": dir });
      const [account] = sandbox.info.accounts;
      await project.init("dev", {
        config: { "chatwoot:url": sandbox.url, "chatwoot:accountId": String(account.id), "chatwoot:apiAccessToken": account.adminToken },
        secretKeys: ["chatwoot:apiAccessToken"],
      });
    }, 120_000);
    beforeEach(() => {
      stepStart = sandbox?.control.log().length ?? 0;
    });
    afterAll(async () => {
      await sandbox?.close();
    });

    test("up creates every resource, with the program's SDK loaded once and the connection from configure()", async () => {
      const up = await project.up();
      expectSuccess(up);
      expect(opsOf(up)).toEqual({ vip: "create", billing: "create", hook: "create" });
      const outputs = await project.outputs();
      expect(outputs).toMatchObject({ programSdk: version, packageSdk: version, oneCopy: true, webhookSecret: "[secret]" });
      expect(sandbox.control.snapshot().labels.map((l) => l.title)).toContain("vip");
    });

    test("a second up --expect-no-changes sends no write", async () => {
      expectSuccess(await project.up("--expect-no-changes"));
      expect(writes()).toEqual([]);
    });

    // The examples' lifecycles run these steps on the SDK this checkout is built with; here they run on the lowest only.
    const lowest = (name: string, fn: () => Promise<void>) => version === SDKS[0].version && test(name, fn);

    lowest("an edit: preview --diff lists the property, up sends one PATCH", async () => {
      await project.setConfig({ config: { labelColor: "#112233" } });
      const preview = await project.preview("--diff");
      expectSuccess(preview);
      expect(opsOf(preview)).toEqual({ vip: "update", billing: "same", hook: "same" });
      expect(preview.stdout).toMatch(/^ *~ color\s*:/m);
      const up = await project.up();
      expectSuccess(up);
      expect(writes().map((w) => [w.method, w.body])).toEqual([["PATCH", { color: "#112233" }]]);
    });

    lowest("drift: refresh records it, and the preview after it plans the repair", async () => {
      const team = (await project.resources()).get("billing");
      const patched = await fetch(`${sandbox.url}/api/v1/accounts/1/teams/${team?.id}`, {
        method: "PATCH",
        headers: { api_access_token: sandbox.info.accounts[0].adminToken, "content-type": "application/json" },
        body: JSON.stringify({ description: "Changed in the dashboard" }),
      });
      expect(patched.status).toBe(200);
      expectSuccess(await project.refresh());
      const preview = await project.preview("--diff", "--expect-no-changes");
      expect(preview.code).not.toBe(0);
      expect(opsOf(preview)).toEqual({ vip: "same", billing: "update", hook: "same" });
      // SDK hosts before 3.216 drop the inputs a read returns, so only newer ones name the property.
      if (semver.gte(version, "3.216.0")) expect(preview.stdout).toMatch(/^ *~ description\s*:/m);
      else expect(preview.stdout).not.toMatch(/^ *~ description\s*:/m);
    });

    test("destroy removes every object of the stack", async () => {
      const destroy = await project.destroy();
      expectSuccess(destroy);
      expect((await project.resources()).size).toBe(0);
      const after = sandbox.control.snapshot();
      expect(after.labels.map((l) => l.title)).not.toContain("vip");
      expect(after.webhooks).toEqual([]);
    });

    lowest("the same program on the plugin the package carries, which runs on the program's SDK too: up, a second up without a write, destroy", async () => {
      project.write({ "Pulumi.yaml": `${PULUMI_YAML}${ON_PLUGIN}` });
      const up = await project.up();
      expectSuccess(up);
      expect(new Set([...(await project.resources()).values()].map((r) => r.type))).toEqual(new Set(["chatwoot:index:Label", "chatwoot:index:Team", "chatwoot:index:Webhook"]));
      expect((await project.outputs()).webhookSecret).toBe("[secret]");
      stepStart = sandbox.control.log().length;
      expectSuccess(await project.up("--expect-no-changes"));
      expect(writes()).toEqual([]);
      expectSuccess(await project.destroy());
      expect(sandbox.control.snapshot().webhooks).toEqual([]);
    });
  });
});
