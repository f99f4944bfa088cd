/**
 * What the server holds where nobody set anything: its columns' defaults (Chatwoot's db/schema.rb)
 * and what a new object starts with (an inbox's week, Mondays to Fridays 9 to 17). An object the
 * exported program creates elsewhere gets them there too, so its declaration leaves them out, as a
 * person writing it would; `diff` still compares them. An object the program adopts in another
 * account (the account's settings, its people, an inbox that can only be adopted) declares them:
 * there they are what the copy sets. Only values equal to a default in the resource's own compared
 * form are left out (`#1F93FF` is the default colour).
 */
import { resources } from "../../provider";
import type { Normalizer } from "../../provider/diff/diff";
import { sameValue } from "../../provider/diff/normalize";
import type { Props } from "../../provider/lifecycle/json";
import type { TypeName } from "./resource-types";

/** Each day of a new inbox's week as the export declares it (Chatwoot's `create_default_working_hours`). */
export const DEFAULT_WEEK: readonly Props[] = [
  { dayOfWeek: 0, closedAllDay: true },
  ...[1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openHour: 9, closeHour: 17 })),
  { dayOfWeek: 6, closedAllDay: true },
];

/** Chatwoot's brand colour, the default of labels, widgets and (shown for a blank one) portals. */
const BRAND_COLOR = "#1f93ff";

/** The defaults of an object input's fields, each left out on its own (an inbox's channel: its `type` stays). */
class Fields {
  constructor(readonly defaults: Props) {}
}

/**
 * Per kind, the inputs' defaults (camelCase, in the form the export declares them): a value is left
 * out when the whole input equals it; {@link Fields} hold an object input's defaults field by field
 * (an inbox's channel, whose defaults are those of every channel type that has the field).
 */
const SERVER_DEFAULTS: Partial<Record<TypeName, Record<string, unknown>>> = {
  Label: { color: BRAND_COLOR },
  Team: { allowAutoAssign: true },
  SlaPolicy: { onlyDuringBusinessHours: false },
  AssignmentPolicy: { assignmentOrder: "round_robin", conversationPriority: "earliest_created", fairDistributionLimit: 100, fairDistributionWindow: 3600, enabled: true },
  Inbox: {
    greetingEnabled: false,
    enableEmailCollect: true,
    csatSurveyEnabled: false,
    enableAutoAssignment: true,
    workingHoursEnabled: false,
    timezone: "UTC",
    allowMessagesAfterResolved: true,
    lockToSingleConversation: false,
    senderNameType: "friendly",
    channel: new Fields({
      hmacMandatory: false,
      widgetColor: BRAND_COLOR,
      replyTime: "in_a_few_minutes",
      preChatFormEnabled: false,
      continuityViaEmail: true,
      // `feature_flags` 7.
      selectedFeatureFlags: ["attachments", "emoji_picker", "end_conversation"],
    }),
  },
  Portal: { color: BRAND_COLOR, config: { allowedLocales: ["en"], defaultLocale: "en" } },
  AutomationRule: { active: true },
  Macro: { visibility: "personal" },
  Campaign: { enabled: true, triggerOnlyDuringBusinessHours: false },
  CaptainCustomTool: { httpMethod: "GET", enabled: true },
  CaptainScenario: { enabled: true },
};

/** The inputs of kind `type` that have a default, with it (an object input's fields as `channel.widgetColor`), for tests. */
export function serverDefaultsOf(type: TypeName): Props {
  const flat: Props = {};
  for (const [key, value] of Object.entries(SERVER_DEFAULTS[type] ?? {})) {
    if (value instanceof Fields) for (const [field, d] of Object.entries(value.defaults)) flat[`${key}.${field}`] = d;
    else flat[key] = value;
  }
  return flat;
}

const isPlainObject = (v: unknown): v is Props => typeof v === "object" && v !== null && !Array.isArray(v) && v.constructor === Object;

/** The declared inputs and the defaults taken out of them (nested as the inputs are). */
export interface Split {
  declared: Props;
  defaults: Props;
}

/**
 * `inputs` of an object of kind `type` the program creates, without the values that are the
 * server's defaults: those are returned apart. An inbox's working hours keep only the days that
 * differ from a new inbox's (the whole week is among the defaults then, for `diff`).
 */
export function withoutServerDefaults(type: TypeName, inputs: Props): Split {
  const spec = SERVER_DEFAULTS[type];
  const { normalizers } = resources[type];
  const split = spec ? splitBy(spec, inputs, (key) => normalizers[key]) : { declared: { ...inputs }, defaults: {} };
  if (type === "Inbox" && Array.isArray(inputs.workingHours)) {
    const week = inputs.workingHours as Props[];
    const changed = week.filter((day) => !DEFAULT_WEEK.some((d) => sameValue(d, day)));
    if (changed.length < week.length) {
      split.defaults.workingHours = week;
      if (changed.length > 0) split.declared.workingHours = changed;
      else delete split.declared.workingHours;
    }
  }
  return split;
}

/** `inputs` split by `spec`; `normalizerOf` gives how a key compares (nested keys: in their parent's normalizer). */
function splitBy(spec: Record<string, unknown>, inputs: Props, normalizerOf: (key: string) => Normalizer | undefined): Split {
  const declared: Props = {};
  const defaults: Props = {};
  for (const [key, value] of Object.entries(inputs)) {
    const fallback = spec[key];
    if (fallback === undefined || value === undefined) {
      declared[key] = value;
    } else if (fallback instanceof Fields) {
      if (!isPlainObject(value)) {
        declared[key] = value;
        continue;
      }
      // Each field compared as the object's normalizer compares it.
      const parent = normalizerOf(key);
      const inner = splitBy(fallback.defaults, value, (field) => (parent ? (v, d) => fieldOf(parent(withType(value, field, v), withType(value, field, d)), field) : undefined));
      declared[key] = inner.declared;
      if (Object.keys(inner.defaults).length > 0) defaults[key] = inner.defaults;
    } else if (isDefaultValue(fallback, value, normalizerOf(key))) {
      defaults[key] = value;
    } else {
      declared[key] = value;
    }
  }
  return { declared, defaults };
}

/** `{ type, [field]: v }` of an object input with a `type` (an inbox's channel), for its normalizer. */
const withType = (object: Props, field: string, v: unknown): Props => ({ ...(object.type === undefined ? {} : { type: object.type }), [field]: v });

const fieldOf = (normalized: unknown, field: string) => (isPlainObject(normalized) ? normalized[field] : normalized);

function isDefaultValue(fallback: unknown, value: unknown, normalize: Normalizer | undefined): boolean {
  const form = normalize ?? ((v: unknown) => v ?? null);
  return sameValue(form(value, fallback), form(fallback, fallback));
}
