import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, userId: 5, role: "agent" };

export const corpus: BadInputCorpus = {
  kind: "PlatformAccountUser",
  provider: resources.PlatformAccountUser,
  cases: [
    { name: "missing user", inputs: { ...valid, userId: undefined }, property: "userId" },
    { name: "user id that is not digits", inputs: { ...valid, userId: "olivia" }, property: "userId" },
    { name: "user id zero", inputs: { ...valid, userId: 0 }, property: "userId" },
    { name: "unknown role", inputs: { ...valid, role: "owner" }, property: "role", reason: "agent, administrator" },
    { name: "role in capitals", inputs: { ...valid, role: "Administrator" }, property: "role" },
    { name: "account id as text", inputs: { ...valid, accountId: "1" }, property: "accountId" },
    { name: "adopt as text", inputs: { ...valid, adopt: "yes" }, property: "adopt" },
  ],
};
