/**
 * The README's block for a project of one's own, run as written: from a directory standing for the
 * checkout (holding the tarball `npm pack` writes) into a project beside it, outside this
 * repository, with npm installing from its registry, and the real `pulumi` CLI against a sandbox.
 * It runs on the machine's Node.js (20 where the package is built), and needs nothing the block
 * does not set up: Pulumi.yaml, package.json, tsconfig.json, the pinned SDK, TypeScript and
 * Node's types, a backend and a passphrase.
 *
 * What differs from a reader's terminal, and only that: the block's first two lines (`npm ci`,
 * `npm pack`) are this tier's build and `npm pack` of it; the sandbox's URL stands for
 * `https://chat.example.com`; the token `pulumi config set --secret` reads comes on standard input;
 * the environment is {@link readmeEnv}'s (with npm's cache of this machine, so that packages
 * already downloaded are not fetched again).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { packPackage } from "../harness/packed";
import { runCommand, tail } from "../harness/pulumi-cli";
import { temporaryDir } from "../harness/temp-dir";
import { bashBlockAfter, userDoc } from "../harness/user-docs";
import { REPO_ROOT } from "../pulumi-cli/install";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { readmeEnv } from "./support/readme-shell";
import { realEngine } from "./support/real-engine";

jest.setTimeout(600_000);

const { name, version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { name: string; version: string };

/** The README's bash block after "To use the package in your own Pulumi project", line by line. */
const ownProjectBlock = () => bashBlockAfter(userDoc("README.md"), "To use the package in your own Pulumi project");

/** The block's lines that build and pack the checkout, which this tier has done. */
const BUILD = ["npm ci", `npm pack                       # builds, then writes ${name}-${version}.tgz`];

realEngine.describe("the README's own-project block, as written, outside the checkout", () => {
  const work = temporaryDir("chatwoot-own-project-");
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  test("makes a project on the pinned SDK with TypeScript, previews and creates its resource, with no token in the state", async () => {
    const block = ownProjectBlock();
    expect(block.slice(1, 3)).toEqual(BUILD);
    const checkout = path.join(work, "pulumi-chatwoot");
    fs.mkdirSync(checkout);
    expect(path.basename(packPackage(checkout).tarball)).toBe(`${name}-${version}.tgz`);
    const home = path.join(work, "home");
    fs.mkdirSync(home);

    const script = block.filter((line) => !BUILD.includes(line)).join("\n").split("https://chat.example.com").join(sandbox.url);
    const env = { ...readmeEnv(home), npm_config_cache: path.join(os.homedir(), ".npm"), npm_config_update_notifier: "false" };
    const done = await runCommand("bash", ["-e", "-c", script], { cwd: checkout, env, input: `${sandbox.info.accounts[0].adminToken}\n` });
    if (done.code !== 0) throw new Error(`the block exited ${done.code}:\n${tail(done, 60)}`);

    // The preview saw the attribute to create; the up created it.
    expect(done.stdout).toMatch(/\+ {1,4}pulumi-nodejs:dynamic\/chatwoot:CustomAttributeDefinition +plan +create/);
    const created = sandbox.control.snapshot().custom_attribute_definitions.filter((d) => d.attribute_key === "plan");
    expect(created.map((d) => [d.attribute_model, d.attribute_values])).toEqual([["contact_attribute", ["free", "pro", "enterprise"]]]);
    expect(done.stdout).toContain(`planId: "${created[0]?.id}"`);

    // The project beside the checkout: its manifest pins the SDK and holds the tarball and the compiler.
    const project = path.join(work, "my-chatwoot");
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8")) as Record<string, Record<string, string>>;
    expect(manifest.dependencies).toEqual({ "@pulumi/pulumi": "3.248.0", [name]: `file:../pulumi-chatwoot/${name}-${version}.tgz` });
    expect(Object.keys(manifest.devDependencies ?? {}).sort()).toEqual(["@types/node", "typescript"]);
    const installed = (pkg: string) => (JSON.parse(fs.readFileSync(path.join(project, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;
    expect(installed("@pulumi/pulumi")).toBe("3.248.0");
    expect(installed("typescript")).toMatch(/^5\.9\./);
    // A copy, so that Pulumi stores the provider as one require() line.
    expect(fs.lstatSync(path.join(project, "node_modules", name)).isSymbolicLink()).toBe(false);

    // The stack is in the backend the block named, its token encrypted.
    const checkpoint = fs.readFileSync(path.join(home, ".pulumi-local", ".pulumi", "stacks", "my-chatwoot", "dev.json"), "utf8");
    type Checkpoint = { checkpoint: { latest: { resources: { type: string; inputs?: { __provider?: string } }[] } } };
    const resources = (JSON.parse(checkpoint) as Checkpoint).checkpoint.latest.resources;
    const attribute = resources.find((r) => r.type === "pulumi-nodejs:dynamic/chatwoot:CustomAttributeDefinition");
    expect(attribute?.inputs?.__provider).toContain(`require("${name}/dist/sdk/shims/custom-attribute-definition.js")`);
    for (const secret of sandbox.control.secrets()) expect(`${checkpoint}${done.stdout}${done.stderr}`).not.toContain(secret);
  });
});
