import { resources } from "../../../provider";
import { changedDays } from "../../../provider/diff/normalize/working-hours";
import { fromWire, toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/inboxes";
const desired = {
  name: "Fault-tolerant widget",
  channel: { type: "web_widget", websiteUrl: "https://www.acme.test" },
  greetingEnabled: true,
  greetingMessage: "Hello!",
  workingHours: [
    { dayOfWeek: 1, openHour: 9, closeHour: 17 },
    { dayOfWeek: 6, openHour: 10, closeHour: 14 },
  ],
};

faultMatrix(
  {
    kind: "Inbox",
    provider: resources.Inbox,
    desired: () => desired,
    // A setting and one day: the update is one PATCH carrying both.
    changed: () => ({ ...desired, greetingMessage: "Welcome!", workingHours: [desired.workingHours[0], { dayOfWeek: 6, openHour: 11, closeHour: 15 }] }),
    requests: restRequests(collection),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      const { inboxes } = c.sb.control.snapshot() as unknown as { inboxes: Record<string, unknown>[] };
      return inboxes.filter((i) => i.account_id === c.account.id);
    },
    matches: (o, inputs) =>
      o.name === inputs.name &&
      o.channel_type === "Channel::WebWidget" &&
      o.greeting_message === inputs.greetingMessage &&
      changedDays(inputs.workingHours, fromWire(o.working_hours)).length === 0,
    // Inbox names repeat: an inbox of the same name and channel made earlier by another administrator.
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/inboxes`, toWire({ name: desired.name, channel: desired.channel }))),
  },
  ctx,
);
