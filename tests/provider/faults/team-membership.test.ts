import { resources } from "../../../provider";
import { create, up } from "../support/engine";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const members = "/api/v1/accounts/:account/teams/:team_id/team_members";
// Teams start empty: each test makes one (the sandbox is reset before each, so it is always team 1,
// checked below). The update swaps the user: a removal (DELETE, sent first) and an addition (POST).
const TEAM = 1;
const desired = { teamId: TEAM, userIds: [2] };
const changed = { teamId: TEAM, userIds: [3] };

beforeEach(async () => {
  const res = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/teams`, { name: "billing" });
  expect((res.body as { id: number }).id).toBe(TEAM);
  ctx.sb.control.clearLog();
});

/** Member rows as the server holds them. */
const memberRows = (teamId: number) => [...(ctx.sb.control.snapshot().teams.find((t) => t.id === teamId)?.member_ids ?? [])].sort((a, b) => a - b);

// No twin case ("create never takes an object that existed before"): a membership is a set of
// users of one team, not an object with an id. A user someone else made a member earlier is no
// object to mistake for ours, and every membership write is idempotent (a repeat never adds a
// second member), so there is nothing a create could take, or duplicate, in someone's place.
faultMatrix(
  {
    kind: "TeamMembership",
    provider: resources.TeamMembership,
    desired: () => desired,
    changed: () => changed,
    requests: {
      create: { method: "POST", path: members },
      update: { method: "DELETE", path: members },
      read: { method: "GET", path: members },
      delete: { method: "DELETE", path: members },
    },
    // One object per team of the account that has members: a half-applied swap matches neither
    // the old nor the new users.
    async list(c) {
      return c.sb.control
        .snapshot()
        .teams.filter((t) => t.account_id === c.account.id && t.member_ids.length > 0)
        .map((t) => ({ teamId: t.id, userIds: [...t.member_ids].sort((a, b) => a - b) }));
    },
    matches: (o, inputs) => o.teamId === inputs.teamId && JSON.stringify(o.userIds) === JSON.stringify([...(inputs.userIds as number[])].sort()),
  },
  ctx,
);

describe("TeamMembership: a failure after part of an update was applied", () => {
  it("undoes the removal when the addition keeps failing", async () => {
    const state = await create(resources.TeamMembership, desired);
    // The POST fails twice (the answer, then the one repeat after reading the members back).
    ctx.sb.control.inject({ method: "POST", path: members, kind: "status", status: 500, times: 2 });
    await expect(up(resources.TeamMembership, state, changed)).rejects.toThrow(/POST .*team_members: 500.*undone/);
    expect(memberRows(TEAM)).toEqual([2]);
  });

  it("finishes an addition whose answer was lost without sending it twice", async () => {
    const state = await create(resources.TeamMembership, desired);
    ctx.sb.control.inject({ method: "POST", path: members, kind: "bad-json" });
    ctx.sb.control.clearLog();
    const { state: next } = await up(resources.TeamMembership, state, changed);
    expect(ctx.writes().map((w) => w.method)).toEqual(["DELETE", "POST"]);
    expect(memberRows(TEAM)).toEqual([3]);
    expect(next.outs.userIds).toEqual([3]);
  });
});
