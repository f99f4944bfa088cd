/**
 * A website chat inbox with a support week: open Monday to Thursday and on Friday morning, closed
 * at the weekend, with an out-of-office answer outside those hours, a greeting, a bot that answers
 * the chat, and the agents who staff it (found by e-mail). Connection settings come from the stack
 * config (`chatwoot:*`); the hours, the time zone and the agents from this project's config (see
 * README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();
const agentEmails = config.requireObject<string[]>("agents");
const websiteUrl = config.get("websiteUrl") ?? "https://www.example.com";
const timezone = config.get("timezone") ?? "Europe/Berlin";
const botWebhookUrl = config.get("botWebhookUrl") ?? "https://bots.example.com/website";

/** A day's hours from config: `"HH:MM-HH:MM"` or `"closed"`. The resource checks the numbers. */
function hoursFrom(key: string, fallback: string) {
  const value = config.get(key) ?? fallback;
  if (value === "closed") return { closedAllDay: true };
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`config ${key}: "${value}" is not HH:MM-HH:MM (e.g. 09:00-17:30) or closed`);
  const [openHour, openMinutes, closeHour, closeMinutes] = match.slice(1).map(Number);
  return { openHour, openMinutes, closeHour, closeMinutes };
}

const mondayToThursday = hoursFrom("weekdayHours", "09:00-17:30");
const friday = hoursFrom("fridayHours", "09:00-15:00");

// Every day is listed, so the whole week is managed; a day left out would be left as it is.
const supportWeek = [
  { dayOfWeek: 0, closedAllDay: true },
  ...[1, 2, 3, 4].map((dayOfWeek) => ({ dayOfWeek, ...mondayToThursday })),
  { dayOfWeek: 5, ...friday },
  { dayOfWeek: 6, closedAllDay: true },
];

// A bot of the account (the Platform App's), so the inbox may use it.
const bot = new chatwoot.AgentBot("website-bot", {
  name: "Website bot",
  description: "Answers the website chat first, and outside working hours",
  outgoingUrl: botWebhookUrl,
});

const website = new chatwoot.Inbox("website", {
  name: "Website chat",
  channel: {
    type: "web_widget",
    websiteUrl,
    widgetColor: "#1F93FF",
    welcomeTitle: "Hi there!",
    welcomeTagline: "We answer Monday to Friday.",
    replyTime: "in_a_few_hours",
  },
  greetingEnabled: true,
  greetingMessage: "Hello! How can we help you today?",
  enableAutoAssignment: true,
  csatSurveyEnabled: true,
  timezone,
  workingHoursEnabled: true,
  outOfOfficeMessage: "We are closed right now. Leave us a message and we will answer on the next working day.",
  workingHours: supportWeek,
  agentBotId: bot.id,
});

/** The user id of the account's agent with this e-mail address (an account without one is an error naming it). */
const userIdOf = (email: string) => chatwoot.getAgentsOutput({ email }).agents.apply(([agent]) => agent.id);

// The stack made the inbox, so it decides who staffs it: members added by hand are removed.
const staff = new chatwoot.InboxMembership("website-agents", {
  inboxId: website.id,
  userIds: agentEmails.map(userIdOf),
  exclusive: true,
});

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const clock = (hour: number | null, minutes: number | null) => `${String(hour).padStart(2, "0")}:${String(minutes ?? 0).padStart(2, "0")}`;

export const inboxId = website.id;
/** The week as Chatwoot holds it, one line per day. */
export const workingHours = website.workingHours.apply((days) =>
  (days ?? []).map((d) => {
    const hours = d.closedAllDay ? "closed" : d.openAllDay ? "open all day" : `${clock(d.openHour, d.openMinutes)}-${clock(d.closeHour, d.closeMinutes)}`;
    return `${DAY_NAMES[d.dayOfWeek]} ${hours}`;
  }),
);
export const timeZone = website.timezone;
export const botId = website.agentBotId;
export const agents = staff.agents.apply((list) => list.map((agent) => agent.name ?? `user ${agent.id}`));
/** The widget's website token, for embedding the chat widget: a secret output (`pulumi stack output --show-secrets`). */
export const widgetToken = website.websiteToken;
