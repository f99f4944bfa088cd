import { resources } from "../../../provider";
import { sameValue } from "../../../provider/diff/normalize";
import { frameUrls } from "../../../provider/wire/dashboard-app";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { title: "CRM", frameUrls: ["https://crm.acme.test/panel"] };

faultMatrix(
  {
    kind: "DashboardApp",
    provider: resources.DashboardApp,
    desired: () => desired,
    changed: () => ({ ...desired, frameUrls: ["https://crm.acme.test/panel", "https://orders.acme.test/"] }),
    requests: restRequests("/api/v1/accounts/:account/dashboard_apps"),
    async list(c) {
      return c.sb.control.snapshot().dashboard_apps.filter((a) => a.account_id === c.account.id);
    },
    matches: (o, inputs) => o.title === inputs.title && sameValue(frameUrls(o.content as Record<string, unknown>[]), inputs.frameUrls),
    // The same app made earlier by another member (titles need not be unique).
    twin: async (c) =>
      createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/dashboard_apps`, { title: desired.title, content: desired.frameUrls.map((url) => ({ type: "frame", url })) })),
  },
  ctx,
);
