/**
 * What every normalizer promises, checked over valid inputs, server responses and odd data alike:
 * it never throws, never mutates its input, returns plain JSON with no undefined anywhere, lays out
 * keys the same way whatever the input's key order, and is idempotent.
 */
import * as normalize from "../../../provider/diff/normalize";
import { normalizeDomains, normalizeFlags } from "../../../provider/resources/inbox/channel-web";
import { normalizeCredentials } from "../../../provider/resources/inbox/credentials";
import { normalizeCsatConfig } from "../../../provider/resources/inbox/csat";
import { normalizePreChatForm } from "../../../provider/resources/inbox/pre-chat-form";
import { normalizeTimeZone } from "../../../provider/resources/inbox/time-zone";
import { normalizeListedDays, normalizeWorkingHours } from "../../../provider/resources/inbox/working-hours";

const normalizers: [string, (v: unknown) => unknown][] = [
  ["canonical", normalize.canonical],
  ["normalizeWorkingHours", normalizeWorkingHours],
  ["normalizePortalConfig", normalize.normalizePortalConfig],
  ["normalizeCustomDomain", normalize.normalizeCustomDomain],
  ["normalizeOptionalLink", normalize.normalizeOptionalLink],
  ["normalizeConditions", normalize.normalizeConditions],
  ["normalizeActions", normalize.normalizeActions],
  ["normalizeIdSet", normalize.normalizeIdSet],
  ["normalizeTextSet", normalize.normalizeTextSet],
  ["normalizeListedDays", normalizeListedDays],
  ["normalizeTimeZone", normalizeTimeZone],
  ["normalizeCsatConfig", normalizeCsatConfig],
  ["normalizePreChatForm", normalizePreChatForm],
  ["normalizeDomains", normalizeDomains],
  ["normalizeFlags", normalizeFlags],
  ["normalizeCredentials", normalizeCredentials],
];

const inputs: [string, unknown][] = [
  ["undefined", undefined],
  ["null", null],
  ["zero", 0],
  ["NaN", NaN],
  ["empty string", ""],
  ["text", "x"],
  ["true", true],
  ["empty array", []],
  ["empty object", {}],
  ["array of nulls", [null, undefined]],
  ["nested arrays", [[[]], [{}]]],
  ["object with undefined", { a: undefined, b: [undefined] }],
  ["prototype-less object", Object.assign(Object.create(null) as object, { dayOfWeek: 1, code: "en", id: 1 })],
  ["date", new Date(0)],
  ["working hours", [{ dayOfWeek: "3", openHour: "9", closeHour: 17, openAllDay: "false" }, { dayOfWeek: 0, openAllDay: true, closedAllDay: true }]],
  ["portal config (server)", { allowedLocales: [{ code: "es", articlesCount: 2, draft: false }, { code: "en" }], defaultLocale: "en", layout: "x" }],
  ["portal config (input)", { allowedLocales: ["en", "es"] }],
  ["custom domain URL", "https://Docs.Example.com/help"],
  ["conditions", [{ attributeKey: "status", filterOperator: "equal_to", values: [1, "x", { b: 1, a: undefined }], queryOperator: "and", extra: { z: 1, y: [undefined] } }, { attributeKey: "x" }]],
  ["actions", [{ actionName: "send_webhook_event", actionParams: [{ url: "https://h", b: undefined }], zExtra: null }, { actionName: "add_label" }]],
  ["id set (server)", [{ id: 3, name: "A" }, { id: "2" }, "1", 1]],
  ["csat config", { displayType: "star", surveyRules: { values: ["VIP", 3, null], operator: null }, template: { name: "t" } }],
  ["pre-chat form", { preChatMessage: " ", preChatFields: [{ name: "plan", fieldType: "contact_attribute", values: [1, "a"] }, null] }],
  ["domains (server)", "acme.test, *.ACME.test,,"],
  ["mixed junk", [NaN, Infinity, -0, 12345678901234567890n, () => 1, Symbol("s"), { toJSON: () => ({ q: 1 }) }]],
];

/** A copy with every object key order reversed (values are shared, so the copy is shallow per level). */
function reverseKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reverseKeys);
  if (typeof v !== "object" || v === null || v instanceof Date) return v;
  return Object.fromEntries(Object.entries(v).reverse().map(([k, item]) => [k, reverseKeys(item)]));
}

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const item of Object.values(v)) deepFreeze(item);
  }
  return v;
}

describe.each(normalizers)("%s", (_name, n) => {
  test.each(inputs)("never throws and does not touch its input: %s", (_label, input) => {
    const frozen = deepFreeze(input);
    expect(() => n(frozen)).not.toThrow();
  });

  test.each(inputs)("returns plain JSON: %s", (_label, input) => {
    const out = n(input);
    expect(() => normalize.Json.parse(out)).not.toThrow();
    expect(JSON.parse(JSON.stringify(out))).toStrictEqual(out);
  });

  test.each(inputs)("is idempotent, key order included: %s", (_label, input) => {
    const once = n(input);
    expect(JSON.stringify(n(once))).toBe(JSON.stringify(once));
  });

  test.each(inputs)("lays out keys the same whatever the input's key order: %s", (_label, input) => {
    expect(JSON.stringify(n(reverseKeys(input)))).toBe(JSON.stringify(n(input)));
  });
});
