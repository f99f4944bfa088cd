/**
 * The host harness against Pulumi's real dynamic-provider host, with a fixture provider whose
 * serialized text comes from the SDK itself.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { captureRegistrations } from "../harness/capture";
import { HostError } from "../harness/host-error";
import { startHost, type HostClient } from "../harness/host";
import { serializeProvider } from "../harness/serialize-provider";
import { makeUrn } from "../harness/urn";
import { SECRET_SIG, SIG_KEY, type PropertyMap } from "../harness/wire";
import { callLog, createStoreDir, editObject, removeObject, storedObjects } from "./fixtures/file-store-dir";
import { FileObject, fileStoreProvider } from "./fixtures/file-store";

const repoRoot = path.resolve(__dirname, "../..");
const TOKEN = "fixture-token-5b0e0c1d9a7f44e2";
const TYPE = "pulumi-nodejs:dynamic/fixture:FileObject";
const urn = (name: string) => makeUrn("stack", "project", TYPE, name);

let host: HostClient;
let storeDir: string;
let provider: string;

beforeAll(async () => {
  storeDir = createStoreDir(TOKEN);
  provider = (await serializeProvider(fileStoreProvider)).text;
  host = await startHost({ cwd: repoRoot });
  await host.configure({ "fixture:dir": storeDir, "fixture:token": TOKEN }, ["fixture:token"]);
});

afterAll(async () => {
  await host?.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

/** Checks then creates, as the engine does for a new resource. */
async function createObject(name: string, inputs: PropertyMap) {
  const checked = await host.check(urn(name), {}, { __provider: provider, name, ...inputs });
  expect(checked.failures).toEqual([]);
  const created = await host.create(urn(name), checked.inputs);
  return { inputs: checked.inputs, ...created };
}

describe("provider text", () => {
  test("the SDK's resource class serializes the same shim, with no absolute path and no secret", async () => {
    const [registration] = await captureRegistrations(() => new FileObject("probe", { name: "probe", note: "hello" }));
    expect(registration.type).toBe(TYPE);
    expect(registration.providerText).toBe(provider);
    expect(registration.options.additionalSecretOutputs).toEqual(["accessKey"]);
    expect(provider).not.toContain(repoRoot);
    expect(provider).not.toContain(TOKEN);
  });

  test("captured secret inputs are unwrapped and reported", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const [registration] = await captureRegistrations(() => new FileObject("secretive", { name: "s", note: pulumi.secret("hush") }));
    expect(registration.inputs.note).toEqual({ [SIG_KEY]: SECRET_SIG, value: "hush" });
    expect(registration.plainInputs.note).toBe("hush");
    expect(registration.secretInputKeys).toEqual(["note"]);
  });
});

describe("configure", () => {
  test("answers like the Node.js host: secrets are not accepted, so the engine sends plaintext", async () => {
    const other = await startHost({ cwd: repoRoot });
    try {
      expect(await other.configure({ "fixture:dir": storeDir })).toEqual({ acceptSecrets: false, supportsPreview: false, acceptResources: false });
    } finally {
      await other.close();
    }
  });

  test("a wrong token is rejected without being echoed, and close() ends the host", async () => {
    const wrongToken = "wrong-token-77f1c2aa";
    const other = await startHost({ cwd: repoRoot });
    await other.configure({ "fixture:dir": storeDir, "fixture:token": wrongToken }, ["fixture:token"]);
    const checked = await other.check(urn("rejected"), {}, { __provider: provider, name: "rejected" });
    const error: unknown = await other.create(urn("rejected"), checked.inputs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostError);
    expect((error as HostError).details).toBe("file store: the token was rejected");
    expect(`${(error as HostError).message}${other.output()}`).not.toContain(wrongToken);
    await other.close();
    expect(() => process.kill(other.pid, 0)).toThrow(/ESRCH/);
  });
});

describe("lifecycle", () => {
  test("check failures reach the caller with the property and the reason", async () => {
    const result = await host.check(urn("bad"), {}, { __provider: provider, name: " ", size: -2, kind: "gold" });
    expect(result.failures).toEqual([
      { property: "name", reason: "name is required and must be a non-empty string" },
      { property: "size", reason: "size must be a whole number of at least 0" },
      { property: "kind", reason: "kind must be one of basic, premium" },
    ]);
  });

  test("check fills defaults and keeps __provider", async () => {
    const result = await host.check(urn("defaults"), {}, { __provider: provider, name: "  padded  " });
    expect(result.inputs).toEqual({ __provider: provider, name: "padded", size: 1, kind: "basic" });
  });

  test("create stores the object and returns complete outputs with __provider", async () => {
    const created = await createObject("alpha", { size: 3, tags: ["x"] });
    const stored = storedObjects(storeDir)[created.id];
    expect(stored).toMatchObject({ name: "alpha", size: 3, kind: "basic", tags: ["x"], revision: 1 });
    expect(created.properties).toEqual({ ...created.inputs, accessKey: stored.accessKey, revision: 1 });
  });

  test("diff reports none, some, and replace (with delete-before-replace when the name stays)", async () => {
    const created = await createObject("beta", { size: 1 });
    const olds = created.properties;
    const news = (patch: PropertyMap) => ({ ...created.inputs, ...patch });
    expect(await host.diff(urn("beta"), created.id, olds, news({}))).toEqual({ changes: "none", replaces: [], stables: [], deleteBeforeReplace: false });
    expect(await host.diff(urn("beta"), created.id, olds, news({ size: 5 }))).toEqual({ changes: "some", replaces: [], stables: [], deleteBeforeReplace: false });
    expect(await host.diff(urn("beta"), created.id, olds, news({ kind: "premium" }))).toMatchObject({ changes: "some", replaces: ["kind"], deleteBeforeReplace: true });
    expect(await host.diff(urn("beta"), created.id, olds, news({ kind: "premium", name: "beta2" }))).toMatchObject({ replaces: ["kind"], deleteBeforeReplace: false });
  });

  test("update changes the object in place and replaces all outputs", async () => {
    const created = await createObject("gamma", { size: 1 });
    const news = { ...created.inputs, size: 7 };
    const updated = await host.update(urn("gamma"), created.id, created.properties, news, { oldInputs: created.inputs });
    expect(storedObjects(storeDir)[created.id]).toMatchObject({ size: 7, revision: 2 });
    expect(updated.properties).toMatchObject({ __provider: provider, size: 7, revision: 2, accessKey: created.properties.accessKey });
  });

  test("read returns out-of-band changes, and an empty id once the object is gone", async () => {
    const created = await createObject("delta", { size: 2 });
    editObject(storeDir, created.id, { size: 9 });
    const drifted = await host.read(urn("delta"), created.id, created.properties, created.inputs);
    expect(drifted.id).toBe(created.id);
    expect(drifted.properties).toMatchObject({ size: 9, __provider: provider });
    expect(drifted.inputs).toMatchObject({ size: 9, name: "delta" });
    removeObject(storeDir, created.id);
    expect((await host.read(urn("delta"), created.id, created.properties)).id).toBe("");
  });

  test("delete removes the object", async () => {
    const created = await createObject("epsilon", {});
    await host.delete(urn("epsilon"), created.id, created.properties, { oldInputs: created.inputs });
    expect(storedObjects(storeDir)[created.id]).toBeUndefined();
    expect(callLog(storeDir)).toContain(`delete ${created.id}`);
  });

  test("a create error arrives as gRPC UNKNOWN with the provider's message", async () => {
    const checked = await host.check(urn("zeta"), {}, { __provider: provider, name: "zeta", simulate: "create-error" });
    const error = (await host.create(urn("zeta"), checked.inputs).catch((e: unknown) => e)) as HostError;
    expect(error).toBeInstanceOf(HostError);
    expect([error.code, error.codeName, error.details]).toEqual([2, "UNKNOWN", 'file store: refused to create "zeta"']);
    expect(error.initFailure).toBeUndefined();
  });

  test("an initialisation failure is decoded with the id, properties and reasons", async () => {
    const checked = await host.check(urn("eta"), {}, { __provider: provider, name: "eta", simulate: "init-failure" });
    const error = (await host.create(urn("eta"), checked.inputs).catch((e: unknown) => e)) as HostError;
    expect(error).toBeInstanceOf(HostError);
    const stored = Object.values(storedObjects(storeDir)).find((o) => o.name === "eta");
    expect(stored).toBeDefined();
    expect(error.initFailure).toEqual({
      id: stored?.id,
      properties: { ...checked.inputs, accessKey: stored?.accessKey, revision: 1 },
      reasons: ["simulated initialisation failure"],
    });
  });

  test("the host's output is captured and never contains the token", async () => {
    await createObject("theta", {});
    expect(host.stdout()).toMatch(/file store: created object [0-9a-f]{12}/);
    expect(host.output()).not.toContain(TOKEN);
  });

  test("counts each RPC", () => {
    const counts = host.callCounts();
    expect(counts.configure).toBe(1);
    expect(counts.create).toBeGreaterThanOrEqual(7);
  });
});
