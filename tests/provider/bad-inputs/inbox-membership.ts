import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, inboxId: 2, userIds: [2, 3] };

export const corpus: BadInputCorpus = {
  kind: "InboxMembership",
  provider: resources.InboxMembership,
  cases: [
    { name: "missing inbox", inputs: { ...valid, inboxId: undefined }, property: "inboxId" },
    { name: "inbox id as text with a sign", inputs: { ...valid, inboxId: "+2" }, property: "inboxId" },
    { name: "inbox id zero", inputs: { ...valid, inboxId: 0 }, property: "inboxId" },
    { name: "missing user list", inputs: { ...valid, userIds: undefined }, property: "userIds" },
    { name: "a single id instead of a list", inputs: { ...valid, userIds: 3 }, property: "userIds" },
    { name: "a user id as text that is not digits", inputs: { ...valid, userIds: ["2 ", 3] }, property: "userIds.0" },
    { name: "a user listed twice", inputs: { ...valid, userIds: [2, 3, 2] }, property: "userIds" },
    { name: "a negative user id", inputs: { ...valid, userIds: [2, -3] }, property: "userIds.1" },
    { name: "a fractional user id", inputs: { ...valid, userIds: [2.5] }, property: "userIds.0" },
    { name: "a user given as an object", inputs: { ...valid, userIds: [{ id: 2 }] }, property: "userIds.0" },
    { name: "exclusive as text", inputs: { ...valid, exclusive: "yes" }, property: "exclusive" },
    { name: "account id as a string", inputs: { ...valid, accountId: "1" }, property: "accountId" },
    { name: "misspelt property", inputs: { ...valid, userId: [2] }, property: "userId" },
    { name: "exclusive with no users (removes every member)", inputs: { ...valid, userIds: [], exclusive: true }, property: "userIds", reason: "allowEmpty: true" },
    { name: "exclusive with no users, allowEmpty false", inputs: { ...valid, userIds: [], exclusive: true, allowEmpty: false }, property: "userIds", reason: "remove every member of the inbox" },
    { name: "allowEmpty as text", inputs: { ...valid, userIds: [], exclusive: true, allowEmpty: "yes" }, property: "allowEmpty", reason: "expected boolean" },
  ],
};
