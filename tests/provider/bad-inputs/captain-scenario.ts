import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, assistantId: 1, title: "Refunds", description: "Refund requests", instruction: "Use [Handoff](tool://handoff)" };

export const corpus: BadInputCorpus = {
  kind: "CaptainScenario",
  provider: resources.CaptainScenario,
  cases: [
    { name: "missing assistant", inputs: { ...valid, assistantId: undefined }, property: "assistantId" },
    { name: "assistant by name", inputs: { ...valid, assistantId: "Helpdesk" }, property: "assistantId" },
    { name: "blank title", inputs: { ...valid, title: " " }, property: "title" },
    { name: "title with a line break", inputs: { ...valid, title: "Re\nfunds" }, property: "title", reason: "U+000A" },
    { name: "missing description", inputs: { ...valid, description: undefined }, property: "description", reason: "required" },
    { name: "blank instruction", inputs: { ...valid, instruction: "  " }, property: "instruction", reason: "must not be blank" },
    { name: "instruction past 20,000 characters", inputs: { ...valid, instruction: "x".repeat(20_001) }, property: "instruction", reason: "at most 20000" },
    { name: "enabled as text", inputs: { ...valid, enabled: "yes" }, property: "enabled" },
    { name: "tools as an input (the server derives them)", inputs: { ...valid, tools: ["handoff"] }, property: "tools" },
  ],
};
