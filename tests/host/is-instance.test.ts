/**
 * `X.isInstance` on real resources of the built package, made by either of two copies of it in one
 * process (the installed package and this checkout's own `dist/`, as a program that depends on two
 * versions holds them): each copy's `isInstance` recognizes the other's, where `instanceof` does
 * not. Resources are built under a recording monitor (the SDK serializes their providers).
 */
import { captureReads } from "../harness/capture";
import { checkoutSdk, installedSdk } from "./support/packages";

test("isInstance recognizes a resource of either copy of the package, of its own type only", async () => {
  const installed = installedSdk();
  const checkout = checkoutSdk();
  const made: Record<string, unknown> = {};
  await captureReads(() => {
    made.label = new checkout.Label("vip", { title: "vip" });
    made.team = new installed.Team("support", { name: "support" });
    made.existing = installed.Label.get("existing", "12");
  });
  expect(made.label instanceof installed.Label).toBe(false);
  expect([installed.Label.isInstance(made.label), checkout.Label.isInstance(made.label)]).toEqual([true, true]);
  expect([installed.Label.isInstance(made.existing), checkout.Label.isInstance(made.existing)]).toEqual([true, true]);
  expect([installed.Team.isInstance(made.team), checkout.Team.isInstance(made.team)]).toEqual([true, true]);
  expect([installed.Team.isInstance(made.label), checkout.Label.isInstance(made.team)]).toEqual([false, false]);
});
