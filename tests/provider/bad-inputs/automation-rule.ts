import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const status = { attributeKey: "status", filterOperator: "equal_to", values: ["open"], queryOperator: "AND" };
const content = { attributeKey: "content", filterOperator: "contains", values: ["refund"] };
const valid = {
  accountId: 1,
  name: "Route refunds",
  eventName: "message_created",
  conditions: [status, content],
  actions: [{ actionName: "assign_team", actionParams: [2] }],
};

export const corpus: BadInputCorpus = {
  kind: "AutomationRule",
  provider: resources.AutomationRule,
  cases: [
    { name: "missing name (a 500 upstream)", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "   " }, property: "name" },
    { name: "missing event (a 500 upstream)", inputs: { ...valid, eventName: undefined }, property: "eventName" },
    { name: "an event rules never fire on", inputs: { ...valid, eventName: "contact_created" }, property: "eventName" },
    { name: "blank attribute key", inputs: { ...valid, conditions: [{ ...status, attributeKey: "" }, content] }, property: "conditions.0.attributeKey" },
    { name: "missing filter operator", inputs: { ...valid, conditions: [status, { ...content, filterOperator: undefined }] }, property: "conditions.1.filterOperator" },
    { name: "query operator that is neither AND nor OR", inputs: { ...valid, conditions: [{ ...status, queryOperator: "XOR" }, content] }, property: "conditions.0.queryOperator" },
    { name: 'the swagger sample\'s "nil" operator', inputs: { ...valid, conditions: [{ ...status, queryOperator: "nil" }, content] }, property: "conditions.0.queryOperator" },
    { name: "blank query operator", inputs: { ...valid, conditions: [{ ...status, queryOperator: "" }, content] }, property: "conditions.0.queryOperator" },
    { name: "two conditions without a query operator", inputs: { ...valid, conditions: [{ ...status, queryOperator: null }, content] }, property: "conditions.0.queryOperator" },
    { name: "values as a lone string", inputs: { ...valid, conditions: [{ ...status, values: "open" }, content] }, property: "conditions.0.values" },
    { name: "blank action name", inputs: { ...valid, actions: [{ actionName: " ", actionParams: [] }] }, property: "actions.0.actionName" },
    { name: "action params as a lone value", inputs: { ...valid, actions: [{ actionName: "add_label", actionParams: "vip" }] }, property: "actions.0.actionParams" },
    { name: "active as a string", inputs: { ...valid, active: "yes" }, property: "active" },
    { name: "adopting a non-integer id", inputs: { ...valid, adoptId: "9.5" }, property: "adoptId" },
    { name: "misspelt property", inputs: { ...valid, evntName: "message_created" }, property: "evntName" },
    { name: "name with a zero-width joiner at its end", inputs: { ...valid, name: "Route refunds\u200D" }, property: "name", reason: "U+200D ZERO WIDTH JOINER" },
    { name: "name with a left-to-right mark", inputs: { ...valid, name: "Route\u200E refunds" }, property: "name", reason: "U+200E LEFT-TO-RIGHT MARK" },
    { name: "name of 100,000 characters", inputs: { ...valid, name: "r".repeat(100_000) }, property: "name", reason: "at most 255 characters" },
    { name: "description with an escape sequence", inputs: { ...valid, description: "\u001b[31mred\u001b[0m" }, property: "description", reason: "U+001B ESCAPE" },
    { name: "attribute key with a NUL", inputs: { ...valid, conditions: [{ ...status, attributeKey: "sta\u0000tus" }, content] }, property: "conditions.0.attributeKey", reason: "U+0000 NULL" },
    {
      name: "an action key misspelt (actionParam), which Chatwoot would store and ignore",
      inputs: { ...valid, actions: [{ actionName: "add_label", actionParam: ["vip"] }] },
      property: "actions.0.actionParam",
      reason: 'unknown property "actionParam"; allowed: actionName, actionParams',
    },
    {
      name: "a condition key misspelt (value)",
      inputs: { ...valid, conditions: [status, { attributeKey: "content", filterOperator: "contains", value: ["refund"] }] },
      property: "conditions.1.value",
      reason: "allowed: attributeKey, filterOperator, values, queryOperator, customAttributeType",
    },
    {
      name: "a condition key in the API's spelling (filter_operator)",
      inputs: { ...valid, conditions: [status, { attributeKey: "content", filter_operator: "contains", values: ["refund"] }] },
      property: "conditions.1.filter_operator",
    },
    {
      name: "a send_email_to_team parameter with a misspelt key (teamId)",
      inputs: { ...valid, actions: [{ actionName: "send_email_to_team", actionParams: [{ message: "Gold customer", teamId: [2] }] }] },
      property: "actions.0.actionParams.0.teamId",
      reason: "allowed: message, teamIds (or team_ids)",
    },
    { name: "action name with a right-to-left override", inputs: { ...valid, actions: [{ actionName: "assign\u202E_team", actionParams: [2] }] }, property: "actions.0.actionName", reason: "U+202E" },
  ],
};
