import { resources } from "../../../provider";
import { create, up } from "../support/engine";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/inbox_members";
// Inbox 3 of account 1 starts without members, so a membership there is the only one of its kind;
// the update swaps the user, which takes a removal (DELETE, sent first) and an addition (POST).
const desired = { inboxId: 3, userIds: [2] };
const changed = { inboxId: 3, userIds: [3] };

/** Member rows as the server holds them, users it hides from the API included. */
const memberRows = (inboxId: number) =>
  [...(ctx.sb.control.snapshot().inboxes.find((i) => i.id === inboxId)?.member_ids ?? [])].sort((a, b) => a - b);

// No twin case ("create never takes an object that existed before"): a membership is a set of
// users of one inbox, not an object with an id. A user someone else made a member earlier is no
// object to mistake for ours, and every membership write is idempotent (a repeat never adds a
// second member), so there is nothing a create could take, or duplicate, in someone's place.
faultMatrix(
  {
    kind: "InboxMembership",
    provider: resources.InboxMembership,
    desired: () => desired,
    changed: () => changed,
    requests: {
      create: { method: "POST", path: collection },
      update: { method: "DELETE", path: collection },
      read: { method: "GET", path: `${collection}/:inbox_id` },
      delete: { method: "DELETE", path: collection },
    },
    // One object per inbox of the account that has members: creating a membership in the empty
    // inbox makes one more, and a half-applied swap matches neither the old nor the new users.
    async list(c) {
      return c.sb.control
        .snapshot()
        .inboxes.filter((i) => i.account_id === c.account.id && i.member_ids.length > 0)
        .map((i) => ({ inboxId: i.id, userIds: [...i.member_ids].sort((a, b) => a - b) }));
    },
    matches: (o, inputs) => o.inboxId === inputs.inboxId && JSON.stringify(o.userIds) === JSON.stringify([...(inputs.userIds as number[])].sort()),
  },
  ctx,
);

describe("InboxMembership: a failure after part of an update was applied", () => {
  it("undoes the removal when the addition keeps failing", async () => {
    const state = await create(resources.InboxMembership, desired);
    // The POST fails twice (the answer, then the one repeat after reading the members back).
    ctx.sb.control.inject({ method: "POST", path: collection, kind: "status", status: 500, times: 2 });
    await expect(up(resources.InboxMembership, state, changed)).rejects.toThrow(/POST .*inbox_members: 500.*undone/);
    expect(memberRows(3)).toEqual([2]);
  });

  it("finishes an addition whose answer was lost without sending it twice", async () => {
    const state = await create(resources.InboxMembership, desired);
    ctx.sb.control.inject({ method: "POST", path: collection, kind: "bad-json" });
    ctx.sb.control.clearLog();
    const { state: next } = await up(resources.InboxMembership, state, changed);
    expect(ctx.writes().map((w) => w.method)).toEqual(["DELETE", "POST"]);
    expect(memberRows(3)).toEqual([3]);
    expect(next.outs.userIds).toEqual([3]);
  });
});
