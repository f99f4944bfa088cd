/**
 * The offline runner: a fixture program over the fixture file store, run through Pulumi's real
 * dynamic-provider host with a JSON state file, edited between runs through stack config.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { FileObject, fileStoreProvider } from "../host/fixtures/file-store";
import { callLog, createStoreDir, editObject, removeObject, storedObjects, type StoredObject } from "../host/fixtures/file-store-dir";
import { destroyStack, formatSummary, OfflineRunError, refreshStack, runProgram, type RunSummary } from "../harness/offline-runner";
import { loadState } from "../harness/state";
import { isSealed, keyFileOf, StateSecrets, type SealedValue } from "../harness/state-secrets";
import { SECRET_SIG, SIG_KEY } from "../harness/wire";
import { withoutPassphraseEnv } from "./support/passphrase-env";

const repoRoot = path.resolve(__dirname, "../..");
const program = path.join(__dirname, "fixtures/file-store-program/index.ts");
const TOKEN = "store-token-0b7d7e2c55f14a61";
const NOTE = "note-secret-c3a9e1d0f2b84d57";

let storeDir: string;
let statePath: string;

withoutPassphraseEnv();

beforeEach(() => {
  storeDir = createStoreDir(TOKEN);
  statePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "runner-state-")), "dev.json");
});

afterEach(() => {
  fs.rmSync(storeDir, { recursive: true, force: true });
  fs.rmSync(path.dirname(statePath), { recursive: true, force: true });
});

const stackOptions = (settings: Record<string, string> = {}) => ({
  cwd: repoRoot,
  config: { "fixture:dir": storeDir, "fixture:token": TOKEN, note: NOTE, ...settings },
  secretKeys: ["fixture:token", "note"],
  statePath,
});

/** Runs the fixture program with extra stack config. */
const up = (settings: Record<string, string> = {}, preview = false) =>
  runProgram({ program, project: "files", stack: "dev", preview, ...stackOptions(settings) });

const opsOf = (summary: RunSummary) => Object.fromEntries(summary.resources.map((r) => [r.name, r.op]));
const rowOf = (summary: RunSummary, name: string) => summary.resources.find((r) => r.name === name);
const byName = (): Record<string, StoredObject> => Object.fromEntries(Object.values(storedObjects(storeDir)).map((o) => [o.name, o]));

test("the first run creates every resource and hands real outputs to dependent resources", async () => {
  const summary = await up();
  expect(opsOf(summary)).toEqual({ base: "create", child: "create", extra: "create" });
  const objects = byName();
  expect(Object.keys(objects).sort()).toEqual(["base", "child", "extra"]);
  expect(objects.child.parentId).toBe(objects.base.id);
  expect(objects.base.note).toBe(NOTE);
  expect(rowOf(summary, "base")?.id).toBe(objects.base.id);
  expect(summary.outputs).toEqual({ baseId: objects.base.id, childParentId: objects.base.id, baseAccessKey: "[secret]", baseNote: "[secret]", extraCount: 1 });
  expect(summary.hostCalls).toMatchObject({ configure: 1, check: 3, create: 3, diff: 0 });

  const state = loadState(statePath);
  const base = state?.resources.find((r) => r.name === "base");
  expect(base).toMatchObject({ type: "pulumi-nodejs:dynamic/fixture:FileObject", id: objects.base.id, additionalSecretOutputs: ["accessKey"], secretInputKeys: ["note"] });
  expect(typeof base?.inputs.__provider).toBe("string");
  expect(base?.outputs.__provider).toBe(base?.inputs.__provider);
  const child = state?.resources.find((r) => r.name === "child");
  expect(child?.dependencies).toContain(base?.urn);
  expect(state?.resources.findIndex((r) => r.name === "base")).toBeLessThan(state?.resources.findIndex((r) => r.name === "child") ?? -1);
});

test("a second run changes nothing and sends no write", async () => {
  await up();
  const writes = callLog(storeDir);
  const before = byName();
  const second = await up();
  expect(opsOf(second)).toEqual({ base: "same", child: "same", extra: "same" });
  expect(second.hostCalls).toMatchObject({ create: 0, update: 0, delete: 0, diff: 3 });
  expect(callLog(storeDir)).toEqual(writes);
  expect(byName()).toEqual(before);
  expect(second.outputs.baseId).toBe(before.base.id);
});

test("an edited input updates only that resource, with one write", async () => {
  await up();
  const writes = callLog(storeDir);
  const summary = await up({ baseSize: "5" });
  expect(opsOf(summary)).toEqual({ base: "update", child: "same", extra: "same" });
  expect(rowOf(summary, "base")?.changedKeys).toEqual(["size"]);
  const base = byName().base;
  expect(callLog(storeDir)).toEqual([...writes, `update ${base.id}`]);
  expect(base).toMatchObject({ size: 5, revision: 2 });
});

test("a resource removed from the program is deleted", async () => {
  await up();
  const extraId = byName().extra.id;
  const summary = await up({ withExtra: "false" });
  expect(rowOf(summary, "extra")).toMatchObject({ op: "delete", id: extraId });
  expect(byName().extra).toBeUndefined();
  expect(callLog(storeDir)).toContain(`delete ${extraId}`);
  expect(loadState(statePath)?.resources.map((r) => r.name)).not.toContain("extra");
});

test("retainOnDelete leaves the object in place and only forgets it", async () => {
  await up({ retainExtra: "true" });
  const summary = await up({ withExtra: "false" });
  expect(rowOf(summary, "extra")).toMatchObject({ op: "delete", detail: "retained: removed from state only" });
  expect(byName().extra).toBeDefined();
  expect(summary.hostCalls.delete).toBe(0);
  expect(loadState(statePath)?.resources.map((r) => r.name)).not.toContain("extra");
});

test("a protected resource is neither deleted nor forgotten", async () => {
  await up({ protectExtra: "true" });
  const error = await up({ withExtra: "false" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfflineRunError);
  expect((error as Error).message).toMatch(/extra: protected/);
  expect(byName().extra).toBeDefined();
  expect(loadState(statePath)?.resources.map((r) => r.name)).toContain("extra");
});

test("a replacement that keeps the name deletes first, and dependents get the new id", async () => {
  await up();
  const oldBase = byName().base;
  const writes = callLog(storeDir);
  const summary = await up({ baseKind: "premium" });
  const newBase = byName().base;
  expect(rowOf(summary, "base")).toMatchObject({ op: "replace", detail: "delete-before-replace", changedKeys: ["kind"], id: newBase.id });
  expect(rowOf(summary, "child")).toMatchObject({ op: "update", changedKeys: ["parentId"] });
  expect(newBase.id).not.toBe(oldBase.id);
  const newWrites = callLog(storeDir).slice(writes.length);
  expect(newWrites.slice(0, 2)).toEqual([`delete ${oldBase.id}`, `create ${newBase.id}`]);
  expect(byName().child.parentId).toBe(newBase.id);
  expect(summary.outputs.baseId).toBe(newBase.id);
});

test("a replacement that renames creates first and deletes the old object at the end", async () => {
  await up();
  const oldChild = byName().child;
  const writes = callLog(storeDir);
  const summary = await up({ childKind: "premium", childName: "child2" });
  const newChild = byName().child2;
  expect(rowOf(summary, "child")).toMatchObject({ op: "replace", detail: "create-before-delete", changedKeys: ["kind", "name"] });
  expect(callLog(storeDir).slice(writes.length)).toEqual([`create ${newChild.id}`, `delete ${oldChild.id}`]);
  expect(byName().child).toBeUndefined();
  expect(loadState(statePath)?.resources.filter((r) => r.name === "child").map((r) => r.id)).toEqual([newChild.id]);
});

test("the deleteBeforeReplace option makes a replacement delete first", async () => {
  await up();
  const oldChild = byName().child;
  const writes = callLog(storeDir);
  const summary = await up({ childKind: "premium", childName: "child2", childDeleteFirst: "true" });
  expect(rowOf(summary, "child")).toMatchObject({ op: "replace", detail: "delete-before-replace" });
  expect(callLog(storeDir).slice(writes.length)).toEqual([`delete ${oldChild.id}`, `create ${byName().child2.id}`]);
});

test("after a failed run, the old half of a replacement stays pending and the next run deletes it first", async () => {
  const program = (oneKind: string, twoSize: number) => () => {
    const one = new FileObject("one", { name: oneKind === "basic" ? "one" : "one2", kind: oneKind });
    new FileObject("two", { name: "two", size: twoSize, parentId: one.id });
  };
  const options = { project: "pending", stack: "dev", ...stackOptions() };
  await runProgram({ ...options, program: program("basic", 1) });
  const oldOne = byName().one;

  const failed = await runProgram({ ...options, program: program("premium", -1) }).catch((e: unknown) => e);
  expect((failed as Error).message).toContain("two (pulumi-nodejs:dynamic/fixture:FileObject) has invalid inputs");
  expect(byName().one).toEqual(oldOne);
  const newOne = byName().one2;
  expect(loadState(statePath)?.resources.filter((r) => r.name === "one").map((r) => [r.id, r.pendingDelete ?? false])).toEqual([
    [newOne.id, false],
    [oldOne.id, true],
  ]);

  const fixed = await runProgram({ ...options, program: program("premium", 1) });
  expect(fixed.resources.map((r) => [r.name, r.op, r.id])).toEqual([
    ["one", "delete", oldOne.id],
    ["one", "same", newOne.id],
    ["two", "update", byName().two.id],
  ]);
  expect(byName().one).toBeUndefined();
  expect(loadState(statePath)?.resources.some((r) => r.pendingDelete)).toBe(false);
});

test("check failures fail the run, naming the resource and the property", async () => {
  const error = await up({ baseSize: "-1" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfflineRunError);
  expect((error as Error).message).toContain("base (pulumi-nodejs:dynamic/fixture:FileObject) has invalid inputs");
  expect((error as Error).message).toContain("size: size must be a whole number of at least 0");
  expect(byName().base).toBeUndefined();
  expect(byName().child).toBeUndefined();
});

test("a program that throws fails the run with its error, and resources it did declare stay in state", async () => {
  const program = () => {
    new FileObject("early", { name: "early" });
    throw new Error("program bug: missing setting");
  };
  const error = await runProgram({ project: "throws", stack: "dev", ...stackOptions(), program }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfflineRunError);
  expect((error as OfflineRunError).errors.map((e) => e.message)).toEqual(["program bug: missing setting"]);
  expect(loadState(statePath)?.resources.find((r) => r.name === "early")?.id).toBe(byName().early.id);
});

test("resources of real (non-dynamic) providers are refused with a clear error", async () => {
  class RandomPet extends pulumi.CustomResource {
    constructor(name: string) {
      super("random:index/randomPet:RandomPet", name, {});
    }
  }
  const program = () => ({ id: new RandomPet("pet").id });
  const error = await runProgram({ project: "mixed", stack: "dev", ...stackOptions(), program }).catch((e: unknown) => e);
  expect((error as Error).message).toContain("pet (random:index/randomPet:RandomPet): only dynamic resources (pulumi-nodejs:dynamic...) can run offline");
});

test("preview checks and diffs only: no write, state untouched", async () => {
  await up();
  const writes = callLog(storeDir);
  const stateBefore = fs.readFileSync(statePath, "utf8");
  const summary = await up({ baseSize: "8", withExtra: "false" }, true);
  expect(summary.operation).toBe("preview");
  expect(opsOf(summary)).toEqual({ base: "update", child: "same", extra: "delete" });
  expect(summary.hostCalls).toMatchObject({ create: 0, update: 0, delete: 0 });
  expect(callLog(storeDir)).toEqual(writes);
  expect(fs.readFileSync(statePath, "utf8")).toBe(stateBefore);
});

test("refresh records drift, drops objects deleted out of band, and the next run repairs both", async () => {
  await up();
  const { base, extra } = byName();
  editObject(storeDir, base.id, { size: 9 });
  removeObject(storeDir, extra.id);
  const refreshed = await refreshStack(stackOptions());
  expect(opsOf(refreshed)).toEqual({ base: "read", child: "read", extra: "delete" });
  expect(rowOf(refreshed, "base")?.changedKeys).toEqual(["size"]);
  expect(rowOf(refreshed, "child")?.changedKeys).toEqual([]);
  const state = loadState(statePath);
  expect(state?.resources.map((r) => r.name)).not.toContain("extra");
  expect(state?.resources.find((r) => r.name === "base")?.outputs.size).toBe(9);

  const repaired = await up();
  expect(opsOf(repaired)).toEqual({ base: "update", child: "same", extra: "create" });
  expect(byName().base.size).toBe(1);
});

test("delete and refresh run the provider text stored in state, not the program's", async () => {
  await up();
  // Stand in for a provider from an older build: same behaviour, plus a mark in the call log.
  const state = JSON.parse(fs.readFileSync(statePath, "utf8")) as { resources: { name: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }[] };
  const mark = (op: string) => `require("fs").appendFileSync(${JSON.stringify(path.join(storeDir, "calls.log"))}, "old provider ${op}\\n"), `;
  for (const record of state.resources.filter((r) => r.name !== "files-dev")) {
    const text = record.outputs.__provider as string;
    const old = text
      .replace("(id, props) => implementation().delete(id, props)", `(id, props) => (${mark("delete")}implementation().delete(id, props))`)
      .replace("(id, props) => implementation().read(id, props)", `(id, props) => (${mark("read")}implementation().read(id, props))`);
    expect(old).not.toBe(text);
    record.outputs.__provider = old;
  }
  fs.writeFileSync(statePath, JSON.stringify(state));

  await refreshStack(stackOptions());
  expect(callLog(storeDir).filter((l) => l === "old provider read")).toHaveLength(3);
  await up({ withExtra: "false" });
  expect(callLog(storeDir)).toContain("old provider delete");
});

test("destroy deletes everything, dependents first", async () => {
  await up();
  const { base, child, extra } = byName();
  const writes = callLog(storeDir);
  const summary = await destroyStack(stackOptions());
  expect(summary.resources.map((r) => [r.name, r.op])).toEqual(expect.arrayContaining([["base", "delete"], ["child", "delete"], ["extra", "delete"]]));
  expect(storedObjects(storeDir)).toEqual({});
  const deletes = callLog(storeDir).slice(writes.length);
  expect(deletes).toHaveLength(3);
  expect(deletes.indexOf(`delete ${child.id}`)).toBeLessThan(deletes.indexOf(`delete ${base.id}`));
  expect(deletes).toContain(`delete ${extra.id}`);
  expect(loadState(statePath)?.resources).toEqual([]);
});

test("a resource read by id is recorded, and later only forgotten", async () => {
  await up();
  const extraId = byName().extra.id;
  const statePath2 = path.join(path.dirname(statePath), "adopt.json");
  const options = { project: "adopt", stack: "dev", ...stackOptions(), statePath: statePath2 };
  const read = await runProgram({ ...options, program: () => ({ seenName: new FileObject("seen", { name: "ignored" }, { id: extraId }).name }) });
  expect(rowOf(read, "seen")).toMatchObject({ op: "read", id: extraId });
  expect(read.outputs.seenName).toBe("extra");
  const dropped = await runProgram({ ...options, program: () => ({}) });
  expect(rowOf(dropped, "seen")).toMatchObject({ op: "delete", detail: "read by id: forgotten, not deleted" });
  expect(byName().extra.id).toBe(extraId);
});

test("a create the provider refuses fails the run with an error naming the resource", async () => {
  const options = { project: "refused", stack: "dev", ...stackOptions(), program: () => ({ id: new FileObject("refused", { name: "nope", simulate: "create-error" }).id }) };
  const error = await runProgram(options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfflineRunError);
  expect((error as Error).message).toContain('refused (pulumi-nodejs:dynamic/fixture:FileObject): ');
  expect((error as Error).message).toContain('refused to create "nope"');
  expect(byName().nope).toBeUndefined();
});

test("an object that failed to initialise stays in state and is updated by the next run", async () => {
  const options = { project: "flaky", stack: "dev", ...stackOptions(), program: () => ({ id: new FileObject("flaky", { name: "flaky", simulate: "init-failure" }).id }) };
  const error = await runProgram(options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfflineRunError);
  expect((error as Error).message).toMatch(/object [0-9a-f]{12} was created but did not initialise/);
  const made = byName().flaky;
  expect(loadState(statePath)?.resources.find((r) => r.name === "flaky")).toMatchObject({ id: made.id, initErrors: ["simulated initialisation failure"] });

  const retried = await runProgram(options);
  expect(rowOf(retried, "flaky")).toMatchObject({ op: "update", id: made.id });
  expect(byName().flaky.revision).toBe(2);
  expect(loadState(statePath)?.resources.find((r) => r.name === "flaky")?.initErrors).toBeUndefined();
});

test("a provider that captured a secret is refused rather than written to state", async () => {
  const captured = pulumi.secret("captured-secret-91d2");
  const leaky: pulumi.dynamic.ResourceProvider = { ...fileStoreProvider, create: async (inputs) => fileStoreProvider.create({ ...inputs, note: await captured.apply((v) => v) }) };
  class LeakyObject extends pulumi.dynamic.Resource {
    constructor(name: string) {
      super(leaky, name, { name }, {}, "fixture", "FileObject");
    }
  }
  const program = () => ({ id: new LeakyObject("leaky").id });
  const error = await runProgram({ project: "leaky", stack: "dev", ...stackOptions(), program }).catch((e: unknown) => e);
  expect((error as Error).message).toContain("leaky (pulumi-nodejs:dynamic/fixture:FileObject): the serialized provider captured a secret");
  expect(byName().leaky).toBeUndefined();
  expect(fs.readFileSync(statePath, "utf8")).not.toContain("captured-secret-91d2");
});

test("the state file never holds a secret in plaintext: secrets are encrypted, with the key in a file beside it", async () => {
  await up();
  await up({ baseSize: "3" });
  const accessKey = byName().base.accessKey;
  const text = fs.readFileSync(statePath, "utf8");
  for (const secret of [TOKEN, NOTE, accessKey]) expect(text).not.toContain(secret);
  const state = loadState(statePath);
  expect(state?.secrets.kind).toBe("key-file");
  const base = state?.resources.find((r) => r.name === "base");
  expect(base?.inputs.note).toEqual({ [SIG_KEY]: SECRET_SIG, ciphertext: expect.stringMatching(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/) });
  expect(isSealed(base?.outputs.accessKey)).toBe(true);
  expect(isSealed(state?.outputs.baseAccessKey)).toBe(true);

  const keyFile = keyFileOf(statePath);
  expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(text).not.toContain(fs.readFileSync(keyFile, "utf8").trim());
  const secrets = StateSecrets.forState(statePath, state!.secrets, undefined);
  expect(secrets.open(base?.outputs.accessKey as SealedValue)).toBe(accessKey);
  expect(secrets.open(base?.inputs.note as SealedValue)).toBe(NOTE);
});

test("a secret output the provider generated survives unchanged runs, for dependents and stack outputs", async () => {
  const seen: string[] = [];
  const program = () => {
    const base = new FileObject("base", { name: "base" });
    new FileObject("child", { name: "child", parentId: base.accessKey.apply((key) => (seen.push(key), "parent")) });
    return { baseAccessKey: base.accessKey };
  };
  const options = { project: "keys", stack: "dev", ...stackOptions(), program };
  const warn = jest.spyOn(console, "warn");
  const first = await runProgram(options);
  const second = await runProgram(options);
  // A lost value would reach the stack as undefined, which the runtime warns about.
  expect(warn.mock.calls.flat().join("\n")).not.toMatch(/Undefined value/);
  warn.mockRestore();
  expect(opsOf(second)).toEqual({ base: "same", child: "same" });
  const accessKey = byName().base.accessKey;
  expect(seen).toEqual([accessKey, accessKey]);
  expect(second.outputs).toEqual(first.outputs);
  expect(second.outputs.baseAccessKey).toBe("[secret]");
  const state = loadState(statePath);
  expect(StateSecrets.forState(statePath, state!.secrets, undefined).open(state?.outputs.baseAccessKey as SealedValue)).toBe(accessKey);
  expect(fs.readFileSync(statePath, "utf8")).not.toContain(accessKey);
});

test("with a passphrase the key is derived from it, and a wrong or missing one stops the run before any step", async () => {
  const withPassphrase = (secretsPassphrase?: string) => runProgram({ program, project: "files", stack: "dev", ...stackOptions(), secretsPassphrase });
  await withPassphrase("correct horse battery staple");
  expect(loadState(statePath)?.secrets).toMatchObject({ kind: "passphrase", salt: expect.any(String) });
  expect(fs.existsSync(keyFileOf(statePath))).toBe(false);
  const writes = callLog(storeDir);

  await expect(withPassphrase("tr0ub4dor&3")).rejects.toThrow(/cannot decrypt the secrets in .*: the passphrase \(PULUMI_CONFIG_PASSPHRASE\) is not the one they were encrypted with/);
  await expect(withPassphrase(undefined)).rejects.toThrow(/encrypted with a passphrase: set PULUMI_CONFIG_PASSPHRASE/);
  process.env.PULUMI_CONFIG_PASSPHRASE = "correct horse battery staple";
  expect(opsOf(await withPassphrase(undefined))).toEqual({ base: "same", child: "same", extra: "same" });
  expect(callLog(storeDir)).toEqual(writes);
});

test("formatSummary renders a table, with secrets masked", async () => {
  const summary = await up();
  const text = formatSummary(summary);
  const { base } = byName();
  expect(text).toMatch(new RegExp(`^\\s+\\+\\s+create\\s+fixture:FileObject\\s+base\\s+${base.id}$`, "m"));
  expect(text).toMatch(/^\s+baseAccessKey\s+\[secret\]$/m);
  expect(text).toContain("Resources: 3 created");
  expect(text).not.toContain(base.accessKey);
  expect(text).not.toContain(NOTE);
});
