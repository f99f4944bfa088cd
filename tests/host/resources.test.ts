/**
 * Every resource through Pulumi's real dynamic-provider host: the provider text is the one the
 * installed SDK serializes for its classes, the stack config arrives through the Configure RPC the
 * way the engine sends it (namespaced keys, tokens as secrets), and every effect is checked on the
 * sandbox's own state, not only in the replies.
 */
import { captureRegistrations, type CapturedRegistration } from "../harness/capture";
import { placeOfDotted, placesOf } from "../harness/check-failures";
import { parseUrn } from "../harness/urn";
import type { PropertyMap } from "../harness/wire";
import { useChatwootHost, withInputs } from "./support/chatwoot-host";
import { tokenSightings } from "./support/crossings";
import { installedSdk } from "./support/packages";
import { RESOURCE_CASES, typeToken, type ResourceKind } from "./support/resource-cases";

const ctx = useChatwootHost();
const registrations = new Map<ResourceKind, CapturedRegistration>();

beforeAll(async () => {
  const sdk = installedSdk();
  const captured = await captureRegistrations(() => RESOURCE_CASES.forEach((c) => c.declare(sdk, `my-${c.kind}`)));
  for (const c of RESOURCE_CASES) {
    const registration = captured.find((r) => r.type === typeToken(c.kind));
    if (!registration) throw new Error(`the SDK registered no ${typeToken(c.kind)}`);
    registrations.set(c.kind, registration);
  }
});

const snapshot = () => ctx.sb.control.snapshot();
const withoutProvider = ({ __provider: _provider, ...rest }: PropertyMap) => rest;

describe.each(RESOURCE_CASES)("$kind", (c) => {
  const registration = () => registrations.get(c.kind) as CapturedRegistration;
  /** The inputs as the SDK registered them (secrets unwrapped, `__provider` included). */
  const declared = () => registration().plainInputs;
  const create = async () => {
    await c.prepare?.(ctx);
    ctx.sb.control.clearLog();
    return ctx.steps.create(registration().urn, declared());
  };

  test("check reports each bad input by property, before any request", async () => {
    const result = await ctx.host.check(registration().urn, {}, withInputs(declared(), c.bad.inputs));
    expect(placesOf(result.failures)).toEqual(expect.arrayContaining(c.bad.properties.map(placeOfDotted)));
    for (const failure of result.failures) expect(failure.reason.length).toBeGreaterThan(5);
    expect(ctx.requests()).toEqual([]);
  });

  test("create makes the object with one write and returns complete outputs", async () => {
    const deployed = await create();
    expect(ctx.writes()).toHaveLength(1);
    expect(c.onServer(snapshot(), deployed)).toMatchObject(c.created);
    // From chatwoot:accountId; an object of the installation has none.
    expect(deployed.inputs.accountId).toBe(c.accountless ? undefined : ctx.account.id);
    // A credential's output is a digest of it, never the value.
    const digested = Object.fromEntries((c.digests ?? []).map((key) => [key, expect.stringMatching(/^scrypt\$/)]));
    expect(deployed.outputs).toMatchObject({ ...withoutProvider(deployed.inputs), ...digested, __provider: registration().providerText });
  });

  test("diff: none for the same inputs, some for a change, and the move to another account", async () => {
    const deployed = await create();
    ctx.sb.control.clearLog();
    const unchanged = { changes: "none", replaces: [], stables: [], deleteBeforeReplace: false };
    expect(await ctx.steps.diff(deployed, declared())).toEqual(unchanged);
    expect(await ctx.steps.diff(deployed, withInputs(declared(), c.change.inputs))).toEqual({ ...unchanged, changes: "some" });
    // An object of the installation has no account to move to.
    if (!c.accountless) expect(await ctx.steps.diff(deployed, withInputs(declared(), { accountId: 2 }))).toEqual({ ...c.move, stables: [] });
    expect(ctx.requests()).toEqual([]);
  });

  test("update changes the object in place with one write and replaces the outputs", async () => {
    const deployed = await create();
    ctx.sb.control.clearLog();
    const changed = withInputs(declared(), c.change.inputs);
    const updated = await ctx.steps.update(deployed, changed);
    expect(ctx.writes()).toEqual([c.change.write(deployed)]);
    expect(c.onServer(snapshot(), deployed)).toMatchObject(c.change.server);
    expect(updated.outputs).toMatchObject({ ...c.change.outputs, __provider: registration().providerText });
    expect((await ctx.steps.diff(updated, changed)).changes).toBe("none");
  });

  test("refresh shows a change made by hand, and the next diff wants it undone", async () => {
    const deployed = await create();
    await c.drift.apply(ctx, deployed);
    const read = await ctx.steps.refresh(deployed);
    expect(read.id).toBe(deployed.id);
    expect(read.properties).toMatchObject({ ...c.drift.outputs, __provider: registration().providerText });
    expect(await ctx.steps.diff({ ...deployed, outputs: read.properties }, declared())).toMatchObject({ changes: "some", replaces: [] });
  });

  test("refresh reports an object deleted by hand as gone with an empty id, and delete still succeeds", async () => {
    const gone = await c.removeByHand(ctx, await create());
    expect((await ctx.steps.refresh(gone)).id).toBe("");
    await expect(ctx.steps.destroy(gone)).resolves.toBeUndefined();
  });

  test("delete removes the object", async () => {
    const deployed = await create();
    await ctx.steps.destroy(deployed);
    expect(c.onServer(snapshot(), deployed)).toEqual(c.deleted);
  });
});

test("nothing that crossed the host in this file carried a token", () => {
  const secretOutputs = Object.fromEntries([...registrations.values()].map((r) => [parseUrn(r.urn).type, r.options.additionalSecretOutputs]));
  expect(ctx.crossings.filter((x) => x.method === "create")).toHaveLength(RESOURCE_CASES.length * 6);
  // A credential input (a Platform user's password) crosses back only in the inputs check returns
  // as the engine sent them (which it marks secret again by key): tokenSightings lets that pass.
  expect(tokenSightings(ctx.crossings, ctx.sb.control.secrets(), secretOutputs, ctx.host.output())).toEqual([]);
});
