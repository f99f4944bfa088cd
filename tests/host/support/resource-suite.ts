/**
 * Every resource through one front door, driven over gRPC as the engine drives it: Pulumi's real
 * dynamic-provider host running the provider text the installed SDK serializes for its classes, or
 * the package's native plugin (`pulumi-resource-chatwoot`). The stack config arrives through the
 * Configure RPC the way the engine sends it to each (namespaced keys for the dynamic host, the
 * package's own keys for the plugin; tokens as secrets), the inputs are the ones the SDK registers
 * (secret inputs as secrets where the engine sends them so: to the plugin, which accepts them), and
 * every effect is checked on the sandbox's own state, not only in the replies.
 */
import { resourceType } from "../../../provider/registry";
import { placeOfDotted, placesOf } from "../../harness/check-failures";
import type { FrontDoor } from "../../harness/host";
import { parseUrn } from "../../harness/urn";
import { isWireSecret, stripSecrets, type PropertyMap } from "../../harness/wire";
import { declaredRegistrations } from "./declared";
import { useChatwootHost, withInputs } from "./chatwoot-host";
import { tokenSightings } from "./crossings";
import { RESOURCE_CASES, type ResourceKind } from "./resource-cases";

/** What a front door receives for one resource: its URN, the inputs the engine sends, the provider text (dynamic only). */
interface Declared {
  urn: string;
  /** The inputs as the engine sends them to this front door. */
  inputs: PropertyMap;
  providerText?: string;
}

/** Plain values: the secrets the plugin marks, unwrapped (what is asserted of them is their content). */
const plain = (props: PropertyMap) => stripSecrets(props).value;

/** The suite of resource cases through `door`. */
export function resourceSuite(door: FrontDoor): void {
  const ctx = useChatwootHost({ frontDoor: door });
  const registrations = new Map<ResourceKind, Declared>();
  const secretOutputs: Record<string, readonly string[]> = {};

  beforeAll(async () => {
    for (const [kind, registration] of await declaredRegistrations(door)) {
      // The engine strips secrets for the dynamic host; the plugin accepts them as the SDK sent them.
      const declared = door === "dynamic" ? { urn: registration.urn, inputs: registration.plainInputs, providerText: registration.providerText } : { urn: registration.urn, inputs: registration.inputs };
      registrations.set(kind, declared);
      // The dynamic SDK names its secret outputs to the engine; the plugin marks the registry's itself.
      secretOutputs[parseUrn(declared.urn).type] = door === "dynamic" ? registration.options.additionalSecretOutputs : (resourceType(kind)?.secretOutputs ?? []);
    }
  });

  const snapshot = () => ctx.sb.control.snapshot();
  const withoutProvider = ({ __provider: _provider, ...rest }: PropertyMap) => rest;

  describe.each(RESOURCE_CASES)(`$kind [${door}]`, (c) => {
    const registration = () => registrations.get(c.kind) as Declared;
    /** The inputs as the engine sends them to this front door. */
    const declared = () => registration().inputs;
    /** The provider text the dynamic host puts back in every output; the plugin has none. */
    const providerText = () => (door === "dynamic" ? { __provider: registration().providerText } : {});
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
      const digested = Object.fromEntries((c.digests ?? []).map((key) => {
        // `secretSettings.apiKey`: a digest inside an object of credentials.
        const [top, inner] = key.split(".") as [string, string | undefined];
        const digest = expect.stringMatching(/^scrypt\$/) as unknown;
        return [top, inner === undefined ? digest : { [inner]: digest }];
      }));
      expect(plain(deployed.outputs)).toMatchObject({ ...withoutProvider(plain(deployed.inputs)), ...digested, ...providerText() });
      // The plugin keeps the type's secret outputs secret itself (a program in YAML names none), and
      // no copy of the inputs: the engine sends them back with every read, diff, update and delete.
      if (door === "native") {
        expect(deployed.outputs.__inputs).toBeUndefined();
        for (const key of secretOutputs[parseUrn(registration().urn).type] ?? []) {
          if (deployed.outputs[key] !== undefined && deployed.outputs[key] !== null) expect(isWireSecret(deployed.outputs[key])).toBe(true);
        }
      }
    });

    test("diff: none for the same inputs, some for a change, and the move to another account", async () => {
      const deployed = await create();
      ctx.sb.control.clearLog();
      const unchanged = { changes: "none", replaces: [], stables: [], deleteBeforeReplace: false };
      expect(await ctx.steps.diff(deployed, declared())).toEqual(unchanged);
      if (c.change) expect(await ctx.steps.diff(deployed, withInputs(declared(), c.change.inputs))).toEqual({ ...unchanged, changes: "some", replaces: c.change.replaces ?? [] });
      // An object of the installation has no account to move to.
      if (!c.accountless) expect(await ctx.steps.diff(deployed, withInputs(declared(), { accountId: 2 }))).toEqual({ ...c.move, stables: [] });
      expect(ctx.requests()).toEqual([]);
    });

    // A link of two ids has nothing to change.
    const change = c.change;
    if (change) test("update changes the object in place with one write and replaces the outputs (or the replacement's create does)", async () => {
      const deployed = await create();
      ctx.sb.control.clearLog();
      const changed = withInputs(declared(), change.inputs);
      const updated = change.replaces ? await ctx.steps.create(registration().urn, changed) : await ctx.steps.update(deployed, changed);
      expect(ctx.writes()).toEqual([change.write(deployed)]);
      expect(c.onServer(snapshot(), deployed)).toMatchObject(change.server);
      expect(plain(updated.outputs)).toMatchObject({ ...change.outputs, ...providerText() });
      expect((await ctx.steps.diff(updated, changed)).changes).toBe("none");
    });

    const drift = c.drift;
    if (drift) test("refresh shows a change made by hand, and the next diff wants it undone", async () => {
      const deployed = await create();
      await drift.apply(ctx, deployed);
      const read = await ctx.steps.refresh(deployed);
      expect(read.id).toBe(deployed.id);
      expect(plain(read.properties)).toMatchObject({ ...drift.outputs, ...providerText() });
      expect(await ctx.steps.diff({ ...deployed, outputs: read.properties }, declared())).toMatchObject({ changes: drift.outputsOnly ? "none" : "some", replaces: [] });
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

  test(`nothing that crossed the ${door} host in this file carried a token`, () => {
    // Six tests create per case (a case without an in-place change has no update or drift test),
    // and one more where a change is a replacement (its create).
    const creates = RESOURCE_CASES.reduce((n, c) => n + 4 + (c.change ? 1 : 0) + (c.drift ? 1 : 0) + (c.change?.replaces ? 1 : 0), 0);
    expect(ctx.crossings.filter((x) => x.method === "create")).toHaveLength(creates);
    // A credential input (a Platform user's password) crosses back only in the inputs check returns
    // as the engine sent them (which it marks secret again by key): tokenSightings lets that pass.
    expect(tokenSightings(ctx.crossings, ctx.sb.control.secrets(), secretOutputs, ctx.host.output())).toEqual([]);
  });
}
