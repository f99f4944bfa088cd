/**
 * What is SlaPolicy's own (the shared lifecycle is in collection-resources.test.ts, a missing
 * Enterprise feature in enterprise-features.test.ts): thresholds and the business-hours flag fixed
 * once a policy exists (a change replaces it; adoption refuses a policy holding others), and the
 * policy applied by an automation rule's `add_sla` action, which takes the policy's id.
 */
import { resources } from "../../provider";
import { create, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const policy = resources.SlaPolicy;
const rule = resources.AutomationRule;
const gold = { name: "Gold", firstResponseTimeThreshold: 900, nextResponseTimeThreshold: 3600, resolutionTimeThreshold: 86400 };

describe("SlaPolicy", () => {
  const ctx = useSandbox();
  const rules = () => ctx.sb.control.snapshot().automation_rules;

  // enterprise/app/controllers/api/v1/accounts/sla_policies_controller.rb: "Thresholds and business hours are locked after creation".
  it("replaces the policy, creating the new one first, when a threshold or the business-hours flag changes; renames in place", async () => {
    const state = await create(policy, gold);
    for (const change of [{ nextResponseTimeThreshold: null }, { firstResponseTimeThreshold: 1800 }, { onlyDuringBusinessHours: true }]) {
      const { op, diff } = await up(policy, state, { ...gold, ...change });
      expect([op, diff.replaces, diff.deleteBeforeReplace]).toEqual(["replace", Object.keys(change), false]);
    }
    ctx.sb.control.clearLog();
    expect((await up(policy, state, { ...gold, name: "Gold plan" })).op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ name: "Gold plan" }]);
  });

  it("refuses to adopt a policy whose thresholds differ from the program's, before any write; adopts one that holds them", async () => {
    const made = await create(policy, gold);
    ctx.sb.control.clearLog();
    await expect(create(policy, { ...gold, name: "Gold 2", resolutionTimeThreshold: 172800, adoptId: made.id })).rejects.toThrow(
      `adoptId ${made.id}: it holds resolutionTimeThreshold=86400, and a policy's thresholds and business-hours flag are fixed once it exists`,
    );
    expect(ctx.writes()).toEqual([]);
    expect((await create(policy, { ...gold, name: "Gold 2", adoptId: made.id })).outs).toMatchObject({ name: "Gold 2", resolutionTimeThreshold: 86400 });
  });

  it("is applied by a rule's add_sla action given the policy's id, as text or as a number", async () => {
    const made = await create(policy, gold);
    const declared = { name: "Gold SLA", eventName: "conversation_created", actions: [{ actionName: "add_sla", actionParams: [made.id] }] };
    const state = await create(rule, declared);
    expect(rules()[0]?.actions).toEqual([{ action_name: "add_sla", action_params: [made.id] }]);
    ctx.sb.control.clearLog();
    expect((await up(rule, state, { ...declared, actions: [{ actionName: "add_sla", actionParams: [Number(made.id)] }] })).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
  });

  it("a rule with add_sla refused by a community server says the action is Enterprise's", async () => {
    ctx.sb.control.setEdition("community");
    try {
      const declared = { name: "Gold SLA", eventName: "conversation_created", actions: [{ actionName: "add_sla", actionParams: [1] }] };
      await expect(create(rule, declared)).rejects.toThrow(/422 .*add_sla not supported.*; the add_sla action and the sla_policy_id condition exist only on Chatwoot's Enterprise edition/);
    } finally {
      ctx.sb.control.setEdition("enterprise");
    }
    expect(rules()).toEqual([]);
  });
});
