import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, inboxId: 1, assignmentPolicyId: 2 };

export const corpus: BadInputCorpus = {
  kind: "InboxAssignmentPolicy",
  provider: resources.InboxAssignmentPolicy,
  cases: [
    { name: "missing inbox", inputs: { ...valid, inboxId: undefined }, property: "inboxId" },
    { name: "inbox id as empty text", inputs: { ...valid, inboxId: "" }, property: "inboxId" },
    { name: "missing policy", inputs: { ...valid, assignmentPolicyId: undefined }, property: "assignmentPolicyId" },
    { name: "policy id of zero", inputs: { ...valid, assignmentPolicyId: 0 }, property: "assignmentPolicyId" },
    { name: "policy by name instead of id", inputs: { ...valid, assignmentPolicyId: "Round robin" }, property: "assignmentPolicyId" },
    { name: "adopt as text", inputs: { ...valid, adopt: "yes" }, property: "adopt" },
    { name: "several inboxes (one link is one inbox)", inputs: { ...valid, inboxId: undefined, inboxIds: [1, 2] }, property: "inboxIds" },
  ],
};
