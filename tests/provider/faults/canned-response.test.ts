import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/canned_responses";
const desired = { shortCode: "refund", content: "Your refund is on its way." };

faultMatrix(
  {
    kind: "CannedResponse",
    provider: resources.CannedResponse,
    desired: () => desired,
    changed: () => ({ ...desired, content: "Refunds take five days." }),
    // No show route upstream: one response is read from the list.
    requests: { ...restRequests(collection), read: { method: "GET", path: collection } },
    async list(c) {
      return (await c.admin("GET", `/api/v1/accounts/${c.account.id}/canned_responses`)).body as Record<string, unknown>[];
    },
    matches: (o, inputs) => o.short_code === inputs.shortCode && o.content === inputs.content,
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/canned_responses`, toWire(desired))),
  },
  ctx,
);
