import { resources } from "../../../provider";
import { create, up } from "../support/engine";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const users = "/api/v1/accounts/:account/agent_capacity_policies/:policy_id/users";
// A policy made before each test (the sandbox is reset before each, so it is always policy 1,
// checked below). The update swaps the user: a removal (DELETE of user 2, sent first) and an addition (POST).
const POLICY = 1;
const desired = { policyId: POLICY, userIds: [2] };
const changed = { policyId: POLICY, userIds: [3] };

beforeEach(async () => {
  const res = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/agent_capacity_policies`, { name: "Capacity" });
  expect((res.body as { id: number }).id).toBe(POLICY);
  ctx.sb.control.clearLog();
});

/** The account's users the policy applies to, as the server holds them. */
const policyUsers = (policyId: number) =>
  ctx.sb.control
    .snapshot()
    .users.filter((u) => u.memberships.some((m) => m.account_id === ctx.account.id && m.agent_capacity_policy_id === policyId))
    .map((u) => u.id);

// No twin case: a membership is a set of users of one policy, not an object with an id, and every
// write sets one user's policy (a repeat never adds anything).
faultMatrix(
  {
    kind: "AgentCapacityPolicyUser",
    provider: resources.AgentCapacityPolicyUser,
    desired: () => desired,
    changed: () => changed,
    requests: {
      create: { method: "POST", path: users },
      update: { method: "DELETE", path: `${users}/:id` },
      read: { method: "GET", path: users },
      delete: { method: "DELETE", path: `${users}/:id` },
    },
    // One object per policy of the account that has users: a half-applied swap matches neither the old nor the new users.
    async list(c) {
      const snapshot = c.sb.control.snapshot();
      return snapshot.agent_capacity_policies
        .filter((p) => p.account_id === c.account.id)
        .map((p) => ({ policyId: p.id, userIds: snapshot.users.filter((u) => u.memberships.some((m) => m.account_id === c.account.id && m.agent_capacity_policy_id === p.id)).map((u) => u.id) }))
        .filter((m) => m.userIds.length > 0);
    },
    matches: (o, inputs) => o.policyId === inputs.policyId && JSON.stringify(o.userIds) === JSON.stringify([...(inputs.userIds as number[])].sort()),
  },
  ctx,
);

describe("AgentCapacityPolicyUser: a failure after part of an update was applied", () => {
  it("undoes the removal when the addition keeps failing", async () => {
    const state = await create(resources.AgentCapacityPolicyUser, desired);
    ctx.sb.control.inject({ method: "POST", path: users, kind: "status", status: 500, times: 2 });
    await expect(up(resources.AgentCapacityPolicyUser, state, changed)).rejects.toThrow(/POST .*users: 500.*undone/);
    expect(policyUsers(POLICY)).toEqual([2]);
  });
});
