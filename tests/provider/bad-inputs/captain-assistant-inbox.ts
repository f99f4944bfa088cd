import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, assistantId: 1, inboxId: 2 };

export const corpus: BadInputCorpus = {
  kind: "CaptainAssistantInbox",
  provider: resources.CaptainAssistantInbox,
  cases: [
    { name: "missing assistant", inputs: { ...valid, assistantId: undefined }, property: "assistantId" },
    { name: "missing inbox", inputs: { ...valid, inboxId: undefined }, property: "inboxId" },
    { name: "inbox by name", inputs: { ...valid, inboxId: "Acme API" }, property: "inboxId" },
    { name: "zero assistant id", inputs: { ...valid, assistantId: 0 }, property: "assistantId" },
    { name: "several inboxes in one link", inputs: { ...valid, inboxId: [1, 2] }, property: "inboxId" },
    { name: "adopt as text", inputs: { ...valid, adopt: "yes" }, property: "adopt" },
  ],
};
