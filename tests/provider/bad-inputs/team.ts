import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "billing", description: "Invoices", allowAutoAssign: true };

export const corpus: BadInputCorpus = {
  kind: "Team",
  provider: resources.Team,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "   " }, property: "name" },
    { name: "name as a number", inputs: { ...valid, name: 7 }, property: "name" },
    { name: "description as a list", inputs: { ...valid, description: ["Invoices"] }, property: "description" },
    { name: "allowAutoAssign as text", inputs: { ...valid, allowAutoAssign: "yes" }, property: "allowAutoAssign" },
    { name: "adopt as text", inputs: { ...valid, adopt: "true" }, property: "adopt" },
    { name: "account id zero", inputs: { ...valid, accountId: 0 }, property: "accountId" },
    { name: "misspelt property (Chatwoot's own name)", inputs: { ...valid, allow_auto_assign: true }, property: "allow_auto_assign" },
  ],
};
