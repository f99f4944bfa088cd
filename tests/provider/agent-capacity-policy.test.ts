/**
 * What is AgentCapacityPolicy's own (the shared lifecycle is in collection-resources.test.ts): an
 * Enterprise edition feature that no account flag gates, so a community server's 404 is named as
 * the edition and never read as "gone", while every 401 keeps the role's advice; and a name that
 * Chatwoot lets several policies share, which adoption refuses to guess between.
 */
import { resources } from "../../provider";
import { forgetRunListings } from "../../provider/lifecycle/run-listing";
import { create, destroy, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const policy = resources.AgentCapacityPolicy;
const vip = { name: "VIP capacity", exclusionRules: { excludedLabels: ["vip"] } };
const edition = /: 404 Not Found; this server has no agent capacity policies: they are a feature of Chatwoot's Enterprise edition/;

describe("AgentCapacityPolicy", () => {
  const ctx = useSandbox();
  const policies = () => ctx.sb.control.snapshot().agent_capacity_policies;
  const path = () => `/api/v1/accounts/${ctx.account.id}/agent_capacity_policies`;

  it("on a community server, every step names the edition, before any write, and never drops the object", async () => {
    const state = await create(policy, vip);
    ctx.sb.control.clearLog();
    ctx.sb.control.setEdition("community");
    // What follows is a later run, against the server as it is now: no listing kept from the create.
    forgetRunListings();
    try {
      await expect(create(policy, { ...vip, name: "Other" })).rejects.toThrow(edition);
      await expect(refresh(policy, state)).rejects.toThrow(edition);
      await expect(destroy(policy, state)).rejects.toThrow(edition);
      await expect(up(policy, state, { ...vip, name: "Renamed" })).rejects.toThrow(edition);
      expect(ctx.writes().filter((w) => w.method === "POST")).toEqual([]);
    } finally {
      ctx.sb.control.setEdition("enterprise");
    }
    expect(policies().map((p) => String(p.id))).toEqual([state.id]);
  });

  it("an agent's token keeps the role failure's own advice: no flag is blamed", async () => {
    const agentToken = ctx.account.agentToken ?? "";
    ctx.connect({ apiAccessToken: agentToken });
    const err = await create(policy, vip)
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      )
      .finally(() => ctx.connect());
    expect(err?.message).toMatch(/401 You are not authorized to do this action; this needs an administrator of the account/);
    expect(err?.message).not.toContain("feature");
    expect(err?.message).not.toContain(agentToken);
  });

  it("adopts the one policy with the name, and refuses a name two policies share, naming both, before any write", async () => {
    const first = (await ctx.admin("POST", path(), { name: "VIP capacity" })).body as { id: number };
    const adopted = await create(policy, { ...vip, adopt: true });
    expect(adopted.id).toBe(String(first.id));
    expect(policies()[0]?.exclusion_rules).toEqual({ excluded_labels: ["vip"] });

    const second = (await ctx.admin("POST", path(), { name: "VIP capacity" })).body as { id: number };
    ctx.sb.control.clearLog();
    await expect(create(policy, { ...vip, adopt: true })).rejects.toThrow(
      `adopt: name "VIP capacity" names 2 objects (agent capacity policy ${first.id}, ${second.id}), which the server does not keep unique`,
    );
    expect(ctx.writes()).toEqual([]);
  });

  it("reads back an exclusion rule removed out of band as drift, and sets the rules whole again", async () => {
    const state = await create(policy, { ...vip, exclusionRules: { excludedLabels: ["vip"], excludeOlderThanHours: 48 } });
    await ctx.admin("PATCH", `${path()}/${state.id}`, { exclusion_rules: { excluded_labels: ["vip"] } });
    const read = await refresh(policy, state);
    expect(read?.outs.exclusionRules).toEqual({ excludedLabels: ["vip"] });
    ctx.sb.control.clearLog();
    const { op } = await up(policy, read!, { ...vip, exclusionRules: { excludedLabels: ["vip"], excludeOlderThanHours: 48 } });
    expect(op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ exclusion_rules: { excluded_labels: ["vip"], exclude_older_than_hours: 48 } }]);
  });
});
