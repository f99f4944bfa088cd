import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, teamId: 2, userIds: [2, 3] };

export const corpus: BadInputCorpus = {
  kind: "TeamMembership",
  provider: resources.TeamMembership,
  cases: [
    { name: "missing team", inputs: { ...valid, teamId: undefined }, property: "teamId" },
    { name: "team id as empty text", inputs: { ...valid, teamId: "" }, property: "teamId" },
    { name: "negative team id", inputs: { ...valid, teamId: -2 }, property: "teamId" },
    { name: "missing user list", inputs: { ...valid, userIds: undefined }, property: "userIds" },
    { name: "a user listed twice", inputs: { ...valid, userIds: [3, 3] }, property: "userIds" },
    { name: "a user id of zero as text", inputs: { ...valid, userIds: [2, "0"] }, property: "userIds.1" },
    { name: "exclusive as a number", inputs: { ...valid, exclusive: 1 }, property: "exclusive" },
    { name: "the inbox membership's key instead of teamId", inputs: { ...valid, inboxId: 2 }, property: "inboxId" },
    { name: "exclusive with no users (removes every member)", inputs: { ...valid, userIds: [], exclusive: true }, property: "userIds", reason: "remove every member of the team" },
  ],
};
