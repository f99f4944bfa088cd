/**
 * A user's program run with plain `node index.js` (no Pulumi engine) used to register nothing and
 * exit 0 in silence. Every resource of the built package now says so on stderr and names the ways
 * to run it; the same program through `pulumi up` prints no such notice.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startSandbox } from "../../sdk/sandbox";
import { REPO_ROOT } from "../demo/examples";
import { PulumiProject } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(90_000);

const NOTICE = "running outside the Pulumi engine";

let project: string;
beforeEach(() => {
  // A user's project: its own directory, the package installed in node_modules (a link to this
  // checkout's, where `npm run build` put a copy of the package).
  project = fs.mkdtempSync(path.join(os.tmpdir(), "user-program-"));
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(project, "node_modules"), "junction");
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: my-chatwoot\nruntime: nodejs\n");
  fs.writeFileSync(
    path.join(project, "index.js"),
    [
      'const chatwoot = require("pulumi-chatwoot");',
      'const tier = new chatwoot.CustomAttributeDefinition("tier", { attributeKey: "tier", attributeModel: "contact_attribute", attributeDisplayName: "Tier", attributeDisplayType: "text" });',
      "exports.tierKey = tier.attributeKey;",
      "",
    ].join("\n"),
  );
});
afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

const plainEnv = { PATH: process.env.PATH, NO_COLOR: "1" };

test("`node index.js` says on stderr that nothing happens outside the engine and how to run the program", () => {
  const result = spawnSync(process.execPath, ["index.js"], { cwd: project, env: plainEnv, encoding: "utf8" });
  expect(result.status).toBe(0);
  expect(result.stdout).toBe("");
  expect(result.stderr).toContain(NOTICE);
  expect(result.stderr).toContain("`pulumi up`");
  expect(result.stderr).toContain(`project directory (${fs.realpathSync(project)})`);
  expect(result.stderr.split(NOTICE)).toHaveLength(2);
});

test("every resource class of the package gives the notice", () => {
  // One process; the SDK's modules are loaded afresh per class, so each gets its own once-per-process notice.
  const script = `
    const pulumi = require("@pulumi/pulumi");
    const fresh = () => {
      for (const key of Object.keys(require.cache)) if (/pulumi-chatwoot[\\\\/]dist[\\\\/]sdk[\\\\/]/.test(key)) delete require.cache[key];
      return require("pulumi-chatwoot");
    };
    const first = fresh();
    const names = Object.keys(first).filter((k) => typeof first[k] === "function" && first[k].prototype instanceof pulumi.CustomResource);
    const write = process.stderr.write.bind(process.stderr);
    const seen = {};
    for (const name of names) {
      const sdk = fresh();
      let text = "";
      process.stderr.write = (chunk) => ((text += String(chunk)), true);
      new sdk[name]("r", {});
      process.stderr.write = write;
      seen[name] = text.includes(${JSON.stringify(NOTICE)});
    }
    process.stdout.write(JSON.stringify(seen));
  `;
  const result = spawnSync(process.execPath, ["-e", script], { cwd: project, env: plainEnv, encoding: "utf8" });
  expect(result.status).toBe(0);
  const seen = JSON.parse(result.stdout) as Record<string, boolean>;
  expect(Object.keys(seen)).toEqual(expect.arrayContaining(["AgentBot", "AutomationRule", "CustomAttributeDefinition", "InboxMembership", "Portal"]));
  expect(Object.entries(seen).filter(([, noticed]) => !noticed)).toEqual([]);
});

realEngine.describe("the same program through `pulumi`", () => {
  test("`pulumi up` creates it, without the notice", async () => {
    const sandbox = await startSandbox();
    const pulumi = new PulumiProject(project);
    try {
      await pulumi.init("dev", {
        config: { "chatwoot:url": sandbox.url, "chatwoot:accountId": "1", "chatwoot:apiAccessToken": sandbox.info.accounts[0].adminToken },
        secretKeys: ["chatwoot:apiAccessToken"],
      });
      const up = await pulumi.up();
      expectSuccess(up);
      expect(up.changes).toEqual({ create: 2 });
      expect(`${up.stdout}${up.stderr}`).not.toContain(NOTICE);
      expect(sandbox.control.snapshot().custom_attribute_definitions.map((d) => d.attribute_key)).toEqual(["tier"]);
    } finally {
      pulumi.dispose();
      await sandbox.close();
    }
  });
});
