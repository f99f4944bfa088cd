/**
 * An integration hook's settings, checked against its app (apps.ts): `settings` the ones shown back,
 * `secretSettings` the credentials, which reach outputs and state only as salted digests (the server
 * never shows them). Chatwoot replaces the settings whole on every write, so a write sends both.
 */
import { z } from "zod";
import { isRecord } from "../../diff/normalize/coerce";
import { UNKNOWN } from "../../diff/diff";
import { registerSecret } from "../../http/redaction/secrets";
import type { Props } from "../../lifecycle/json";
import { snakeKey, camelKey } from "../../mapping";
import { oneLine } from "../../validation/fields";
import { hookApp, type HookApp, type SettingType } from "./apps";

/** One setting that is no secret: text, a number or a switch. */
export const settingValue = z.union([z.string().superRefine(oneLine(4096)), z.number(), z.boolean()], { error: "must be text, a number or true/false" });

/** One secret setting: an API key or token, or a key file's JSON text; messages never quote it. */
export const secretValue = z.string({ error: "must be text (a secret)" }).min(1, "must not be empty").max(65_536, "must be at most 65536 characters");

const typeProblem: Record<SettingType, (v: unknown) => string | undefined> = {
  string: (v) => (typeof v === "string" ? undefined : "must be text"),
  boolean: (v) => (typeof v === "boolean" ? undefined : "must be true or false"),
  integer: (v) => (Number.isInteger(v) ? undefined : "must be a whole number"),
  json: (v) => (typeof v === "string" && isJsonObject(v) ? undefined : "must be the JSON text of an object (the key file's content)"),
};

function isJsonObject(text: string): boolean {
  try {
    return isRecord(JSON.parse(text));
  } catch {
    return false;
  }
}

type Issue = { path: (string | number)[]; message: string };

/** Every problem of the settings of a hook of `appId` (unknown values, left for preview, pass). */
export function settingsProblems(appId: string, settings: unknown, secrets: unknown): Issue[] {
  const app = hookApp(appId);
  if (!app) return [];
  const issues: Issue[] = [];
  const given = { settings: isRecord(settings) ? settings : {}, secretSettings: isRecord(secrets) ? secrets : {} };
  if (app.oauth) {
    for (const key of ["settings", "secretSettings"] as const) {
      if (key === "settings" ? settings !== undefined : secrets !== undefined) {
        issues.push({ path: [key], message: `cannot be set for ${appId}, an OAuth app: its settings are made by the consent in the dashboard, and left as they are` });
      }
    }
    return issues;
  }
  for (const [group, allowed, other] of [["settings", app.settings, app.secrets], ["secretSettings", app.secrets, app.settings]] as const) {
    for (const [key, value] of Object.entries(given[group])) {
      const type = allowed[key];
      if (type === undefined) {
        const hint = other[key] !== undefined ? ` (${key} belongs in ${group === "settings" ? "secretSettings" : "settings"})` : "";
        issues.push({ path: [group, key], message: `is no setting of ${appId}${hint}; allowed: ${Object.keys(allowed).join(", ") || "none"}` });
      } else if (value !== UNKNOWN && value !== undefined) {
        const problem = typeProblem[type](value);
        if (problem) issues.push({ path: [group, key], message: problem });
      }
    }
  }
  // A group left out is not managed (an imported hook's credentials, which the API never shows): create and update say what they need.
  for (const key of app.required) {
    const group = app.secrets[key] !== undefined ? "secretSettings" : "settings";
    const value = group === "settings" ? settings : secrets;
    if (value !== undefined && value !== UNKNOWN && given[group][key] === undefined) issues.push({ path: [group, key], message: `is required by ${appId}` });
  }
  return issues;
}

/**
 * Why a write of a hook's settings cannot be made from these inputs, or `undefined`: Chatwoot
 * replaces the settings whole, credentials included, and never shows them, so a create needs every
 * required one and an update of the settings needs them all given again.
 */
export function missingForWrite(appId: string, settings: unknown, secrets: unknown, write: "create" | "update"): string | undefined {
  const app = hookApp(appId);
  if (!app || app.oauth) return undefined;
  const given = { ...(isRecord(settings) ? settings : {}), ...(isRecord(secrets) ? secrets : {}) };
  const missing = write === "create" ? app.required.filter((key) => given[key] === undefined) : secrets === undefined ? Object.keys(app.secrets) : [];
  if (missing.length === 0) return undefined;
  const names = missing.map((key) => `${key in app.secrets ? "secretSettings" : "settings"}.${key}`).join(", ");
  return write === "create"
    ? `the ${appId} app needs ${names} to make a hook`
    : `Chatwoot replaces a hook's settings whole, credentials included, and never shows them: give ${names} to change the settings`;
}

/** Remembers every secret setting given (and the strings inside a key file) for redaction. */
export function rememberSecrets(secrets: unknown): void {
  if (!isRecord(secrets)) return;
  for (const value of Object.values(secrets)) {
    if (typeof value !== "string") continue;
    registerSecret(value);
    if (isJsonObject(value)) for (const inner of Object.values(JSON.parse(value) as Props)) if (typeof inner === "string" && inner.length >= 8) registerSecret(inner);
  }
}

/** The request's `settings`: every setting and secret given, snake_case, key files as objects. */
export function settingsBody(appId: string, settings: unknown, secrets: unknown): Props {
  const app = hookApp(appId);
  const out: Props = {};
  for (const [key, value] of Object.entries(isRecord(settings) ? settings : {})) if (value !== undefined) out[snakeKey(key)] = value;
  for (const [key, value] of Object.entries(isRecord(secrets) ? secrets : {})) {
    if (typeof value !== "string") continue;
    out[snakeKey(key)] = app?.secrets[key] === "json" ? (JSON.parse(value) as unknown) : value;
  }
  return out;
}

/**
 * The `settings` output: what the server shows of the app's settings (secrets dropped, should an
 * older server echo them), and, for a setting it never shows, the value last sent (`kept`).
 */
export function settingsOutput(app: HookApp | undefined, shown: Props, kept: unknown): Props | null {
  const out: Props = {};
  const visible = app?.visible ?? [];
  for (const [key, value] of Object.entries(isRecord(kept) ? kept : {})) if (!visible.includes(key) && !(key in (app?.secrets ?? {}))) out[key] = value;
  for (const [wireKey, value] of Object.entries(shown)) {
    const key = camelKey(wireKey);
    if (app && key in app.secrets) continue;
    if (value !== null && value !== undefined) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** `settings` in compared form: keys in order, unset ones left out, none at all as `null`. */
export function normalizeSettings(value: unknown): unknown {
  if (!isRecord(value) || Object.keys(value).length === 0) return null;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null).sort(([a], [b]) => a.localeCompare(b)));
}
