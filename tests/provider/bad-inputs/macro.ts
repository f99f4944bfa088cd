import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "Escalate", visibility: "global", actions: [{ actionName: "add_label", actionParams: ["urgent"] }] };

export const corpus: BadInputCorpus = {
  kind: "Macro",
  provider: resources.Macro,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "  " }, property: "name" },
    { name: "unknown visibility", inputs: { ...valid, visibility: "team" }, property: "visibility" },
    { name: "visibility as its integer code", inputs: { ...valid, visibility: 1 }, property: "visibility" },
    { name: "missing actions (a 500 upstream)", inputs: { ...valid, actions: undefined }, property: "actions" },
    { name: "actions as one object", inputs: { ...valid, actions: { actionName: "add_label" } }, property: "actions" },
    { name: "blank action name", inputs: { ...valid, actions: [{ actionName: "", actionParams: [] }] }, property: "actions.0.actionName" },
    { name: "missing action name", inputs: { ...valid, actions: [valid.actions[0], { actionParams: ["x"] }] }, property: "actions.1.actionName" },
    { name: "action params as a lone value", inputs: { ...valid, actions: [{ actionName: "assign_team", actionParams: 2 }] }, property: "actions.0.actionParams" },
    { name: "action param that is a list", inputs: { ...valid, actions: [{ actionName: "add_label", actionParams: [["a", "b"]] }] }, property: "actions.0.actionParams.0" },
    { name: "misspelt property", inputs: { ...valid, visibilty: "global" }, property: "visibilty" },
    {
      name: "an action key misspelt (actionParam), which Chatwoot would store and ignore",
      inputs: { ...valid, actions: [{ actionName: "add_label", actionParam: ["urgent"] }] },
      property: "actions.0.actionParam",
      reason: 'unknown property "actionParam"; allowed: actionName, actionParams',
    },
    { name: "name with a BEL", inputs: { ...valid, name: "Esca\u0007late" }, property: "name", reason: "U+0007 BELL at position 5" },
    { name: "name with a zero-width space", inputs: { ...valid, name: "\u200BEscalate" }, property: "name", reason: "U+200B ZERO WIDTH SPACE at position 1" },
    { name: "name of 100,000 characters", inputs: { ...valid, name: "m".repeat(100_000) }, property: "name", reason: "at most 255 characters" },
    { name: "action name with a NUL", inputs: { ...valid, actions: [{ actionName: "add_label\u0000", actionParams: ["urgent"] }] }, property: "actions.0.actionName", reason: "U+0000 NULL" },
  ],
};
