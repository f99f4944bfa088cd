import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/platform/api/v1/accounts";
const desired = { name: "Initech", locale: "de", limits: { agents: 5 } };

faultMatrix(
  {
    kind: "PlatformAccount",
    provider: resources.PlatformAccount,
    desired: () => desired,
    changed: () => ({ ...desired, limits: { agents: 10 } }),
    requests: restRequests(collection),
    // Every account of the installation, whichever app made it.
    list: async (c) => c.sb.control.snapshot().accounts as unknown as Record<string, unknown>[],
    matches: (o, inputs) => o.name === inputs.name && JSON.stringify(o.limits) === JSON.stringify(inputs.limits),
    // The same account made earlier with the same Platform App's token (another stack sharing it, say).
    twin: async (c) => createdId(await c.platform("POST", collection, { name: desired.name, locale: desired.locale, limits: desired.limits })),
  },
  ctx,
);
