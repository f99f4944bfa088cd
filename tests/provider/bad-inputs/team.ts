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
    { name: "name with a NUL", inputs: { ...valid, name: "bil\u0000ling" }, property: "name", reason: "U+0000 NULL at position 4" },
    { name: "name with a zero-width space", inputs: { ...valid, name: "billing\u200B" }, property: "name", reason: "U+200B ZERO WIDTH SPACE" },
    { name: "name with a pop directional isolate", inputs: { ...valid, name: "billing\u2069" }, property: "name", reason: "U+2069 POP DIRECTIONAL ISOLATE" },
    { name: "name of 100,000 characters", inputs: { ...valid, name: "b".repeat(100_000) }, property: "name", reason: "at most 255 characters" },
    { name: "description with an escape", inputs: { ...valid, description: "\u001bInvoices" }, property: "description", reason: "U+001B ESCAPE" },
  ],
};
