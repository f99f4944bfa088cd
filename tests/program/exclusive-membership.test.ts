/**
 * examples/exclusive-membership through the real `pulumi` CLI: the exclusive membership makes its
 * inbox hold exactly the listed users, the additive one leaves other members alone (the steps:
 * ./support/lifecycle.ts).
 */
import { example } from "../demo/examples";
import { exampleLifecycle, type StackContext } from "./support/lifecycle";

jest.setTimeout(120_000);

const settings = example("exclusive-membership").settings;
const frontDeskInbox = Number(settings.frontDeskInboxId);
const escalationsInbox = Number(settings.escalationsInboxId);
const frontDeskAgents = JSON.parse(settings.frontDeskAgents) as number[];
const escalationAgents = JSON.parse(settings.escalationAgents) as number[];

const membersOf = (ctx: StackContext, inboxId: number, snapshot = ctx.snapshot()) => snapshot.inboxes.find((i) => i.id === inboxId)?.member_ids ?? [];
const sorted = <T>(values: readonly T[]) => [...values].sort();

exampleLifecycle({
  example: "exclusive-membership",
  resources: ["front-desk", "escalations"],
  async afterUp(ctx) {
    const frontDeskBefore = membersOf(ctx, frontDeskInbox, ctx.seed);
    const escalationsBefore = membersOf(ctx, escalationsInbox, ctx.seed);
    // The seed has to make both points: someone unlisted in each inbox.
    expect(frontDeskBefore.some((id) => !frontDeskAgents.includes(id))).toBe(true);
    expect(escalationsBefore.some((id) => !escalationAgents.includes(id))).toBe(true);

    expect(sorted(membersOf(ctx, frontDeskInbox))).toEqual(sorted(frontDeskAgents));
    const escalations = membersOf(ctx, escalationsInbox);
    expect(sorted(escalations)).toEqual(sorted([...new Set([...escalationsBefore, ...escalationAgents])]));
    const namesOf = (ids: number[]) => ids.map((id) => ctx.snapshot().users.find((u) => u.id === id)?.name);
    const outputs = await ctx.project.outputs();
    expect(sorted(outputs.frontDeskMembers as string[])).toEqual(sorted(namesOf(membersOf(ctx, frontDeskInbox))));
    expect(sorted(outputs.escalationsMembers as string[])).toEqual(sorted(namesOf(escalations)));
    expect(outputs.frontDeskName).toBe(ctx.snapshot().inboxes.find((i) => i.id === frontDeskInbox)?.name);
  },
  edit: {
    settings: { frontDeskAgents: JSON.stringify(frontDeskAgents.slice(0, 1)) },
    resource: "front-desk",
    diff: ["userIds"],
    write: async () => ({ line: "PATCH /api/v1/accounts/1/inbox_members", body: { inbox_id: frontDeskInbox, user_ids: frontDeskAgents.slice(0, 1) } }),
  },
  drift: {
    resource: "front-desk",
    diff: ["userIds"],
    async make(ctx) {
      const stranger = ctx.seed.users.find((u) => !frontDeskAgents.includes(u.id) && membersOf(ctx, frontDeskInbox, ctx.seed).includes(u.id));
      const answer = await ctx.admin("POST", "/api/v1/accounts/1/inbox_members", { inbox_id: frontDeskInbox, user_ids: [stranger?.id] });
      expect(answer.status).toBe(200);
    },
    repair: async () => ({ line: "PATCH /api/v1/accounts/1/inbox_members", body: { inbox_id: frontDeskInbox, user_ids: frontDeskAgents.slice(0, 1) } }),
  },
  badInput: { settings: { frontDeskAgents: "[]" }, message: /InboxMembership resource .front-desk.: property userIds .* has a problem: .*allowEmpty/ },
  secretOutputs: [],
  async afterDestroy(ctx) {
    expect(membersOf(ctx, frontDeskInbox)).toEqual([]);
    const escalationsBefore = membersOf(ctx, escalationsInbox, ctx.seed);
    expect(membersOf(ctx, escalationsInbox)).toEqual(escalationsBefore.filter((id) => !escalationAgents.includes(id)));
  },
});
