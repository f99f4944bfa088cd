import { resources } from "../../../provider";
import { normalizeActions, normalizeConditions, sameValue } from "../../../provider/diff/normalize";
import { fromWire, toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/automation_rules";
const desired = {
  name: "Escalate urgent chats",
  eventName: "conversation_created",
  conditions: [
    { attributeKey: "priority", filterOperator: "equal_to", values: ["urgent"], queryOperator: "OR" },
    { attributeKey: "content", filterOperator: "contains", values: ["outage"] },
  ],
  actions: [{ actionName: "assign_team", actionParams: [1] }],
};

faultMatrix(
  {
    kind: "AutomationRule",
    provider: resources.AutomationRule,
    desired: () => desired,
    changed: () => ({ ...desired, conditions: [desired.conditions[0], { ...desired.conditions[1], values: ["outage", "down"] }] }),
    requests: restRequests(collection),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      const { automation_rules } = c.sb.control.snapshot() as { automation_rules: Record<string, unknown>[] };
      return automation_rules.filter((r) => r.account_id === c.account.id);
    },
    matches: (o, inputs) =>
      o.name === inputs.name &&
      o.event_name === inputs.eventName &&
      sameValue(normalizeConditions(fromWire(o.conditions)), normalizeConditions(inputs.conditions)) &&
      sameValue(normalizeActions(fromWire(o.actions)), normalizeActions(inputs.actions)),
    // The same rule made earlier by another administrator.
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/automation_rules`, toWire(desired))),
  },
  ctx,
);
