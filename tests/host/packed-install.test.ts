/**
 * The README's install path for an unpublished package: `npm pack` in a built checkout, then
 * `npm install ./pulumi-chatwoot-<version>.tgz` in the user's project, which copies the package
 * into its node_modules. The tarball carries the license and no source map without its source;
 * Pulumi stores each provider as a `require()` of the shim by package name, and the host runs it
 * from the project directory. `npm install <dir>`, which links the checkout instead, would make
 * Pulumi store the shim's code: that is why the README installs a copy. The tarball also carries
 * the native plugin's launcher, which a project's Pulumi.yaml names: it runs the plugin from the
 * installed copy, with nothing else installed.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { startHost } from "../harness/host";
import { installCopy, packPackage } from "../harness/packed";
import { CONNECTION_ENV, stackConfig, useChatwootHost } from "./support/chatwoot-host";
import { engineSteps } from "./support/engine-steps";
import { repoRoot, type ChatwootSdk } from "./support/packages";
import { RESOURCE_CASES, typeToken, type ResourceCase } from "./support/resource-cases";

const ctx = useChatwootHost();

let dir: string;
let packed: string[];
/** A user's project with the tarball installed as npm installs it: a copy in node_modules. */
let project: string;

async function capture(sdk: ChatwootSdk): Promise<Map<string, CapturedRegistration>> {
  const { config, secretKeys } = stackConfig(ctx.sb);
  const captured = await captureRegistrations(() => RESOURCE_CASES.forEach((c) => c.declare(sdk, `packed-${c.kind}`)), { config, secretKeys });
  return new Map(captured.map((r) => [r.type, r]));
}

const textOf = (from: Map<string, CapturedRegistration>, c: ResourceCase) => from.get(typeToken(c.kind))?.providerText ?? "";
const moduleOf = (c: ResourceCase) => c.kind.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-packed-"));
  const { tarball, files } = packPackage(dir);
  packed = files;
  project = path.join(dir, "project");
  installCopy(tarball, project);
}, 120_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the tarball carries the license, and no source map without the source it points at", () => {
  expect(packed).toContain("LICENSE");
  expect(fs.readFileSync(path.join(project, "node_modules", "pulumi-chatwoot", "LICENSE"), "utf8")).toMatch(/Apache License\s+Version 2\.0/);
  for (const map of packed.filter((f) => f.endsWith(".map"))) {
    const { sources } = JSON.parse(fs.readFileSync(path.join(project, "node_modules", "pulumi-chatwoot", map), "utf8")) as { sources: string[] };
    for (const source of sources) expect(packed).toContain(path.posix.join(path.posix.dirname(map), source));
  }
});

test("the installed copy's plugin launcher starts the plugin, which creates a label against the sandbox", async () => {
  const launcher = path.join(project, "node_modules", "pulumi-chatwoot", "provider", "plugin", "pulumi-resource-chatwoot");
  expect(fs.statSync(launcher).mode & 0o111).not.toBe(0);
  const cleared = Object.fromEntries(CONNECTION_ENV.map((name) => [name, ""]));
  const plugin = await startHost({ cwd: project, frontDoor: "native", executable: launcher, env: cleared });
  try {
    const { config, secretKeys } = stackConfig(ctx.sb);
    await plugin.configure(config, secretKeys);
    const made = await engineSteps(plugin).create("urn:pulumi:stack::project::chatwoot:index:Label::from-tarball", { title: "from-tarball" });
    expect(ctx.sb.control.snapshot().labels.find((l) => String(l.id) === made.id)?.title).toBe("from-tarball");
  } finally {
    await plugin.close();
  }
});

describe("installed from the tarball", () => {
  let registrations: Map<string, CapturedRegistration>;
  beforeAll(async () => {
    registrations = await capture(require(path.join(project, "node_modules", "pulumi-chatwoot")) as ChatwootSdk);
  });

  test.each(RESOURCE_CASES)("Pulumi stores $kind's provider as a require() by package name", (c) => {
    const text = textOf(registrations, c);
    expect(text).toContain(`require("pulumi-chatwoot/dist/sdk/shims/${moduleOf(c)}.js")`);
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(2048);
  });

  test("the host runs that provider from the project directory", async () => {
    const c = RESOURCE_CASES.find((x) => x.kind === "CustomAttributeDefinition") as ResourceCase;
    const host = await startHost({ cwd: project, env: Object.fromEntries(CONNECTION_ENV.map((name) => [name, ""])) });
    try {
      const { config, secretKeys } = stackConfig(ctx.sb);
      await host.configure(config, secretKeys);
      const steps = engineSteps(host);
      const registration = registrations.get(typeToken(c.kind)) as CapturedRegistration;
      const deployed = await steps.create(registration.urn, registration.plainInputs);
      expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toMatchObject(c.created);
      await steps.destroy(deployed);
      expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toEqual(c.deleted);
    } finally {
      await host.close();
    }
  });
});

test("a linked install (`npm install <dir>`) would store the shim's code instead", async () => {
  const linked = path.join(dir, "linked");
  fs.mkdirSync(path.join(linked, "node_modules"), { recursive: true });
  fs.symlinkSync(repoRoot, path.join(linked, "node_modules", "pulumi-chatwoot"), "junction");
  const registrations = await capture(require(path.join(linked, "node_modules", "pulumi-chatwoot")) as ChatwootSdk);
  const c = RESOURCE_CASES[0];
  expect(textOf(registrations, c)).not.toContain("pulumi-chatwoot/dist/sdk/shims/");
  expect(Buffer.byteLength(textOf(registrations, c), "utf8")).toBeGreaterThan(2048);
});
