/**
 * What is SlaPolicy's own (the shared lifecycle is in collection-resources.test.ts, a missing
 * Enterprise feature in enterprise-features.test.ts): thresholds cleared with null, and the
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

  it("clears a threshold with null, in one PATCH, and keeps the others", async () => {
    const state = await create(policy, gold);
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(policy, state, { ...gold, nextResponseTimeThreshold: null });
    expect(op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ next_response_time_threshold: null }]);
    expect(next.outs).toMatchObject({ firstResponseTimeThreshold: 900, nextResponseTimeThreshold: null, resolutionTimeThreshold: 86400 });
    expect(ctx.sb.control.snapshot().sla_policies[0]).toMatchObject({ next_response_time_threshold: null });
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
