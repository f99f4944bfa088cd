/**
 * What is AssignmentPolicy's own (the shared collection lifecycle is in collection-resources.test.ts).
 * Upstream: app/controllers/api/v1/accounts/assignment_policies_controller.rb, app/models/assignment_policy.rb
 * and enterprise/app/models/enterprise/concerns/assignment_policy.rb (`balanced`).
 */
import { resources } from "../../provider";
import { create, refresh } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.AssignmentPolicy;

describe.each(SHAPES)("AssignmentPolicy (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  // The edition is kept across resets.
  afterEach(() => ctx.sb.control.setEdition("enterprise"));
  const linkOf = (inboxId: number) => `/api/v1/accounts/${ctx.account.id}/inboxes/${inboxId}/assignment_policy`;

  it("outputs the server's defaults for what the program leaves out, and the linked inboxes", async () => {
    const state = await create(provider, { name: "Round robin" });
    expect(state.outs).toMatchObject({
      name: "Round robin",
      assignmentOrder: "round_robin",
      conversationPriority: "earliest_created",
      fairDistributionLimit: 100,
      fairDistributionWindow: 3600,
      enabled: true,
      inboxIds: [],
      inboxCount: 0,
    });
    await ctx.admin("POST", linkOf(1), { assignment_policy_id: Number(state.id) });
    await ctx.admin("POST", linkOf(3), { assignment_policy_id: Number(state.id) });
    expect((await refresh(provider, state))!.outs).toMatchObject({ inboxIds: [1, 3], inboxCount: 2 });
  });

  it("takes balanced on Enterprise, and names the edition when a community server answers 500 for it", async () => {
    expect((await create(provider, { name: "Balanced", assignmentOrder: "balanced" })).outs.assignmentOrder).toBe("balanced");
    ctx.sb.control.setEdition("community");
    await expect(create(provider, { name: "Balanced 2", assignmentOrder: "balanced" })).rejects.toThrow('assignmentOrder "balanced" exists only on Chatwoot\'s Enterprise edition');
    expect(ctx.sb.control.snapshot().assignment_policies.map((p) => p.name)).toEqual(["Balanced"]);
  });
});
