/**
 * What is AgentCapacityPolicyUser's own (the membership contract is the inbox's and team's, in
 * their tests): one user per request, no PATCH, one policy per account user, and the `_user`
 * partial's tokens never kept. Upstream:
 * enterprise/app/controllers/api/v1/accounts/agent_capacity_policies/users_controller.rb and
 * spec/enterprise/controllers/api/v1/accounts/agent_capacity_policies/users_controller_spec.rb.
 */
import { resources } from "../../provider";
import { create, destroy, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.AgentCapacityPolicyUser;

describe.each(SHAPES)("AgentCapacityPolicyUser (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const policies = () => `/api/v1/accounts/${ctx.account.id}/agent_capacity_policies`;
  const usersOf = (policyId: number) => `${policies()}/${policyId}/users`;
  async function policy(name: string): Promise<number> {
    const { id } = (await ctx.admin("POST", policies(), { name })).body as { id: number };
    ctx.sb.control.clearLog();
    return id;
  }
  /** The users the sandbox holds to the policy. */
  const heldTo = (policyId: number) =>
    ctx.sb.control
      .snapshot()
      .users.filter((u) => u.memberships.some((m) => m.account_id === ctx.account.id && m.agent_capacity_policy_id === policyId))
      .map((u) => u.id);
  const writes = () => ctx.writes().map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body ?? null)}`);

  it("adds one user per POST, keeps no token of theirs, and a second up sends nothing", async () => {
    const p = await policy("Capacity");
    const state = await create(provider, { policyId: p, userIds: [2, 3] });
    expect(writes()).toEqual([`POST ${usersOf(p)} {"user_id":2}`, `POST ${usersOf(p)} {"user_id":3}`]);
    expect(heldTo(p)).toEqual([2, 3]);
    expect(state.id).toBe(`${ctx.account.id}/${p}`);
    expect(state.outs.userIds).toEqual([2, 3]);
    const agents = state.outs.agents as Record<string, unknown>[];
    expect(agents.map((a) => a.email)).toEqual(["bob@acme.test", "carol@acme.test"]);
    expect(JSON.stringify(state.outs)).not.toMatch(/accessToken|access_token|pubsubToken/);
    for (const token of Object.values(ctx.sb.info.accounts[0] ?? {})) if (typeof token === "string" && token.length > 12) expect(JSON.stringify(state.outs)).not.toContain(token);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { policyId: p, userIds: [3, 2] })).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
  });

  it("exclusive takes the others off one DELETE each (no PATCH exists)", async () => {
    const p = await policy("Capacity");
    await ctx.admin("POST", usersOf(p), { user_id: 3 });
    await ctx.admin("POST", usersOf(p), { user_id: 4 });
    ctx.sb.control.clearLog();
    const state = await create(provider, { policyId: p, userIds: [2], exclusive: true });
    expect(writes()).toEqual([`DELETE ${usersOf(p)}/3 null`, `DELETE ${usersOf(p)}/4 null`, `POST ${usersOf(p)} {"user_id":2}`]);
    expect(heldTo(p)).toEqual([2]);
    expect(state.outs.userIds).toEqual([2]);
  });

  it("one policy per agent: a user moved to another policy reads as drift, the next up moves them back, and delete leaves the other policy's user alone", async () => {
    const a = await policy("A");
    const b = await policy("B");
    const state = await create(provider, { policyId: a, userIds: [2, 3] });
    await ctx.admin("POST", usersOf(b), { user_id: 2 });
    const read = await refresh(provider, state);
    expect(read?.outs.userIds).toEqual([3]);
    const { op, state: next } = await up(provider, read!, { policyId: a, userIds: [2, 3] });
    expect(op).toBe("update");
    expect([heldTo(a), heldTo(b)]).toEqual([[2, 3], []]);
    // Moved away again, user 2 is not taken off policy B by the delete (upstream's DELETE clears whichever policy the user holds).
    await ctx.admin("POST", usersOf(b), { user_id: 2 });
    ctx.sb.control.clearLog();
    await destroy(provider, next);
    expect(writes()).toEqual([`DELETE ${usersOf(a)}/3 null`]);
    expect([heldTo(a), heldTo(b)]).toEqual([[], [2]]);
  });

  it("a user not in the account is a 404 named as such, and nothing stays half-applied; a deleted policy reads as gone", async () => {
    const p = await policy("Capacity");
    await expect(create(provider, { policyId: p, userIds: [2, 5] })).rejects.toThrow(`agent capacity policy ${p} does not exist in account ${ctx.account.id}, or user 5 is not a user of the account; the membership changes made so far were undone`);
    expect(heldTo(p)).toEqual([]);
    const state = await create(provider, { policyId: p, userIds: [2] });
    await ctx.admin("DELETE", `${policies()}/${p}`);
    expect(await refresh(provider, state)).toBeUndefined();
    expect(heldTo(p)).toEqual([]);
  });

  it("on a community server, refresh and delete name the edition and never read the membership as gone", async () => {
    const p = await policy("Capacity");
    const state = await create(provider, { policyId: p, userIds: [2] });
    ctx.sb.control.setEdition("community");
    const edition = /this server has no agent capacity policies: they are a feature of Chatwoot's Enterprise edition/;
    try {
      await expect(refresh(provider, state)).rejects.toThrow(edition);
      await expect(destroy(provider, state)).rejects.toThrow(edition);
      await expect(create(provider, { policyId: p, userIds: [3] })).rejects.toThrow(edition);
    } finally {
      ctx.sb.control.setEdition("enterprise");
    }
    expect(heldTo(p)).toEqual([2]);
  });
});
