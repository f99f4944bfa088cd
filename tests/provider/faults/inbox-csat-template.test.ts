import { resources } from "../../../provider";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";
import { makeWhatsappInbox } from "../support/whatsapp-inbox";

const ctx = useSandbox();
const template = "/api/v1/accounts/:account/inboxes/:inbox_id/csat_template";
let inboxId = 0;
const desired = () => ({ inboxId, message: "How did we do?", buttonText: "Rate us" });

beforeEach(async () => {
  inboxId = await makeWhatsappInbox(ctx.admin, ctx.account.id);
  ctx.sb.control.clearLog();
});

// Create and refresh only: every change replaces the template (a create of the new one), and no
// route deletes it (a delete forgets it). No twin: an inbox has one template, which a create
// submits anew whatever the inbox had.
faultMatrix(
  {
    kind: "InboxCsatTemplate",
    provider: resources.InboxCsatTemplate,
    desired,
    changed: () => ({ ...desired(), message: "How was it?" }),
    steps: ["create", "refresh"],
    requests: {
      create: { method: "POST", path: template },
      update: { method: "POST", path: template },
      read: { method: "GET", path: template },
      delete: { method: "DELETE", path: template },
    },
    // Meta's templates of the inbox (the sandbox plays Meta).
    list: async (c) => c.sb.control.snapshot().meta_templates.filter((t) => t.inbox_id === inboxId) as unknown as Record<string, unknown>[],
    matches: (o, inputs) => o.body === inputs.message && o.button_text === (inputs.buttonText ?? "Please rate us"),
  },
  ctx,
);
