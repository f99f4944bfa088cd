import { resources } from "../../../provider";
import { changedDays } from "../../../provider/resources/inbox/working-hours";
import { fromWire, toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/inboxes";
const desired = {
  name: "Fault-tolerant widget",
  channel: { type: "web_widget", websiteUrl: "https://www.acme.test", allowedDomains: ["acme.test"] },
  greetingEnabled: true,
  greetingMessage: "Hello!",
  csatConfig: { displayType: "star", surveyRules: { values: ["vip"] } },
  workingHours: [
    { dayOfWeek: 1, openHour: 9, closeHour: 17 },
    { dayOfWeek: 6, openHour: 10, closeHour: 14 },
  ],
};

/** The sandbox's own state: no HTTP request, so no injected fault can touch the check itself. */
async function inboxesOf(c: typeof ctx) {
  const { inboxes } = c.sb.control.snapshot() as unknown as { inboxes: Record<string, unknown>[] };
  return inboxes.filter((i) => i.account_id === c.account.id);
}

faultMatrix(
  {
    kind: "Inbox",
    provider: resources.Inbox,
    desired: () => desired,
    // Settings, the channel's domains and one day: the update is one PATCH carrying them all.
    changed: () => ({
      ...desired,
      greetingMessage: "Welcome!",
      channel: { ...desired.channel, allowedDomains: ["acme.test", "*.acme.test"] },
      csatConfig: { ...desired.csatConfig, message: "Rate us" },
      workingHours: [desired.workingHours[0], { dayOfWeek: 6, openHour: 11, closeHour: 15 }],
    }),
    requests: restRequests(collection),
    list: inboxesOf,
    matches: (o, inputs) =>
      o.name === inputs.name &&
      o.channel_type === "Channel::WebWidget" &&
      o.greeting_message === inputs.greetingMessage &&
      o.allowed_domains === (inputs.channel as { allowedDomains: string[] }).allowedDomains.join(", ") &&
      ((o.csat_config as { message?: string }).message ?? "") === ((inputs.csatConfig as { message?: string }).message ?? "") &&
      changedDays(inputs.workingHours, fromWire(o.working_hours)).length === 0,
    // Inbox names repeat: an inbox of the same name and channel made earlier by another administrator.
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/inboxes`, toWire({ name: desired.name, channel: desired.channel }))),
  },
  ctx,
);

// An e-mail inbox with its SMTP server and password: credentials through every fault.
const mail = {
  name: "Fault-tolerant mail",
  channel: { type: "email", email: "faults@acme.test", smtpEnabled: true, smtpAddress: "smtp.acme.test", smtpPort: 587, smtpLogin: "faults" },
  credentials: { smtpPassword: "smtp-pass-faults" },
};

faultMatrix(
  {
    kind: "InboxEmail",
    provider: resources.Inbox,
    desired: () => mail,
    // A new password and port: one PATCH with the whole SMTP group (Chatwoot tests it with the request's values).
    changed: () => ({ ...mail, channel: { ...mail.channel, smtpPort: 465 }, credentials: { smtpPassword: "smtp-pass-rotated" } }),
    requests: restRequests(collection),
    list: inboxesOf,
    // The password is not in the sandbox's state (snapshots leave credentials out): the port tells the two apart.
    matches: (o, inputs) => o.name === inputs.name && o.email === "faults@acme.test" && o.smtp_port === (inputs.channel as { smtpPort: number }).smtpPort,
    // Addresses are unique across the installation: the twin has the same name and channel type, another address.
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/inboxes`, { name: mail.name, channel: { type: "email", email: "twin@acme.test" } })),
  },
  ctx,
);
