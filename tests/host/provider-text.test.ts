/**
 * The provider texts Pulumi stores in every resource's state (`__provider`, twice per resource) and
 * runs again for refresh and destroy: small, free of machine paths and tokens, and runnable by the
 * host in both forms a program can produce.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { HostError } from "../harness/host-error";
import { startHost } from "../harness/host";
import { CONNECTION_ENV, stackConfig, useChatwootHost } from "./support/chatwoot-host";
import { engineSteps } from "./support/engine-steps";
import { checkoutSdk, installedSdk, repoRoot, type ChatwootSdk } from "./support/packages";
import { RESOURCE_CASES, typeToken, type ResourceCase } from "./support/resource-cases";

const ctx = useChatwootHost();
const MAX_PROVIDER_BYTES = 2048;

/** Registrations by type token, captured with the stack's config (tokens included) set, as in a real run. */
let installed: Map<string, CapturedRegistration>;
let checkout: Map<string, CapturedRegistration>;

async function capture(sdk: ChatwootSdk): Promise<Map<string, CapturedRegistration>> {
  const { config, secretKeys } = stackConfig(ctx.sb);
  const captured = await captureRegistrations(() => RESOURCE_CASES.forEach((c) => c.declare(sdk, `text-${c.kind}`)), { config, secretKeys });
  return new Map(captured.map((r) => [r.type, r]));
}

beforeAll(async () => {
  installed = await capture(installedSdk());
  checkout = await capture(checkoutSdk());
});

const registrationOf = (from: Map<string, CapturedRegistration>, c: ResourceCase): CapturedRegistration => {
  const registration = from.get(typeToken(c.kind));
  if (!registration?.providerText) throw new Error(`no provider text for ${c.kind}`);
  return registration;
};
const textOf = (from: Map<string, CapturedRegistration>, c: ResourceCase) => registrationOf(from, c).providerText as string;

/** Paths of this machine a text must not hold, and string literals that start like an absolute path. */
function absolutePaths(text: string): string[] {
  const machinePaths = [repoRoot, process.cwd(), os.homedir(), os.tmpdir(), "/work"].filter((p) => text.includes(p));
  const literals = text.match(/["'`](?:\/|[A-Za-z]:\\)[^"'`]*["'`]/g) ?? [];
  return [...machinePaths, ...literals];
}

/** Every token of the sandbox, the configured ones included, that a text holds (by position, not value). */
function tokensIn(text: string): number[] {
  const { config, secretKeys } = stackConfig(ctx.sb);
  const tokens = [...ctx.sb.control.secrets(), ...secretKeys.map((k) => config[k])];
  expect(tokens.length).toBeGreaterThan(2);
  return tokens.map((t) => text.indexOf(t)).filter((i) => i >= 0);
}

describe.each(RESOURCE_CASES)("the installed package's provider text for $kind", (c) => {
  test("is a require() of the shim module by package name, at most 2 KB", () => {
    const text = textOf(installed, c);
    const module = c.kind.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();
    expect(text).toContain(`require("pulumi-chatwoot/dist/sdk/shims/${module}.js")`);
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(MAX_PROVIDER_BYTES);
  });

  test("holds no absolute path and no token, and is not stored as a secret", () => {
    const registration = registrationOf(installed, c);
    expect(absolutePaths(textOf(installed, c))).toEqual([]);
    expect(tokensIn(textOf(installed, c))).toEqual([]);
    // A captured secret would make Pulumi store the whole text as a secret.
    expect(registration.secretInputKeys).not.toContain("__provider");
  });
});

// In a checkout, the SDK is loaded from the repository's own dist/, outside node_modules, so
// Pulumi cannot refer to the shim by package name and serializes it by value: the shim's methods,
// the implementation loader and its fallback to `dist/provider` of the host's working directory
// are all written into the text (about 3 KB instead of about 300 bytes). It still names no path.
describe.each(RESOURCE_CASES)("a checkout's by-value provider text for $kind", (c) => {
  test("carries the loader itself, with no absolute path and no token", () => {
    const text = textOf(checkout, c);
    expect(text).not.toContain("pulumi-chatwoot/dist/sdk/shims/");
    expect(text).toContain('require("pulumi-chatwoot/provider")');
    expect(text).toContain('join(process.cwd(), "dist", "provider")');
    expect(Buffer.byteLength(text, "utf8")).toBeGreaterThan(Buffer.byteLength(textOf(installed, c), "utf8"));
    expect(absolutePaths(text)).toEqual([]);
    expect(tokensIn(text)).toEqual([]);
  });

  test("creates and deletes through the host", async () => {
    const registration = registrationOf(checkout, c);
    await c.prepare?.(ctx);
    const deployed = await ctx.steps.create(registration.urn, registration.plainInputs);
    expect(deployed.outputs.__provider).toBe(registration.providerText);
    expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toMatchObject(c.created);
    await ctx.steps.destroy(deployed);
    expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toEqual(c.deleted);
  });
});

describe("a host whose project cannot resolve the package by name", () => {
  // A checkout without its installed copy: only dist/ is there (linked, so the provider's own
  // dependencies still resolve from the repository).
  const c = RESOURCE_CASES.find((x) => x.kind === "CustomAttributeDefinition") as ResourceCase;

  test("runs the by-value text through its fallback to dist/provider, and cannot run the installed text", async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-checkout-"));
    fs.symlinkSync(path.join(repoRoot, "dist"), path.join(project, "dist"), "dir");
    const host = await startHost({ cwd: project, env: Object.fromEntries(CONNECTION_ENV.map((name) => [name, ""])) });
    try {
      const { config, secretKeys } = stackConfig(ctx.sb);
      await host.configure(config, secretKeys);
      const steps = engineSteps(host);

      const byName = registrationOf(installed, c);
      const error: unknown = await steps.create(byName.urn, byName.plainInputs).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HostError);
      expect((error as HostError).details).toMatch(/Cannot find module 'pulumi-chatwoot\/dist\/sdk\/shims\/custom-attribute-definition\.js'/);

      const byValue = registrationOf(checkout, c);
      const deployed = await steps.create(byValue.urn, byValue.plainInputs);
      expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toMatchObject(c.created);
      await steps.destroy(deployed);
      expect(c.onServer(ctx.sb.control.snapshot(), deployed)).toEqual(c.deleted);
    } finally {
      await host.close();
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});
