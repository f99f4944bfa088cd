// The _assignment_policy partial as upstream renders it (app/views/api/v1/accounts/assignment_policies/_assignment_policy.json.jbuilder
// at fd5ac2a8a: assigned_inbox_count, epoch-second timestamps) and as other servers do (inbox_count and the inboxes).
import { AssignmentPolicyWire, PolicyInboxesWire } from "../../../provider/wire/assignment-policy";

const base = { id: 7, name: "Even" };

describe("AssignmentPolicyWire", () => {
  it.each([
    ["upstream's count, no inboxes", { ...base, assigned_inbox_count: 2, created_at: 1_760_000_000 }, { inboxes: null, inbox_count: 2 }],
    ["a server's count and inboxes", { ...base, inbox_count: 1, inboxes: [{ id: 3, name: "Web" }] }, { inboxes: [3], inbox_count: 1 }],
    ["inboxes without a count", { ...base, inboxes: [{ id: 3 }, { id: 4 }] }, { inboxes: [3, 4], inbox_count: 2 }],
    ["neither", base, { inboxes: null, inbox_count: null }],
  ])("reads %s", (_case, body, expected) => {
    expect(AssignmentPolicyWire.parse(body)).toMatchObject(expected);
  });

  it("reads a policy's inbox list as ids", () => {
    expect(PolicyInboxesWire.parse({ inboxes: [{ id: 1, name: "a" }, { id: 5 }] })).toEqual([1, 5]);
    expect(PolicyInboxesWire.parse({})).toEqual([]);
  });
});
