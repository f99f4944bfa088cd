/**
 * The plugin's own configuration: the same settings as the stack's `chatwoot:*` config of the
 * dynamic resources (url, accountId, tokens, rate-limit settings), from the stack config for the
 * default provider and from its inputs for an explicit `chatwoot.Provider`. Each provider instance
 * is a process of its own, so each has its own connection.
 */
import { SETTING_SOURCES, settingProblems, type SettingName } from "../config";
import { UNKNOWN } from "../diff/diff";
import { checkConnection } from "../readers/connection";
import type { CheckFailure } from "../lifecycle/check";
import type { Props } from "../lifecycle/json";
import { markSecret } from "./properties";

/** The settings' keys, as the provider's inputs and the stack config (`chatwoot:<key>`) name them. */
export const CONFIG_KEYS = Object.values(SETTING_SOURCES).map((s) => s.key);

/** The settings that are credentials: secret inputs of the provider, whatever the program passes. */
export const SECRET_CONFIG_KEYS: readonly string[] = [SETTING_SOURCES.apiAccessToken.key, SETTING_SOURCES.platformAccessToken.key];

/** Inputs the engine itself adds to a provider's (the plugin's version, where to download it). */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/**
 * The stack setting `chatwoot:usePlugin`: a TypeScript program's resources and data sources without
 * an explicit provider take the plugin (sdk/front-door.ts reads it). The engine hands the default
 * provider every `chatwoot:*` key of the stack, this one too, which the provider takes and ignores.
 */
export const USE_PLUGIN_KEY = "usePlugin";

/** A setting's text as the connection reads it: numbers from typed inputs, text from stack config. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The provider's inputs checked: every problem of a setting named by its key, and an unknown key
 * refused with the allowed ones (a mistyped `acountId` would otherwise be ignored); the tokens
 * marked secret, so that the state holds them encrypted even where the program gave them plain.
 * `explicit`: the inputs are an explicit provider's, for which `usePlugin` means nothing.
 */
export function checkProviderConfig(news: Props, explicit: boolean): { inputs: Props; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  for (const key of Object.keys(news)) {
    if (key === USE_PLUGIN_KEY) {
      if (explicit) failures.push({ property: key, reason: `not a setting of a provider: chatwoot:${USE_PLUGIN_KEY} is a stack setting of TypeScript programs (it puts their resources without a provider on the plugin)` });
    } else if (!(CONFIG_KEYS as string[]).includes(key) && !ENGINE_KEYS.has(key) && !key.startsWith("__")) {
      failures.push({ property: key, reason: `unknown setting of the chatwoot provider; the settings are ${CONFIG_KEYS.join(", ")}` });
    }
  }
  const known: Record<string, string | undefined> = {};
  for (const key of CONFIG_KEYS) {
    const value = text(news[key]);
    // A value not known until the program runs (preview) is judged when it is.
    if (value !== UNKNOWN) known[key] = value;
  }
  for (const { key, reason } of settingProblems(known)) failures.push({ property: SETTING_SOURCES[key as SettingName].key, reason });
  return { inputs: markSecret(news, SECRET_CONFIG_KEYS), failures };
}

/**
 * The settings that differ between the provider's old and new inputs. None replaces the provider
 * (which would replace every resource it manages): a rotated token or a new URL of the same
 * installation applies in place, and a resource that moves account has its own replacement.
 */
export function diffProviderConfig(olds: Props, news: Props): string[] {
  return CONFIG_KEYS.filter((key) => text(olds[key]) !== text(news[key]));
}

/**
 * The settings of a Configure request: its arguments (keys without namespace), else the legacy
 * `variables` map (`chatwoot:config:<key>`), each as text.
 */
export function configValues(args: Props, variables: Record<string, string>): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const key of CONFIG_KEYS) {
    values[key] = text(args[key]) ?? variables[`chatwoot:config:${key}`] ?? variables[`chatwoot:${key}`];
  }
  return values;
}

/**
 * The name of the explicit provider a Configure or CheckConfig request is for, or `undefined` for
 * a default provider (the engine names those `default` or `default_<version>`), whose settings are
 * the stack's `chatwoot:*` config. The request's `name` is newer than some SDKs whose generated
 * messages the plugin runs on (a program's own `@pulumi/pulumi`, 3.139 say): the URN says it too.
 */
export function explicitProviderName(req: { getName?(): string | undefined; getUrn(): string | undefined }): string | undefined {
  const name = req.getName?.() || (req.getUrn() ?? "").split("::").pop() || "";
  return name === "" || /^default(_|$)/.test(name) ? undefined : name;
}

/**
 * Proves the provider's connection once, as it is configured (one GET per token, see
 * `checkConnection`): a preview calls no create or update, so a wrong token, a wrong URL or a
 * stopped server would otherwise pass `pulumi preview` and fail the `up` after it. Its failure
 * fails the provider's configuration with one line. A setting not known yet (a preview of a
 * provider whose URL another resource makes) waits; one missing or malformed is left to the
 * resources, which name it with the property concerned.
 */
export async function checkConfiguredConnection(values: Record<string, string | undefined>): Promise<void> {
  if (Object.values(values).includes(UNKNOWN)) return;
  try {
    await checkConnection();
  } catch (err) {
    throw new Error(`Chatwoot connection check: ${err instanceof Error ? err.message : String(err)}`);
  }
}
