/**
 * What is InboxAssignmentPolicy's own: an inbox's one link to an assignment policy, read at
 * `/inboxes/{id}/assignment_policy` (404: none), written by a POST that replaces the link. Upstream:
 * app/controllers/api/v1/accounts/inboxes/assignment_policies_controller.rb and its request spec.
 */
import { resources } from "../../provider";
import { check, CheckFailed, create, destroy, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.InboxAssignmentPolicy;

// Seed (sdk/sandbox/seed.ts): account 1 has inboxes 1–3; inbox 4 is account 2's. Policies start
// empty: each test makes its own.
describe.each(SHAPES)("InboxAssignmentPolicy (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const policies = () => `/api/v1/accounts/${ctx.account.id}/assignment_policies`;
  const linkOf = (inboxId: number) => `/api/v1/accounts/${ctx.account.id}/inboxes/${inboxId}/assignment_policy`;
  /** Makes a policy by hand; returns its id. */
  async function policy(name: string): Promise<number> {
    const { id } = (await ctx.admin("POST", policies(), { name })).body as { id: number };
    ctx.sb.control.clearLog();
    return id;
  }
  /** The policy the sandbox links the inbox to. */
  const linked = (inboxId: number) => ctx.sb.control.snapshot().assignment_policies.find((p) => p.inbox_ids.includes(inboxId))?.id;
  const writes = () => ctx.writes().map((w) => ({ method: w.method, path: w.path, body: w.body }));

  it("creates with a read and one POST, then a second up sends nothing", async () => {
    const a = await policy("A");
    const state = await create(provider, { inboxId: 1, assignmentPolicyId: a });
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${linkOf(1)}`, `POST ${linkOf(1)}`]);
    expect(writes()).toEqual([{ method: "POST", path: linkOf(1), body: { assignment_policy_id: a } }]);
    expect(state.id).toBe(`${ctx.account.id}/1`);
    expect(state.outs).toMatchObject({ accountId: ctx.account.id, inboxId: 1, assignmentPolicyId: a });
    expect(linked(1)).toBe(a);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { inboxId: 1, assignmentPolicyId: a })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("links another policy in place with one POST; another inbox replaces the link", async () => {
    const [a, b] = [await policy("A"), await policy("B")];
    const state = await create(provider, { inboxId: 1, assignmentPolicyId: a });
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { inboxId: 1, assignmentPolicyId: String(b) });
    expect(op).toBe("update");
    expect(writes()).toEqual([{ method: "POST", path: linkOf(1), body: { assignment_policy_id: b } }]);
    expect(next.outs).toMatchObject({ inboxId: 1, assignmentPolicyId: b });
    expect(linked(1)).toBe(b);
    expect((await up(provider, next, { inboxId: 2, assignmentPolicyId: b })).op).toBe("replace");
  });

  it("refuses an inbox linked already unless adopt is set, and then sends nothing when the policy is the one linked", async () => {
    const a = await policy("A");
    await ctx.admin("POST", linkOf(1), { assignment_policy_id: a });
    ctx.sb.control.clearLog();
    await expect(create(provider, { inboxId: 1, assignmentPolicyId: a })).rejects.toThrow(`inbox 1 already has assignment policy ${a}; set adopt: true to manage it`);
    expect(ctx.writes()).toHaveLength(0);
    const state = await create(provider, { inboxId: 1, assignmentPolicyId: a, adopt: true });
    expect(ctx.writes()).toHaveLength(0);
    expect(state.outs).toMatchObject({ assignmentPolicyId: a, adopted: true });
  });

  it("adopting a link to another policy links the declared one", async () => {
    const [a, b] = [await policy("A"), await policy("B")];
    await ctx.admin("POST", linkOf(2), { assignment_policy_id: a });
    ctx.sb.control.clearLog();
    const state = await create(provider, { inboxId: 2, assignmentPolicyId: b, adopt: true });
    expect(writes()).toEqual([{ method: "POST", path: linkOf(2), body: { assignment_policy_id: b } }]);
    expect(state.outs).toMatchObject({ assignmentPolicyId: b, adopted: true });
    expect(linked(2)).toBe(b);
  });

  it("shows a link changed by hand as drift, and reads as gone once the policy or the inbox is deleted", async () => {
    const [a, b] = [await policy("A"), await policy("B")];
    const state = await create(provider, { inboxId: 1, assignmentPolicyId: a });
    await ctx.admin("POST", linkOf(1), { assignment_policy_id: b });
    const drifted = (await refresh(provider, state))!;
    expect(drifted.outs.assignmentPolicyId).toBe(b);
    expect((await up(provider, drifted, { inboxId: 1, assignmentPolicyId: a })).op).toBe("update");
    await ctx.admin("DELETE", `${policies()}/${a}`);
    expect(await refresh(provider, state)).toBeUndefined();
    const other = await create(provider, { inboxId: 3, assignmentPolicyId: b });
    await ctx.admin("DELETE", `/api/v1/accounts/${ctx.account.id}/inboxes/3`);
    expect(await refresh(provider, other)).toBeUndefined();
  });

  it("deletes the link with one DELETE, and a link already gone is no error", async () => {
    const a = await policy("A");
    const state = await create(provider, { inboxId: 1, assignmentPolicyId: a });
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(writes()).toEqual([{ method: "DELETE", path: linkOf(1), body: null }]);
    expect(linked(1)).toBeUndefined();
    await destroy(provider, state);
  });

  it("names the inbox and the policy when the server does not find one of them", async () => {
    await expect(create(provider, { inboxId: 1, assignmentPolicyId: 999 })).rejects.toThrow("inbox 1 or assignment policy 999 is not in account");
    await expect(create(provider, { inboxId: 4, assignmentPolicyId: 999 })).rejects.toThrow("inbox 4 or assignment policy 999");
  });

  it("refuses bad ids before any request", async () => {
    await expect(check(provider, { inboxId: "abc", assignmentPolicyId: 0 })).rejects.toThrow(CheckFailed);
    expect(ctx.requests()).toHaveLength(0);
  });
});
