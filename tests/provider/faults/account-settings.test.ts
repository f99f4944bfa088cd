import { resources } from "../../../provider";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const account = "/api/v1/accounts/:id";
// The seed's account 1 is "Acme", in English, without auto-resolve.
const desired = { name: "Acme Inc", autoResolveAfter: 1440, autoResolveMessage: "Closed after a day without news" };

// No twin case: an account has one set of settings, which the resource takes over by design.
faultMatrix(
  {
    kind: "AccountSettings",
    provider: resources.AccountSettings,
    singleton: true,
    desired: () => desired,
    changed: () => ({ ...desired, autoResolveAfter: 60 }),
    // Create reads the account, then sends what differs: the PATCH is the write a fault can cost.
    requests: {
      create: { method: "PATCH", path: account },
      update: { method: "PATCH", path: account },
      read: { method: "GET", path: account },
      delete: { method: "PATCH", path: account },
    },
    list: async (c) => c.sb.control.snapshot().accounts.filter((a) => a.id === c.account.id) as unknown as Record<string, unknown>[],
    matches: (o, inputs) =>
      o.name === inputs.name &&
      (o.settings as Record<string, unknown>).auto_resolve_after === inputs.autoResolveAfter &&
      (o.settings as Record<string, unknown>).auto_resolve_message === inputs.autoResolveMessage,
  },
  ctx,
);
