import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { name: "Helpdesk", description: "Answers questions", featureFaq: true };

faultMatrix(
  {
    kind: "CaptainAssistant",
    provider: resources.CaptainAssistant,
    desired: () => desired,
    changed: () => ({ ...desired, description: "Answers every question" }),
    requests: restRequests("/api/v1/accounts/:account/captain/assistants"),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      return c.sb.control.snapshot().captain_assistants.filter((a) => a.account_id === c.account.id);
    },
    matches: (o, inputs) => o.name === inputs.name && o.description === inputs.description,
    // The same name, made earlier by another administrator (Chatwoot does not keep names unique).
    twin: async (c) =>
      createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/captain/assistants`, { assistant: { name: desired.name, description: desired.description } })),
  },
  ctx,
);
