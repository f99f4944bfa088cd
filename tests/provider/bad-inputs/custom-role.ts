import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "Billing desk", description: "Refunds", permissions: ["contact_manage", "report_manage"] };

export const corpus: BadInputCorpus = {
  kind: "CustomRole",
  provider: resources.CustomRole,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "" }, property: "name" },
    { name: "name with a zero-width space", inputs: { ...valid, name: "Billing\u200Bdesk" }, property: "name", reason: "U+200B" },
    { name: "a permission Chatwoot does not have", inputs: { ...valid, permissions: ["contact_manage", "inbox_manage"] }, property: "permissions.1", reason: "conversation_manage" },
    { name: "a permission of another case", inputs: { ...valid, permissions: ["Contact_Manage"] }, property: "permissions.0" },
    { name: "a role name as a permission", inputs: { ...valid, permissions: ["administrator"] }, property: "permissions.0" },
    { name: "a permission listed twice", inputs: { ...valid, permissions: ["report_manage", "contact_manage", "report_manage"] }, property: "permissions", reason: '"report_manage" (entries 1 and 3)' },
    { name: "permissions as one text", inputs: { ...valid, permissions: "contact_manage" }, property: "permissions", reason: "list of permissions" },
    { name: "null permissions", inputs: { ...valid, permissions: null }, property: "permissions" },
    { name: "description over 10,000 characters", inputs: { ...valid, description: "d".repeat(10_001) }, property: "description", reason: "at most 10000" },
    { name: "adoptId of zero", inputs: { ...valid, adoptId: 0 }, property: "adoptId" },
    { name: "misspelt property", inputs: { ...valid, permission: ["contact_manage"] }, property: "permission" },
  ],
};
