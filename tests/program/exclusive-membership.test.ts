/**
 * examples/exclusive-membership: the exclusive membership makes its inbox hold exactly the listed
 * users, the additive one leaves other members alone.
 */
import { opsOf, useExampleStack } from "./support/example-stack";

const stack = useExampleStack("exclusive-membership");
const settings = stack.spec.settings;
const frontDeskInbox = Number(settings.frontDeskInboxId);
const escalationsInbox = Number(settings.escalationsInboxId);
const frontDeskAgents = JSON.parse(settings.frontDeskAgents) as number[];
const escalationAgents = JSON.parse(settings.escalationAgents) as number[];

const membersOf = (inboxId: number) => stack.snapshot().inboxes.find((i) => i.id === inboxId)?.member_ids ?? [];
const namesOf = (ids: number[]) => ids.map((id) => stack.snapshot().users.find((u) => u.id === id)?.name);

test("the exclusive inbox ends with exactly the listed users; the additive one keeps its other members", async () => {
  const frontDeskBefore = membersOf(frontDeskInbox);
  const escalationsBefore = membersOf(escalationsInbox);
  // The seed has to make both points: someone unlisted in each inbox.
  expect(frontDeskBefore.some((id) => !frontDeskAgents.includes(id))).toBe(true);
  expect(escalationsBefore.some((id) => !escalationAgents.includes(id))).toBe(true);

  const summary = await stack.up();
  expect(opsOf(summary)).toEqual({ "front-desk": "create", escalations: "create" });
  expect([...membersOf(frontDeskInbox)].sort()).toEqual([...frontDeskAgents].sort());
  const escalations = membersOf(escalationsInbox);
  expect([...escalations].sort()).toEqual([...new Set([...escalationsBefore, ...escalationAgents])].sort());
  // The outputs list members in the API's order.
  const sorted = (names: unknown) => [...(names as string[])].sort();
  expect(sorted(summary.outputs.frontDeskMembers)).toEqual(sorted(namesOf(membersOf(frontDeskInbox))));
  expect(sorted(summary.outputs.escalationsMembers)).toEqual(sorted(namesOf(escalations)));
  expect(summary.outputs.frontDeskName).toBe(stack.snapshot().inboxes.find((i) => i.id === frontDeskInbox)?.name);
});

test("a second run changes nothing and sends no write", async () => {
  await stack.up();
  stack.sandbox.control.clearLog();
  const second = await stack.up();
  expect(opsOf(second)).toEqual({ "front-desk": "same", escalations: "same" });
  expect(stack.writes()).toEqual([]);
});

test("a changed list updates only that membership, with one write", async () => {
  await stack.up();
  stack.sandbox.control.clearLog();
  const summary = await stack.up({ frontDeskAgents: JSON.stringify(frontDeskAgents.slice(0, 1)) });
  expect(opsOf(summary)).toEqual({ "front-desk": "update", escalations: "same" });
  expect(stack.writeLines()).toEqual(["PATCH /api/v1/accounts/1/inbox_members"]);
  expect(membersOf(frontDeskInbox)).toEqual(frontDeskAgents.slice(0, 1));
});

test("destroy removes the listed users and leaves the others", async () => {
  const escalationsBefore = membersOf(escalationsInbox);
  await stack.up();
  await stack.destroy();
  expect(membersOf(frontDeskInbox)).toEqual([]);
  expect(membersOf(escalationsInbox)).toEqual(escalationsBefore.filter((id) => !escalationAgents.includes(id)));
});

test("the state holds no token in plaintext", async () => {
  await stack.up();
  const text = stack.stateText();
  for (const secret of stack.sandbox.control.secrets()) expect(text).not.toContain(secret);
});
