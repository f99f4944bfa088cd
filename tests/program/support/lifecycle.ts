/**
 * One example's whole life through the real `pulumi` CLI against its own sandbox, as a user lives
 * it, step by step in one stack (the tests of a file run in order, each building on the last):
 * `preview`; `up`; a second `up --expect-no-changes`; an edited input (preview lists it, `up` sends
 * one PATCH holding only that change); an out-of-band change (`refresh` records it, `preview
 * --expect-no-changes` fails, `up` repairs it with one PATCH); the checkpoint and the stack's
 * config hold no token in plain text and secret outputs show as `[secret]`; a bad input fails
 * `preview` naming the property, with no write; for programs on the native plugin, `pulumi import`
 * takes an object made outside the stack into it without a write; `destroy` leaves nothing. Each example file
 * declares only what is its own ({@link LifecycleSpec}).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { writesIn } from "../../demo/requests";
import { example, sandboxStackConfig, type ExampleName, type ExampleSpec } from "../../demo/examples";
import { isYamlProgram, opsOf, programRuntime, PulumiProject, tail, type Finished, type Operation } from "../../harness/pulumi-cli";
import { startSandbox, type LogEntry, type Sandbox } from "../../../sdk/sandbox";
import { importedCode } from "./imported-code";
import { realEngine } from "./real-engine";

/** What the steps can reach: the sandbox, the stack's project, and the requests of the step. */
export interface StackContext {
  spec: ExampleSpec;
  sandbox: Sandbox;
  project: PulumiProject;
  /** The sandbox's objects before the first `up`. */
  seed: ReturnType<Sandbox["control"]["snapshot"]>;
  snapshot(): ReturnType<Sandbox["control"]["snapshot"]>;
  /** Write requests since the step began. */
  writes(): LogEntry[];
  /** `METHOD path` of each write since the step began. */
  writeLines(): string[];
  /** A request as account 1's administrator, for changes made outside the stack. */
  admin(method: string, apiPath: string, body?: unknown): Promise<Response>;
  /** The stack's resources of this package, by name. */
  resources: PulumiProject["resources"];
}

/** A write the provider must send, and the only one of its step. */
export interface ExpectedWrite {
  line: string;
  body: unknown;
}

export interface LifecycleSpec {
  example: ExampleName;
  /** The names of the program's resources. */
  resources: readonly string[];
  /** Checks after the first `up` (what it created or adopted, the outputs). */
  afterUp(ctx: StackContext, up: Operation): Promise<void>;
  /** A setting changed, the resource and properties it changes, and the request it must send. */
  edit: { settings: Record<string, string>; resource: string; diff: readonly string[]; write(ctx: StackContext): Promise<ExpectedWrite> };
  /** A change made outside Pulumi, the properties it changes, and the request that undoes it. */
  drift: { resource: string; diff: readonly string[]; make(ctx: StackContext): Promise<void>; repair(ctx: StackContext): Promise<ExpectedWrite> };
  /** A setting that makes an input impossible, and the property `preview` must name with its reason. */
  badInput: { settings: Record<string, string>; message: RegExp };
  /** Stack outputs that must show as `[secret]`. */
  secretOutputs: readonly string[];
  /**
   * An object made outside the stack that `pulumi import` takes into it (the native plugin's types
   * are importable; dynamic ones are not): its type token and name, how it is made (resolving with
   * its id), and what the stack must hold of it afterwards. `destroy` then deletes it with the rest.
   */
  importExisting?: {
    type: string;
    name: string;
    make(ctx: StackContext): Promise<string>;
    check(outputs: Record<string, unknown>, ctx: StackContext): void;
  };
  /** Credentials the server holds for the stack's objects (beyond the tokens the sandbox issued). */
  serverSecrets?(ctx: StackContext): Promise<string[]>;
  /** What `destroy` must leave: by default the seed's objects, exactly. */
  afterDestroy?(ctx: StackContext, destroy: Operation): Promise<void>;
}

const STACK = "dev";

/** Fails with the command's output, so a failed step says why. */
export function expectSuccess(op: Pick<Finished, "code" | "stdout" | "stderr">): void {
  if (op.code !== 0) throw new Error(`pulumi exited ${op.code}:\n${tail(op, 40)}`);
}

/** The settings of the example before `edit`, to restore after a step changed them. */
function restore(spec: ExampleSpec, changed: Record<string, string>): { config: Record<string, string>; remove: string[] } {
  const config: Record<string, string> = {};
  const remove: string[] = [];
  for (const key of Object.keys(changed)) {
    if (key in spec.settings) config[key] = spec.settings[key];
    else remove.push(key);
  }
  return { config, remove };
}

async function setSettings(project: PulumiProject, spec: ExampleSpec, settings: Record<string, string>, undo = false): Promise<void> {
  if (!undo) return project.setConfig({ config: settings });
  const { config, remove } = restore(spec, settings);
  await project.setConfig({ config });
  for (const key of remove) await project.ok(["config", "rm", key]);
}

/** Declares the lifecycle's tests; the file's `describe` is skipped, loudly, without a CLI (or, for YAML, its host). */
export function exampleLifecycle(lifecycle: LifecycleSpec): void {
  const spec = example(lifecycle.example);
  const every = (op: string) => Object.fromEntries(lifecycle.resources.map((name) => [name, op]));
  let ctx: StackContext;
  let stepStart = 0;
  realEngine.describeProgram(spec.dir, `examples/${spec.name} through \`pulumi\``, () => {
    beforeAll(async () => {
      const sandbox = await startSandbox({ fixture: spec.fixture });
      const project = new PulumiProject(spec.dir);
      // The examples are type-checked by `npm run typecheck`; here ts-node only transpiles (1-2 s less per run).
      project.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";
      const admin = sandbox.info.accounts[0].adminToken;
      ctx = {
        spec,
        sandbox,
        project,
        seed: sandbox.control.snapshot(),
        snapshot: () => sandbox.control.snapshot(),
        writes: () => writesIn(sandbox.control.log().slice(stepStart)),
        writeLines: () => ctx.writes().map((w) => `${w.method} ${w.path}`),
        admin: (method, apiPath, body) =>
          fetch(sandbox.url + apiPath, {
            method,
            headers: { api_access_token: admin, "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        resources: () => project.resources(),
      };
      // A Pulumi YAML program runs on the native plugin, installed from its tarball as users install it.
      if (isYamlProgram(spec.dir)) await project.installPlugin();
      await project.init(STACK, sandboxStackConfig(sandbox.info, spec));
    });
    beforeEach(() => {
      stepStart = ctx?.sandbox.control.log().length ?? 0;
    });
    afterAll(async () => {
      ctx?.project.dispose();
      await ctx?.sandbox.close();
    });

    test("preview plans every resource and sends no write", async () => {
      const preview = await ctx.project.preview();
      expectSuccess(preview);
      expect(Object.keys(opsOf(preview)).sort()).toEqual([...lifecycle.resources].sort());
      expect(new Set(Object.values(opsOf(preview)))).toEqual(new Set(["create"]));
      expect(ctx.writes()).toEqual([]);
    });

    test("up applies the program", async () => {
      const up = await ctx.project.up();
      expectSuccess(up);
      expect(opsOf(up)).toEqual(every("create"));
      await lifecycle.afterUp(ctx, up);
    });

    test("a second `up --expect-no-changes` passes and sends no write", async () => {
      const before = await ctx.project.outputs();
      const again = await ctx.project.up("--expect-no-changes");
      expectSuccess(again);
      expect(opsOf(again)).toEqual(every("same"));
      expect(ctx.writes()).toEqual([]);
      expect(await ctx.project.outputs()).toEqual(before);
    });

    test("an edited input: preview lists the property, up sends one PATCH holding only that change", async () => {
      const { settings, resource, diff } = lifecycle.edit;
      await setSettings(ctx.project, spec, settings);
      const id = (await ctx.resources()).get(resource)?.id;
      const preview = await ctx.project.preview("--diff");
      expectSuccess(preview);
      expect(opsOf(preview)).toEqual({ ...every("same"), [resource]: "update" });
      for (const key of diff) expect(preview.stdout).toMatch(new RegExp(`^ *~ ${key}\\s*:`, "m"));
      expect(ctx.writes()).toEqual([]);

      const up = await ctx.project.up();
      expectSuccess(up);
      expect(opsOf(up)).toEqual({ ...every("same"), [resource]: "update" });
      const expected = await lifecycle.edit.write(ctx);
      expect(ctx.writes().map((w) => ({ line: `${w.method} ${w.path}`, body: w.body }))).toEqual([expected]);
      expect((await ctx.resources()).get(resource)?.id).toBe(id);
    });

    test("an out-of-band change: refresh records it, preview --expect-no-changes fails listing the property, up repairs it with one PATCH", async () => {
      await lifecycle.drift.make(ctx);
      const { resource } = lifecycle.drift;
      const before = (await ctx.resources()).get(resource)?.outputs;
      const refresh = await ctx.project.refresh();
      expectSuccess(refresh);
      expect(refresh.steps.filter((s) => s.op === "update").map((s) => s.name)).toEqual([resource]);
      expect((await ctx.resources()).get(resource)?.outputs).not.toEqual(before);

      const check = await ctx.project.preview("--expect-no-changes", "--diff");
      expect(check.code).not.toBe(0);
      expect(opsOf(check)).toEqual({ ...every("same"), [resource]: "update" });
      // The refresh stored the server's value as the property's input: the display names it.
      for (const key of lifecycle.drift.diff) expect(check.stdout).toMatch(new RegExp(`^ *~ ${key}\\s*:`, "m"));

      stepStart = ctx.sandbox.control.log().length;
      const up = await ctx.project.up();
      expectSuccess(up);
      expect(opsOf(up)).toEqual({ ...every("same"), [resource]: "update" });
      expect(ctx.writes().map((w) => ({ line: `${w.method} ${w.path}`, body: w.body }))).toEqual([await lifecycle.drift.repair(ctx)]);
      expectSuccess(await ctx.project.preview("--expect-no-changes"));
    });

    test("the checkpoint and the stack's config hold no token in plain text; secret outputs show as [secret]", async () => {
      const exported = await ctx.project.exportText();
      const config = fs.readFileSync(path.join(ctx.project.dir, `Pulumi.${STACK}.yaml`), "utf8");
      const secrets = [...ctx.sandbox.control.secrets(), ...((await lifecycle.serverSecrets?.(ctx)) ?? [])];
      expect(secrets.length).toBeGreaterThan(2);
      for (const secret of secrets) {
        expect(exported).not.toContain(secret);
        expect(config).not.toContain(secret);
      }
      const outputs = await ctx.project.outputs();
      for (const key of lifecycle.secretOutputs) expect([key, outputs[key]]).toEqual([key, "[secret]"]);
      for (const [, resource] of await ctx.resources()) {
        // The stored providers of dynamic resources are the one-line shims, loaded by package name; the plugin's resources store none.
        if (resource.type.startsWith("chatwoot:index:")) expect(resource.inputs.__provider).toBeUndefined();
        else expect(String(resource.inputs.__provider)).toMatch(/require\("pulumi-chatwoot\/dist\/sdk\/shims\/[a-z-]+\.js"\)/);
        // The copy of the inputs a dynamic resource keeps for refresh is encrypted (a copy would not
        // inherit a secret input's secrecy); the plugin keeps none (the engine sends it the inputs).
        if (resource.type.startsWith("chatwoot:index:")) expect(resource.outputs.__inputs).toBeUndefined();
        else expect(resource.outputs.__inputs).toEqual({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
      }
    });

    test("a bad input fails preview naming the property, with no write", async () => {
      await setSettings(ctx.project, spec, lifecycle.badInput.settings);
      try {
        const preview = await ctx.project.preview();
        expect(preview.code).not.toBe(0);
        expect(preview.errors.join("\n")).toMatch(lifecycle.badInput.message);
        // Pulumi shows a nested property's value as {<nil>}: check sends such a place in the reason instead.
        expect(preview.errors.join("\n")).not.toContain("<nil>");
        expect(ctx.writes()).toEqual([]);
      } finally {
        await setSettings(ctx.project, spec, lifecycle.badInput.settings, true);
      }
    });

    const importing = lifecycle.importExisting;
    if (importing) test("`pulumi import` takes an object made outside the stack into it, with no write, and prints its code in the program's language", async () => {
      const id = await importing.make(ctx);
      stepStart = ctx.sandbox.control.log().length;
      // The program need not declare what it imports (the stack then holds what the server does).
      const done = await ctx.project.cli(["import", importing.type, importing.name, id, "--protect=false", "--yes", "--non-interactive"]);
      expectSuccess(done);
      const runtime = programRuntime(ctx.project.dir);
      // The project's language host wrote the code (Pulumi YAML's is Pulumi's own).
      if (runtime !== "yaml") for (const code of importedCode(runtime, [importing])) expect(done.stdout).toMatch(code);
      expect(ctx.writes()).toEqual([]);
      const imported = (await ctx.resources()).get(importing.name);
      expect(imported).toMatchObject({ id, type: importing.type });
      importing.check(imported?.outputs ?? {}, ctx);
    });

    test("destroy leaves nothing of the stack", async () => {
      const destroy = await ctx.project.destroy();
      expectSuccess(destroy);
      expect(opsOf(destroy)).toEqual(expect.objectContaining(every("delete")));
      expect((await ctx.resources()).size).toBe(0);
      if (lifecycle.afterDestroy) return lifecycle.afterDestroy(ctx, destroy);
      // Every object the stack made is gone; the seed's are as they were.
      const after = ctx.snapshot();
      for (const table of ["portals", "automation_rules", "custom_attribute_definitions", "teams", "labels", "webhooks", "canned_responses", "macros"] as const) {
        expect([table, after[table]]).toEqual([table, ctx.seed[table]]);
      }
      expect(after.agent_bots.map((b) => b.id)).toEqual(ctx.seed.agent_bots.map((b) => b.id));
      expect(after.inboxes.map((i) => i.id)).toEqual(ctx.seed.inboxes.map((i) => i.id));
    });
  });
}
