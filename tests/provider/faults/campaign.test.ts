import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { inboxId: 1, title: "Pricing help", message: "Questions about our plans?", triggerRules: { url: "https://www.acme.test/pricing", timeOnPage: 10 } };

faultMatrix(
  {
    kind: "Campaign",
    provider: resources.Campaign,
    desired: () => desired,
    changed: () => ({ ...desired, message: "Need a hand choosing a plan?" }),
    requests: restRequests("/api/v1/accounts/:account/campaigns"),
    // The sandbox's own state (no HTTP request a fault could touch), each row by its display id, the id the API uses.
    async list(c) {
      return c.sb.control.snapshot().campaigns.filter((r) => r.account_id === c.account.id).map((r) => ({ ...r, id: r.display_id }));
    },
    matches: (o, inputs) => o.title === inputs.title && o.message === inputs.message && o.inbox_id === inputs.inboxId,
    // The same campaign made earlier by another administrator (titles need not be unique).
    twin: async (c) =>
      createdId(
        await c.admin("POST", `/api/v1/accounts/${c.account.id}/campaigns`, {
          inbox_id: 1, title: desired.title, message: desired.message, trigger_rules: { url: desired.triggerRules.url, time_on_page: 10 },
        }),
      ),
  },
  ctx,
);
