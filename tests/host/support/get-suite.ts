/**
 * `X.get` of every type through one front door, Pulumi's real dynamic-provider host or the native
 * plugin: what the installed SDK hands the engine for `X.get(name, id)` (the id, and props holding
 * the mark of a get and the state given, and on the dynamic door the serialized shim: no inputs or
 * outputs of ours) reaches the provider's `read`, which finds the object by its id alone, as an
 * import does. It answers the object as the server holds it, with no write; the engine is told to
 * keep the type's secret outputs secret; the account may be given in the state; and the read's
 * answer serves a later refresh as any state does.
 */
import { captureReads, type CapturedRead } from "../../harness/capture";
import type { FrontDoor } from "../../harness/host";
import { stripSecrets, type PropertyMap } from "../../harness/wire";
import { RESOURCE_OUTPUTS } from "../../../sdk/resource-outputs";
import { useChatwootHost } from "./chatwoot-host";
import { declaredRegistrations, ON_PLUGIN } from "./declared";
import { installedSdk } from "./packages";
import { RESOURCE_CASES, tokenOn, type ResourceKind } from "./resource-cases";

/** The suite of `X.get` through `door`. */
export function getSuite(door: FrontDoor): void {
  const ctx = useChatwootHost({ frontDoor: door });
  const declared = new Map<ResourceKind, { urn: string; inputs: PropertyMap }>();
  // The engine strips secrets for the dynamic host; the plugin accepts them as the SDK sent them.
  const sent = (r: { inputs: PropertyMap; plainInputs: PropertyMap }) => (door === "dynamic" ? r.plainInputs : r.inputs);

  beforeAll(async () => {
    for (const [kind, r] of await declaredRegistrations(door)) declared.set(kind, { urn: r.urn, inputs: sent(r) });
  });

  /** What `sdk[kind].get("existing", id, state)` hands the engine. */
  async function getOf(kind: ResourceKind, id: string, state?: Record<string, unknown>): Promise<CapturedRead> {
    const sdk = installedSdk();
    const reads = await captureReads(() => (sdk[kind] as unknown as { get(name: string, id: string, state?: unknown): unknown }).get("existing", id, state), { config: door === "native" ? ON_PLUGIN : {} });
    expect(reads.map((r) => [r.type, r.id])).toEqual([[tokenOn(door, kind), id]]);
    return reads[0]!;
  }

  /**
   * Outputs that follow what the program declared, which a get declares none of: an inbox's refresh
   * shows the working hours of the declared days (a get, the whole week), and its `deleteOnDestroy`
   * switch as given (a get, none).
   */
  const DECLARED_SCOPE: Partial<Record<ResourceKind, string[]>> = { Inbox: ["workingHours", "deleteOnDestroy"] };

  /** The class's outputs in a read's answer, plain (`leftOut`: digests of credentials, which a read cannot know, and the like). */
  function outputsIn(kind: ResourceKind, props: PropertyMap, leftOut: readonly string[] = []): PropertyMap {
    const plain = stripSecrets(props).value;
    return Object.fromEntries(RESOURCE_OUTPUTS[kind].outputs.filter((key) => !leftOut.includes(key)).map((key) => [key, plain[key] ?? null]));
  }

  describe.each(RESOURCE_CASES)(`$kind [${door}]`, (c) => {
    test("get reads the object by its id, as the server holds it, with no write; the state may name the account", async () => {
      await c.prepare?.(ctx);
      const { urn, inputs } = declared.get(c.kind)!;
      const deployed = await ctx.steps.create(urn, inputs);
      // The object as the server holds it: what a refresh of the created resource reads.
      const leftOut = [...(c.digests ?? []).map((key) => key.split(".")[0]!), ...(DECLARED_SCOPE[c.kind] ?? [])];
      const expected = outputsIn(c.kind, (await ctx.steps.refresh(deployed)).properties, leftOut);

      const states: (Record<string, unknown> | undefined)[] = [undefined, ...(c.accountless ? [] : [{ accountId: ctx.account.id }])];
      for (const state of states) {
        const get = await getOf(c.kind, deployed.id, state);
        expect(get.additionalSecretOutputs).toEqual([...RESOURCE_OUTPUTS[c.kind].secretOutputs]);
        ctx.sb.control.clearLog();
        const read = await ctx.host.read(get.urn, deployed.id, sent(get));
        expect({ state, id: read.id }).toEqual({ state, id: deployed.id });
        expect(outputsIn(c.kind, read.properties, leftOut)).toEqual(expected);
        expect(ctx.writes()).toEqual([]);

        // A refresh of what the read left reads it the usual way.
        const refreshed = await ctx.host.read(get.urn, read.id, read.properties, read.inputs);
        expect(outputsIn(c.kind, refreshed.properties, leftOut)).toEqual(expected);
      }
    });
  });

  test("a get of an id that names nothing fails, naming the type and the id", async () => {
    const get = await getOf("Label", "424242");
    await expect(ctx.host.read(get.urn, "424242", sent(get))).rejects.toThrow(/Label "424242" was not found/);
  });
}
