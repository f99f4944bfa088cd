/**
 * What a run's summary says about pulumi-chatwoot resources: an object taken over is "adopted", not
 * "created", and an update lists the properties the provider's diff found changed, not raw
 * differences it normalizes away (a portal's custom domain is stored without its scheme).
 */
import { formatSummary, refreshStack, type RunSummary } from "../harness/offline-runner";
import { chatwoot, useSdkStack } from "./support/sdk-stack";

const stack = useSdkStack();

/** The README's portal, with a custom domain given with its scheme. */
const helpCenter = (color: string, adopt = false) => () => {
  const help = new chatwoot.Portal("help", { name: "Acme Help", slug: "acme-help", color, customDomain: "https://help.acme.test", adopt });
  return { slug: help.slug };
};
const rowOf = (summary: RunSummary, name: string) => summary.resources.find((r) => r.name === name);
const portals = () => `/api/v1/accounts/${stack.account.id}/portals`;

test("a portal taken over with adopt: true is counted as adopted, and later runs see it as unchanged", async () => {
  const made = await stack.admin("POST", portals(), { portal: { name: "Made by hand", slug: "acme-help", color: "#1f93ff" } });
  expect(made.status).toBe(200);
  const first = await stack.up(helpCenter("#1f93ff", true));
  expect(rowOf(first, "help")).toMatchObject({ op: "adopt", id: String(((await made.json()) as { id: number }).id) });
  expect(formatSummary(first)).toMatch(/^\s+=\s+adopt\s+chatwoot:Portal\s+help\s/m);
  expect(formatSummary(first)).toContain("Resources: 1 adopted");
  expect(rowOf(await stack.up(helpCenter("#1f93ff", true)), "help")?.op).toBe("same");
});

test("a portal the program creates is counted as created, adopt: true or not", async () => {
  const first = await stack.up(helpCenter("#1f93ff", true));
  expect(rowOf(first, "help")?.op).toBe("create");
  expect(formatSummary(first)).toContain("Resources: 1 created");
});

test("an update lists only the property that changed, not the custom domain the server stores without its scheme", async () => {
  await stack.up(helpCenter("#1f93ff"));
  const summary = await stack.up(helpCenter("#000000"));
  expect(rowOf(summary, "help")).toMatchObject({ op: "update", changedKeys: ["color"] });
});

test("repairing drift found by refresh lists only the drifted property", async () => {
  await stack.up(helpCenter("#1f93ff"));
  expect((await stack.admin("PATCH", `${portals()}/acme-help`, { portal: { color: "#ff0000" } })).status).toBe(200);
  const refreshed = await refreshStack(stack.options());
  expect(rowOf(refreshed, "help")?.changedKeys).toContain("color");
  const repaired = await stack.up(helpCenter("#1f93ff"));
  expect(rowOf(repaired, "help")).toMatchObject({ op: "update", changedKeys: ["color"] });
});
