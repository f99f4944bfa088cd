/**
 * What is AgentCapacityPolicyInboxLimit's own: one inbox's limit in a capacity policy, read through
 * the policy (which lists its limits: there is no show route), made with a POST, changed with one
 * PATCH of the row, deleted with a 204. Upstream:
 * enterprise/app/controllers/api/v1/accounts/agent_capacity_policies/inbox_limits_controller.rb and
 * spec/enterprise/controllers/api/v1/accounts/agent_capacity_policies/inbox_limits_controller_spec.rb.
 */
import { resources } from "../../provider";
import { create, destroy, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.AgentCapacityPolicyInboxLimit;

describe.each(SHAPES)("AgentCapacityPolicyInboxLimit (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const policies = () => `/api/v1/accounts/${ctx.account.id}/agent_capacity_policies`;
  const limitsOf = (policyId: number) => `${policies()}/${policyId}/inbox_limits`;
  const rows = () => ctx.sb.control.snapshot().inbox_capacity_limits;
  async function policy(name: string): Promise<number> {
    const { id } = (await ctx.admin("POST", policies(), { name })).body as { id: number };
    ctx.sb.control.clearLog();
    return id;
  }
  const writes = () => ctx.writes().map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body ?? null)}`);

  it("creates with a read of the policy and one POST; a second up sends nothing; a change is one PATCH of the row", async () => {
    const p = await policy("Capacity");
    const state = await create(provider, { policyId: p, inboxId: 1, conversationLimit: 5 });
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${policies()}/${p}`, `POST ${limitsOf(p)}`]);
    expect(writes()).toEqual([`POST ${limitsOf(p)} {"inbox_id":1,"conversation_limit":5}`]);
    const row = rows()[0]!;
    expect(state.id).toBe(String(row.id));
    expect(state.outs).toMatchObject({ accountId: ctx.account.id, policyId: p, inboxId: 1, conversationLimit: 5, limitId: row.id });
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { policyId: p, inboxId: 1, conversationLimit: 5 })).op).toBe("same");
    const { op, state: next } = await up(provider, state, { policyId: p, inboxId: 1, conversationLimit: 9 });
    expect(op).toBe("update");
    expect(writes()).toEqual([`PATCH ${limitsOf(p)}/${row.id} {"conversation_limit":9}`]);
    expect(next.outs).toMatchObject({ conversationLimit: 9 });
    expect((await up(provider, next, { policyId: p, inboxId: 2, conversationLimit: 9 })).op).toBe("replace");
  });

  it("refresh shows a limit changed by hand, and reads the limit as gone once its policy or its inbox is deleted", async () => {
    const p = await policy("Capacity");
    const state = await create(provider, { policyId: p, inboxId: 1, conversationLimit: 5 });
    await ctx.admin("PATCH", `${limitsOf(p)}/${String(state.outs.limitId)}`, { conversation_limit: 12 });
    expect((await refresh(provider, state))?.outs).toMatchObject({ conversationLimit: 12 });
    const other = await create(provider, { policyId: p, inboxId: 2, conversationLimit: 3 });
    expect((await ctx.admin("DELETE", `/api/v1/accounts/${ctx.account.id}/inboxes/2`)).status).toBe(200);
    expect(await refresh(provider, other)).toBeUndefined();
    await ctx.admin("DELETE", `${policies()}/${p}`);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("refuses an inbox the policy has a limit for, unless adopt takes it over with one PATCH", async () => {
    const p = await policy("Capacity");
    await ctx.admin("POST", limitsOf(p), { inbox_id: 1, conversation_limit: 4 });
    ctx.sb.control.clearLog();
    await expect(create(provider, { policyId: p, inboxId: 1, conversationLimit: 6 })).rejects.toThrow(
      `policy ${p} already has a limit for inbox 1 (4 conversations); set adopt: true to manage it`,
    );
    expect(ctx.writes()).toEqual([]);
    const adopted = await create(provider, { policyId: p, inboxId: 1, conversationLimit: 6, adopt: true });
    expect(writes()).toEqual([`PATCH ${limitsOf(p)}/${rows()[0]!.id} {"conversation_limit":6}`]);
    expect(adopted.outs).toMatchObject({ conversationLimit: 6, adopted: true });
  });

  it("a policy or an inbox that is not in the account is named; deleting answers 204 and removes the row", async () => {
    const p = await policy("Capacity");
    await expect(create(provider, { policyId: 99, inboxId: 1, conversationLimit: 5 })).rejects.toThrow(`policy 99 or inbox 1 is not in account ${ctx.account.id}`);
    await expect(create(provider, { policyId: p, inboxId: 4, conversationLimit: 5 })).rejects.toThrow(`policy ${p} or inbox 4 is not in account ${ctx.account.id}`);
    const state = await create(provider, { policyId: p, inboxId: 1, conversationLimit: 5 });
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([`DELETE ${limitsOf(p)}/${String(state.outs.limitId)} 204`]);
    expect(rows()).toEqual([]);
  });

  it("on a community server, every step names the edition and never reads the limit as gone", async () => {
    const p = await policy("Capacity");
    const state = await create(provider, { policyId: p, inboxId: 1, conversationLimit: 5 });
    ctx.sb.control.setEdition("community");
    const edition = /this server has no agent capacity policies: they are a feature of Chatwoot's Enterprise edition/;
    try {
      await expect(refresh(provider, state)).rejects.toThrow(edition);
      await expect(destroy(provider, state)).rejects.toThrow(edition);
      await expect(up(provider, state, { policyId: p, inboxId: 1, conversationLimit: 7 })).rejects.toThrow(edition);
      await expect(create(provider, { policyId: p, inboxId: 2, conversationLimit: 5 })).rejects.toThrow(edition);
    } finally {
      ctx.sb.control.setEdition("enterprise");
    }
    expect(rows()).toHaveLength(1);
  });
});
