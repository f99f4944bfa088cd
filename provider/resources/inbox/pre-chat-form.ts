/**
 * A web widget's pre-chat form (`channel.preChatFormOptions`): the message above the form and its
 * fields, the standard ones (e-mail address, name, phone number) and custom attributes of the
 * contact or the conversation, which the visitor's answers fill in. Chatwoot stores the object as
 * sent, but replaces a form without fields (its message included) with its default form, so a
 * form is declared with its fields.
 */
import { z } from "zod";
import { asPresentText, asText, isRecord } from "../../diff/normalize/coerce";
import { fromWire, toWire } from "../../mapping";
import { attributeKey, lineText, oneLine, text } from "../../validation/fields";
import { regexPatternProblem } from "../../validation/regex-backtracking";

/** The standard fields of the form (the contact's own fields). */
export const STANDARD_FIELDS = ["emailAddress", "fullName", "phoneNumber"] as const;
/** What a field fills in: a standard field, or a custom attribute of the contact or the conversation. */
export const FIELD_TYPES = ["standard", "contact_attribute", "conversation_attribute"] as const;

const PreChatField = z
  .strictObject({
    fieldType: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(", ")}` }),
    name: z.string().trim().min(1, "must not be blank"),
    label: lineText.optional(),
    placeholder: lineText.optional(),
    // How the widget renders the field: `email`, `text`, `number`, `list`, `checkbox`, `date`, ...
    type: z.string().regex(/^[a-z_]+$/, "must be a field type such as text, email, number, list, checkbox or date").optional(),
    required: z.boolean().optional(),
    enabled: z.boolean().optional(),
    values: z.array(z.string().superRefine(oneLine())).optional(),
    regexPattern: z.string().nullable().optional(),
    regexCue: lineText.optional(),
  })
  .superRefine((field, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (field.fieldType === "standard" && !(STANDARD_FIELDS as readonly string[]).includes(field.name)) {
      issue("name", `a standard field is one of ${STANDARD_FIELDS.join(", ")} (a custom attribute's field has fieldType contact_attribute or conversation_attribute)`);
    }
    if (field.fieldType !== "standard") {
      const key = attributeKey.safeParse(field.name);
      if (!key.success) issue("name", `must be a custom attribute's key: ${key.error.issues[0]?.message ?? "invalid"}`);
    }
    const problem = field.regexPattern == null ? undefined : regexPatternProblem(field.regexPattern);
    if (problem) issue("regexPattern", problem);
  });

/** The checks of `InboxPreChatFormOptionsArgs` (sdk/inbox-channels.ts). */
export const PreChatFormOptions = z.strictObject({
  preChatMessage: text.optional(),
  preChatFields: z
    .array(PreChatField)
    .min(1, "must list at least one field: Chatwoot replaces a form without fields, its message included, with its default form")
    .superRefine((fields, ctx) => {
      const seen = new Map<string, number>();
      fields.forEach((field, i) => {
        const earlier = seen.get(field.name);
        if (earlier !== undefined) ctx.addIssue({ code: "custom", path: [i, "name"], message: `"${field.name}" is also field ${earlier}: each field once` });
        else seen.set(field.name, i);
      });
    }),
});
export type PreChatFormOptions = z.output<typeof PreChatFormOptions>;

/**
 * `preChatFormOptions` in compared form: the message (blank as none) and the fields in order, each
 * with every key (a flag left out is false, a text or pattern left out none, values none as an
 * empty list), keys as the server stores them.
 */
export function normalizePreChatForm(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  const form = isRecord(v) ? v : {};
  const fields = Array.isArray(form.preChatFields) ? form.preChatFields : [];
  return {
    preChatMessage: asPresentText(form.preChatMessage),
    preChatFields: fields.map((f) => {
      const field = isRecord(f) ? f : {};
      return {
        fieldType: asText(field.fieldType),
        name: asText(field.name),
        label: asPresentText(field.label),
        placeholder: asPresentText(field.placeholder),
        type: asPresentText(field.type),
        required: field.required === true,
        enabled: field.enabled === true,
        values: Array.isArray(field.values) ? field.values.map(asText) : [],
        regexPattern: asPresentText(field.regexPattern),
        regexCue: asPresentText(field.regexCue),
      };
    }),
  };
}

/** Chatwoot's default form (`validate_pre_chat_options`): what a widget has until a form is set. */
export const DEFAULT_PRE_CHAT_FORM = {
  preChatMessage: "Share your queries or comments here.",
  preChatFields: (
    [
      ["emailAddress", "Email Id", "email", true],
      ["fullName", "Full name", "text", false],
      ["phoneNumber", "Phone number", "text", false],
    ] as const
  ).map(([name, label, type, required]) => ({ fieldType: "standard", label, name, type, required, enabled: false })),
};

/** The request's `pre_chat_form_options` (snake_case keys, as the server stores them). */
export const preChatFormBody = (form: PreChatFormOptions): unknown => toWire(form);

/** The server's `pre_chat_form_options` as the output shows it (camelCase keys). */
export const preChatFormOutput = (wire: unknown): unknown => (isRecord(wire) ? fromWire(wire) : null);
