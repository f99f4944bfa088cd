/**
 * Values that are the server's defaults (its columns' defaults, a new inbox's week, the
 * installation's sender address shown for an account without one) are not declared where the
 * program creates the object, and are still compared by `diff`; an object the program adopts in
 * another account declares them, since there they are what the copy sets.
 */
import type { z } from "zod";
import { resources } from "../../../provider";
import { compareModels } from "../../../sdk/clone/compare";
import { buildModel } from "../../../sdk/clone/model";
import { programText } from "../../../sdk/clone/program";
import { RESOURCE_TYPES } from "../../../sdk/clone/resource-types";
import { serverDefaultsOf } from "../../../sdk/clone/server-defaults";
import { snapshotOf, widgetInbox, type RawAccount } from "./support/snapshot";

const DEFAULT_WEEK = [
  { day_of_week: 0, closed_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null, open_all_day: false },
  ...[1, 2, 3, 4, 5].map((day) => ({ day_of_week: day, closed_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0, open_all_day: false })),
  { day_of_week: 6, closed_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null, open_all_day: false },
];

/** An API inbox as a new one is, every setting the server's default (upper-case hex where a colour is one). */
const newApiInbox = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: "Backend",
  channel_type: "Channel::Api",
  hmac_mandatory: false,
  greeting_enabled: false,
  enable_email_collect: true,
  csat_survey_enabled: false,
  enable_auto_assignment: true,
  working_hours_enabled: false,
  timezone: "UTC",
  allow_messages_after_resolved: true,
  lock_to_single_conversation: false,
  sender_name_type: "friendly",
  working_hours: DEFAULT_WEEK,
  csat_config: {},
  ...extra,
});

const account = (inbox: Record<string, unknown>, rest: RawAccount = {}): RawAccount => ({
  labels: [{ id: 1, title: "vip", color: "#1F93FF" }, { id: 2, title: "spam", color: "#dc2626" }],
  teams: [{ id: 3, name: "billing", allow_auto_assign: true }],
  inboxes: [inbox],
  ...rest,
});

const declarationOf = (text: string, identifier: string) => {
  const start = text.indexOf(`const ${identifier} = `);
  return text.slice(start, text.indexOf("\n});", start) + 4);
};

test("what the server holds for nothing set is not declared where the program creates the object; what differs is", () => {
  const text = programText(buildModel(snapshotOf(account(newApiInbox(5)))));
  expect(text).toContain('const labelVip = new chatwoot.Label("label-vip", { title: "vip", adopt });');
  expect(text).toContain('const labelSpam = new chatwoot.Label("label-spam", { title: "spam", color: "#dc2626", adopt });');
  expect(text).toContain('const teamBilling = new chatwoot.Team("team-billing", { name: "billing", adopt });');
  expect(declarationOf(text, "inboxBackend")).toBe(
    ['const inboxBackend = new chatwoot.Inbox("inbox-backend", {', '  name: "Backend",', '  channel: { type: "api" },', "  adoptId: adopt ? 5 : undefined,", "});"].join("\n"),
  );
});

test("an inbox's week lists only the days that differ from a new inbox's", () => {
  const week = DEFAULT_WEEK.map((d) => (d.day_of_week === 1 ? { ...d, open_hour: 8, open_minutes: 30 } : d.day_of_week === 6 ? { ...d, closed_all_day: false, open_hour: 10, close_hour: 14 } : d));
  const text = programText(buildModel(snapshotOf(account(newApiInbox(5, { working_hours: week, working_hours_enabled: true })))));
  expect(declarationOf(text, "inboxBackend")).toContain(
    ["  workingHoursEnabled: true,", "  workingHours: [", "    { dayOfWeek: 1, openHour: 8, openMinutes: 30, closeHour: 17 },", "    { dayOfWeek: 6, openHour: 10, closeHour: 14 },", "  ],"].join("\n"),
  );
});

test("a widget's channel leaves out each field that is the default, keeping the others and its type", () => {
  const widget = widgetInbox(6, "Website", { widget_color: "#1f93ff", reply_time: "in_a_day", hmac_mandatory: false, continuity_via_email: true, selected_feature_flags: ["attachments", "emoji_picker", "end_conversation"] });
  const text = programText(buildModel(snapshotOf(account(widget))));
  const declaration = declarationOf(text, "inboxWebsite");
  expect(declaration).toContain('channel: { type: "web_widget", websiteUrl: "https://www.acme.test", replyTime: "in_a_day" },');
  for (const field of ["widgetColor", "hmacMandatory", "continuityViaEmail", "selectedFeatureFlags"]) expect(declaration).not.toContain(field);
});

test("diff still compares the defaults: an account whose label or inbox holds another value differs, saying both", () => {
  const source = buildModel(snapshotOf(account(newApiInbox(5))));
  const week = DEFAULT_WEEK.map((d) => (d.day_of_week === 3 ? { ...d, close_hour: 12 } : d));
  const target = buildModel(
    snapshotOf({
      ...account(newApiInbox(15, { timezone: "Europe/Berlin", working_hours: week })),
      labels: [{ id: 11, title: "vip", color: "#000000" }, { id: 12, title: "spam", color: "#DC2626" }],
      teams: [{ id: 13, name: "billing", allow_auto_assign: false }],
    }),
  );
  expect(compareModels(source, source)).toEqual([]);
  const differences = compareModels(source, target).map((d) => [d.type, d.key, d.changes.map((c) => [c.property, c.source, c.target])]);
  expect(differences).toEqual([
    ["Label", "vip", [["color", "#1F93FF", "#000000"]]],
    ["Team", "billing", [["allowAutoAssign", true, false]]],
    ["Inbox", "Backend", [["timezone", "UTC", "Europe/Berlin"], ["workingHours", expect.any(Array), expect.any(Array)]]],
  ]);
});

test("an inbox the copy adopts in another account (a channel made elsewhere) declares its settings, defaults too", () => {
  const email = newApiInbox(7, { name: "Support", channel_type: "Channel::Email", email: "support@acme.test" });
  const text = programText(buildModel(snapshotOf(account(email))));
  const declaration = declarationOf(text, "inboxSupport");
  for (const setting of ["greetingEnabled: false", "enableEmailCollect: true", 'timezone: "UTC"', 'senderNameType: "friendly"', "{ dayOfWeek: 2, openHour: 9, closeHour: 17 }"]) {
    expect(declaration).toContain(setting);
  }
});

test.each([
  ["the installation's sender address, shown while the account has none, is not declared", "Chatwoot <accounts@chatwoot.com>", false],
  ["the account's own support address is", "Acme Support <support@acme.test>", true],
])("%s; diff compares it", (_, address, declared) => {
  const raw = (supportEmail: string): RawAccount => ({ types: ["AccountSettings"], account: { id: 1, name: "Acme", locale: "en", support_email: supportEmail, settings: {} } });
  const model = buildModel(snapshotOf(raw(address)));
  const text = programText(model);
  expect(text.includes(`supportEmail: ${JSON.stringify(address)}`)).toBe(declared);
  // The language stays: a copy's account keeps its own unless the program sets it.
  expect(text).toContain('locale: "en"');
  const other = buildModel(snapshotOf(raw("Globex <help@globex.test>")));
  expect(compareModels(model, other).flatMap((d) => d.changes.map((c) => [c.property, c.source, c.target]))).toEqual([["supportEmail", address, "Globex <help@globex.test>"]]);
});

describe.each(RESOURCE_TYPES.filter((t) => Object.keys(serverDefaultsOf(t.sdkClass)).length > 0).map((t) => t.sdkClass))("%s", (type) => {
  test.each(Object.keys(serverDefaultsOf(type)))("%s, left out, is an optional input", (key) => {
    const [input = "", field] = key.split(".");
    const schema = resources[type].inputSchema.shape[input] as z.ZodType | undefined;
    expect(schema?.safeParse(undefined).success).toBe(true);
    if (field !== undefined) {
      // A field of an object input: optional in every variant that has it (an inbox's channel types).
      const variants = (((schema as z.ZodOptional | undefined)?.unwrap() as { options?: unknown[] } | undefined)?.options ?? []) as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }[];
      const having = variants.filter((v) => v.shape?.[field] !== undefined);
      expect(having.length).toBeGreaterThan(0);
      for (const variant of having) expect(variant.shape?.[field]?.safeParse(undefined).success).toBe(true);
    }
  });
});
