/**
 * `X.isInstance` recognizes a resource by the type token Pulumi's `Resource` constructor stores on
 * it (`__pulumiType`), as Pulumi's generated SDKs do, not by `instanceof`: a resource made by
 * another copy of the package (two versions in one program) is an `X` too, and so is one on either
 * front door (a dynamic resource, or the plugin's). Real resources, and one of each of two copies
 * of the package, are tried in tests/host/is-instance.test.ts and through the CLI in
 * tests/program/get-existing.test.ts; here, the values it must tell apart.
 */
import * as sdk from "../../../sdk";
import { RESOURCE_OUTPUTS } from "../../../sdk/resource-outputs";

const kinds = Object.keys(RESOURCE_OUTPUTS) as (keyof typeof RESOURCE_OUTPUTS)[];
/** What Pulumi stores on a resource of this package's type `kind`, on each front door. */
const doors = {
  dynamic: (kind: string) => ({ __pulumiType: `pulumi-nodejs:dynamic/chatwoot:${kind}` }),
  plugin: (kind: string) => ({ __pulumiType: `chatwoot:index:${kind}` }),
};

describe.each(Object.entries(doors))("on the %s door", (_door, resourceOf) => {
  test.each(kinds)("%s.isInstance holds for its own type's resources only", (kind) => {
    expect(sdk[kind].isInstance(resourceOf(kind))).toBe(true);
    const others = kinds.filter((k) => k !== kind);
    expect(others.filter((other) => sdk[kind].isInstance(resourceOf(other)))).toEqual([]);
  });
});

test("isInstance refuses values that are no resource of the package, without throwing", () => {
  const values: unknown[] = [
    undefined, null, 0, "Label", "pulumi-nodejs:dynamic/chatwoot:Label", "chatwoot:index:Label", {}, [], () => undefined,
    { __pulumiType: "pulumi-nodejs:dynamic/other:Label" }, { __pulumiType: "other:index:Label" }, { __pulumiType: "chatwoot:other:Label" }, { __pulumiType: "pulumi:providers:chatwoot" },
  ];
  expect(values.filter((value) => sdk.Label.isInstance(value))).toEqual([]);
});

test("Provider.isInstance holds for the plugin's providers only", () => {
  const values: unknown[] = [{ __pulumiType: "pulumi:providers:chatwoot" }, { __pulumiType: "pulumi:providers:other" }, { __pulumiType: "chatwoot:index:Label" }, null, "pulumi:providers:chatwoot"];
  expect(values.filter((value) => sdk.Provider.isInstance(value))).toEqual([{ __pulumiType: "pulumi:providers:chatwoot" }]);
});
