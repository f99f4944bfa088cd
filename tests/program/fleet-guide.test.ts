/**
 * The fleet guide (docs/guides/fleets.md) as a reader follows it: in a project outside the checkout
 * that installed the package from its tarball, with examples/fleet's template copied in as
 * `template/` and the guide's fleet file saved as `fleet.yaml`, the guide's block runs whole, as
 * written, in one shell (its sandbox on a free port for 3000, npm's registry a closed port). The
 * table the guide shows is the one `fleet up` prints (its members' results and changes), and no
 * token or password it used is in the output, the summary or the state.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { installCopy, packPackage } from "../harness/packed";
import { tail } from "../harness/pulumi-cli";
import { blockGroup, freePort, runBlock } from "../harness/shell-block";
import { temporaryDir } from "../harness/temp-dir";
import { bashBlockAfter, userDoc } from "../harness/user-docs";
import { REPO_ROOT } from "../pulumi-cli/install";
import { readmeEnv } from "./support/readme-shell";
import { realEngine } from "./support/real-engine";

jest.setTimeout(600_000);

const GUIDE = userDoc("docs/guides/fleets.md");
const BLOCK = bashBlockAfter(GUIDE, "## A fleet against the sandbox, step by step");
const FLEET_FILE = /^```yaml\n(# yaml-language-server[\s\S]*?)^```$/m.exec(GUIDE.slice(GUIDE.indexOf("is the one the next section runs")))?.[1] ?? "";
/** The table the guide quotes after the block: its rows without the requests and durations, which vary. */
const QUOTED = (/^```text\n(member[\s\S]*?)^```$/m.exec(GUIDE.slice(GUIDE.indexOf("`fleet up` ends with a table")))?.[1] ?? "").trim().split("\n");
const NPM_CACHE = path.join(process.env.HOME ?? "", ".npm");

/** The member, result and change columns of a table row. */
const changes = (row: string) => row.trim().split(/\s+/).slice(0, 6).join(" ");

realEngine.describe("the fleet guide's block, as written, in a project outside the checkout", () => {
  const outside = temporaryDir("chatwoot-fleet-guide-");
  const group = blockGroup();

  test("runs the guide's fleet file on the package's sandbox: preview, up, up again, drift, status, destroy", async () => {
    expect(FLEET_FILE).toContain("members:");
    const project = path.join(outside, "my-chatwoot");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "my-chatwoot", private: true }));
    installCopy(packPackage(outside).tarball, project);
    fs.mkdirSync(path.join(project, "node_modules", ".bin"));
    fs.symlinkSync("../pulumi-chatwoot/dist/sdk/cli/main.js", path.join(project, "node_modules", ".bin", "pulumi-chatwoot"));
    // A TypeScript project's compiler and Node's types, as the Quick start installs them.
    for (const dep of ["typescript", "@types/node"]) {
      fs.mkdirSync(path.dirname(path.join(project, "node_modules", dep)), { recursive: true });
      fs.symlinkSync(path.join(REPO_ROOT, "node_modules", dep), path.join(project, "node_modules", dep), "junction");
    }
    fs.cpSync(path.join(REPO_ROOT, "examples", "fleet", "template"), path.join(project, "template"), { recursive: true, filter: (src) => !/(^|\/)(node_modules|Pulumi\.[^/]+\.yaml)$/.test(src) });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    fs.writeFileSync(path.join(project, "fleet.yaml"), FLEET_FILE.split("http://127.0.0.1:3000").join(url));
    const home = path.join(outside, "home");
    fs.mkdirSync(home);
    const env = { ...readmeEnv(home), npm_config_cache: NPM_CACHE, npm_config_update_notifier: "false", npm_config_registry: "http://127.0.0.1:9/", CI: "true" };

    const script = BLOCK.join("\n").split("--port 3000").join(`--port ${port}`);
    const done = await runBlock(script, { cwd: project, env, timeoutMs: 540_000, onSpawn: group.onSpawn });
    if (done.code !== 0) throw new Error(`the block exited ${done.code}:\n${tail(done, 60)}`);

    // `fleet up` printed the guide's table: the same members, results and changes.
    const printed = done.stdout.split("\n");
    const header = printed.findIndex((line) => /^member +result +created/.test(line));
    expect(printed.slice(header, header + QUOTED.length).map(changes)).toEqual(QUOTED.map(changes));
    // The second up changed nothing; drift found nothing; destroy removed every member's objects.
    expect(done.stdout).toMatch(/^acme +succeeded +0 +0 +0 +20 +0 /m);
    expect(done.stdout).toMatch(/^drift: 2 in sync in /m);
    expect(done.stdout).toMatch(/^acme +succeeded +0 +0 +20 +0 /m);
    expect(done.stdout).toMatch(/^Orphans|^No orphans\./m);
    const summary = fs.readFileSync(path.join(project, "summary.md"), "utf8");
    expect(summary).toMatch(/^### pulumi-chatwoot fleet up: 2 succeeded$/m);
    expect(summary).toMatch(/^\| acme \| succeeded \| 20 \| 0 \| 0 \| 0 \|/m);

    // No token or password the block used is in its output, the summary or the state.
    const info = JSON.parse(fs.readFileSync(path.join(project, "sandbox.json"), "utf8")) as { accounts: { adminToken: string }[]; platformTokens: string[] };
    const secrets = [...info.accounts.map((a) => a.adminToken), ...info.platformTokens, "Acme-admin-1!", "Globex-admin-1!"];
    const state = fs.readdirSync(path.join(project, "fleet.state"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => fs.readFileSync(path.join(e.parentPath, e.name), "utf8"));
    const stackFiles = fs.readdirSync(path.join(project, "template")).filter((f) => /^Pulumi\..+\.yaml$/.test(f)).map((f) => fs.readFileSync(path.join(project, "template", f), "utf8"));
    for (const secret of secrets) for (const text of [done.stdout, done.stderr, summary, ...state, ...stackFiles]) expect(text.includes(secret)).toBe(false);
  });
});
