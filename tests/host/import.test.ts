/**
 * `pulumi import` of every type through the native plugin: the engine sends an id alone (no
 * properties, no inputs), and the plugin reads the object and answers the inputs that declare it;
 * the engine then checks those inputs and diffs them against what it read, and the import fails
 * unless that diff is empty. Each form of id a type takes is tried (the type's own id, with its
 * account first where it has one).
 */
import type { z } from "zod";
import { resourceType } from "../../provider/registry";
import { stripSecrets, type PropertyMap } from "../harness/wire";
import { useChatwootHost } from "./support/chatwoot-host";
import { declaredRegistrations } from "./support/declared";
import { RESOURCE_CASES } from "./support/resource-cases";

const ctx = useChatwootHost({ frontDoor: "native" });
const declared = new Map<string, PropertyMap>();

beforeAll(async () => {
  for (const [kind, r] of await declaredRegistrations("native")) declared.set(kind, r.inputs);
});

describe.each(RESOURCE_CASES)("$kind", (c) => {
  const urn = `urn:pulumi:stack::project::chatwoot:index:${c.kind}::imported`;

  test("import by id: the inputs it records declare the object as it is (the engine's check and diff find nothing to change)", async () => {
    await c.prepare?.(ctx);
    const deployed = await ctx.steps.create(urn, declared.get(c.kind)!);
    const { lifecycle } = resourceType(c.kind)!;
    const forms = lifecycle.importForms;
    for (const id of importIds(forms, deployed.id, deployed.inputs)) {
      ctx.sb.control.clearLog();
      const imported = await ctx.host.read(urn, id, {});
      expect({ id, answer: imported.id }).toEqual({ id, answer: deployed.id });
      expect(ctx.writes()).toEqual([]);
      const inputs = stripSecrets(imported.inputs ?? {}).value;
      // Every property the type manages that the program declared (and the object shows) is recorded.
      const outputs = stripSecrets(imported.properties).value;
      const expected = lifecycle.importKeys.filter((key) => key in declared.get(c.kind)! && outputs[key] !== null && outputs[key] !== undefined);
      expect(Object.keys(inputs)).toEqual(expect.arrayContaining(expected));
      // A credential the program must give (a user's password) cannot be read: the engine's check
      // names it (Pulumi imports all the same, and says the program must add it). The engine checks
      // the inputs it read against themselves as the old ones (pkg/resource/deploy/step.go, ImportStep).
      const check = await ctx.host.check(urn, imported.inputs ?? {}, imported.inputs ?? {});
      const required = (resourceType(c.kind)!.secretInputs ?? []).filter((key) => !(lifecycle.inputSchema.shape[key] as z.ZodType | undefined)?.safeParse(undefined).success);
      expect(check.failures.map((f) => f.property)).toEqual(required);
      if (required.length > 0) continue;
      const diff = await ctx.host.diff(urn, imported.id, imported.properties, check.inputs);
      expect({ id, diff: diff.changes }).toEqual({ id, diff: "none" });
    }
  });
});

/** The ids of each form for a deployed object (`<id>`, `<accountId>/<id>`, ...). */
function importIds(forms: readonly string[], id: string, inputs: PropertyMap): string[] {
  const last = id.split("/").pop()!;
  return forms.map((form) =>
    form.replace(/<(\w+)>/g, (_m, name: string) => (name === "id" ? last : String(inputs[name] ?? `<${name}>`))),
  );
}
