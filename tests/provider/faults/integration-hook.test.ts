import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const KEY_FILE = JSON.stringify({ type: "service_account", private_key: "-----BEGIN PRIVATE KEY-----faults" });
const desired = { appId: "dialogflow", inboxId: 1, settings: { projectId: "acme-bot", region: "global" }, secretSettings: { credentials: KEY_FILE } };
const collection = "/api/v1/accounts/:account/integrations/hooks";

faultMatrix(
  {
    kind: "IntegrationHook",
    provider: resources.IntegrationHook,
    desired: () => desired,
    changed: () => ({ ...desired, settings: { projectId: "acme-bot", region: "europe-west1" } }),
    // No show action upstream: a hook is read from its app.
    requests: { ...restRequests(collection), read: { method: "GET", path: "/api/v1/accounts/:account/integrations/apps/:app" } },
    async list(c) {
      const res = await c.admin("GET", `/api/v1/accounts/${c.account.id}/integrations/apps/dialogflow`);
      return (res.body as { hooks: Record<string, unknown>[] }).hooks;
    },
    matches: (o, inputs) =>
      o.app_id === inputs.appId && (o.inbox as { id: number } | null)?.id === inputs.inboxId && (o.settings as { region?: string }).region === (inputs.settings as { region: string }).region,
    // The same hook made earlier by another administrator (Dialogflow allows several per inbox).
    twin: async (c) =>
      createdId(
        await c.admin("POST", `/api/v1/accounts/${c.account.id}/integrations/hooks`, {
          app_id: "dialogflow", inbox_id: 1, settings: { project_id: "acme-bot", region: "global", credentials: JSON.parse(KEY_FILE) as unknown },
        }),
      ),
  },
  ctx,
);
