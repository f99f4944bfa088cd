import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/custom_attribute_definitions";
const desired = {
  attributeKey: "tier",
  attributeModel: "conversation_attribute",
  attributeDisplayName: "Tier",
  attributeDisplayType: "text",
};

faultMatrix(
  {
    kind: "CustomAttributeDefinition",
    provider: resources.CustomAttributeDefinition,
    desired: () => desired,
    changed: () => ({ ...desired, attributeDisplayName: "Support tier" }),
    requests: restRequests(collection),
    async list(c) {
      const res = await c.admin("GET", `/api/v1/accounts/${c.account.id}/custom_attribute_definitions`);
      return res.body as Record<string, unknown>[];
    },
    matches: (o, inputs) => o.attribute_key === inputs.attributeKey && o.attribute_display_name === inputs.attributeDisplayName,
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/custom_attribute_definitions`, toWire(desired))),
  },
  ctx,
);
