/**
 * What `export` and `diff` share on the command line: the account ids, the kinds to cover
 * (`--include`/`--exclude`), which bots are Platform bots (`--platform`), the connection (flags over the `CHATWOOT_*` environment
 * variables the provider reads), progress on stderr, and how a failure is reported.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { apiClient, type ApiClient } from "../../provider/http/transport/client";
import { connectionFrom, type SettingNames } from "../../provider/config";
import { ChatwootApiError, ConfigError } from "../../provider/http/transport/errors";
import { countOf, readAccount, type AccountSnapshot } from "../clone/account";
import { isObjectPattern, parseObjectPattern, type ObjectPattern } from "../clone/exclusions";
import { PEOPLE_KINDS } from "../clone/model";
import { parseTypeList, RESOURCE_TYPES, resourceType, TYPE_OPTIONS, typeOrder, type TypeName } from "../clone/resource-types";

/** A wrong flag or value: the command prints it with its usage and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The flags `export` and `diff` share (node:util `parseArgs` options). */
export const CLONE_OPTIONS = {
  "account-id": { type: "string" },
  url: { type: "string" },
  include: { type: "string" },
  exclude: { type: "string", multiple: true },
  template: { type: "boolean" },
  platform: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies Options;

/** The lines of `export --help` and `diff --help` that describe what they cover (`pad`: the column the descriptions start at). */
export function selectionUsage(pad: number): string {
  // A flag too long for its column has its text on the lines below it.
  const flag = (name: string, text: string[]) =>
    name.length > pad - 4
      ? [`  ${name}`, ...text.map((line) => `${" ".repeat(pad)}${line}`)]
      : [`  ${name.padEnd(pad - 2)}${text[0]}`, ...text.slice(1).map((line) => `${" ".repeat(pad)}${line}`)];
  return [
    ...flag("--include TYPES", ["only these kinds, comma-separated"]),
    ...flag("--exclude TYPES", ["every kind but these"]),
    ...flag("--exclude KIND:PATTERN", [
      "leave out the objects of a kind whose name (what diff matches them by:",
      "a label's title, an inbox's name, a portal's slug) matches PATTERN, in",
      "any case; * is any text, ? one character (--exclude 'inbox:Acme *'); what",
      "belongs to them goes too (memberships, limits, links, campaigns, hooks);",
      "give --exclude once per pattern",
    ]),
    ...flag("", [`kinds: ${TYPE_OPTIONS.join(", ")} (as KIND, the singular too: inbox, label, ...)`]),
    ...flag("--template", [
      "a fleet template: without the people (agents and every membership) and",
      "with what each account has its own of (its name, support address and",
      "domains; the users the objects refer to; the ids of inboxes that can only",
      "be adopted) as config keys each account sets",
    ]),
  ].join("\n");
}

/** What `parseArgs` reads for `options`. */
type Values<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; strict: true; allowPositionals: false; options: O }>>["values"];

/** Reads flags strictly (no positionals, no unknown flag); anything wrong is a {@link UsageError}. */
export function readOptions<O extends Options>(argv: string[], options: O): Values<O> {
  try {
    return parseArgs({ args: argv, strict: true as const, allowPositionals: false as const, options }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The shared flags' values: the source account, its server, what to cover. */
export function cloneFlags(values: { "account-id"?: string; url?: string; include?: string; exclude?: string[]; template?: boolean; platform?: boolean }) {
  return {
    accountId: accountIdFrom("--account-id", values["account-id"]),
    url: values.url,
    ...selectionFrom(values),
    platform: values.platform ?? false,
  };
}

/** An account id flag's value. */
export function accountIdFrom(flag: string, value: string | undefined): number {
  if (value === undefined) throw new UsageError(`${flag} is required`);
  const id = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new UsageError(`${flag} must be a positive integer account id, not "${value}"`);
  return id;
}

/** What an export or a comparison covers. */
export interface Selection {
  /** The kinds to read. */
  types: Set<TypeName>;
  /** The objects left out by name. */
  patterns: ObjectPattern[];
  /** A fleet template (no people; see `buildModel`). */
  template: boolean;
  /** The flags as a command line gives them again (`--template`, `--exclude 'inbox:Acme *'`), for the README's `diff`. */
  flags: string[];
}

/** A value as a shell takes it as one word. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * What `--include`, `--exclude` (each a list of kinds or a `KIND:PATTERN`) and `--template` cover:
 * every kind, or those `--include` names, minus those `--exclude` names and, for a template, the
 * people; the objects each pattern names.
 */
export function selectionFrom(flags: { include?: string; exclude?: string[]; template?: boolean }): Selection {
  const parse = <T>(flag: string, text: string, read: (text: string) => T): T => {
    try {
      return read(text);
    } catch (err) {
      throw new UsageError(`${flag}: ${(err as Error).message}`);
    }
  };
  const excluded = flags.exclude ?? [];
  const named = excluded.filter(isObjectPattern).map((text) => ({ text, pattern: parse("--exclude", text, parseObjectPattern) }));
  const kindLists = excluded.filter((text) => !isObjectPattern(text));
  if (flags.include !== undefined && kindLists.length > 0) throw new UsageError("give --include or --exclude TYPES, not both (--exclude KIND:PATTERN goes with either)");
  const all = RESOURCE_TYPES.map((t) => t.sdkClass);
  const included = flags.include !== undefined ? parse("--include", flags.include, parseTypeList) : all;
  const template = flags.template ?? false;
  const people = template ? included.filter((t) => flags.include !== undefined && PEOPLE_KINDS.includes(t)) : [];
  if (people.length > 0) {
    throw new UsageError(`--template leaves out the people: --include cannot name ${people.map((t) => resourceType(t).option).join(", ")}`);
  }
  const types = new Set<TypeName>(included.filter((t) => !(template && PEOPLE_KINDS.includes(t))));
  for (const text of kindLists) for (const t of parse("--exclude", text, parseTypeList)) types.delete(t);
  for (const { text, pattern } of named) {
    if (!types.has(pattern.type)) throw new UsageError(`--exclude ${shellWord(text)}: ${resourceType(pattern.type).plural} are not covered anyway`);
  }
  const flagsAgain = [
    ...(template ? ["--template"] : []),
    ...(flags.include === undefined ? [] : [`--include ${shellWord(flags.include)}`]),
    ...excluded.map((text) => `--exclude ${shellWord(text)}`),
  ];
  return { types, patterns: named.map((n) => n.pattern), template, flags: flagsAgain };
}

/** Where to connect; tokens that are not given come from the provider's environment variables. */
export interface ConnectionFlags {
  url?: string;
  /** The flag that sets the URL, for messages (`--url`, `--to-url`). */
  urlFlag: string;
  /** How messages about this connection name its settings: the flags and variables that set them. */
  names: SettingNames;
  apiAccessToken?: string;
  platformAccessToken?: string;
  /** Whether the Platform App token is needed (`--platform`). */
  platform: boolean;
}

/**
 * A client for the connection, validated before any request: the URL from the flag or
 * `CHATWOOT_URL`, the tokens as given or from `CHATWOOT_API_ACCESS_TOKEN` /
 * `CHATWOOT_PLATFORM_ACCESS_TOKEN`, the timeouts and retries as the provider reads them.
 */
export function clientFor(flags: ConnectionFlags): { client: ApiClient; url: string } {
  if ((flags.url ?? process.env.CHATWOOT_URL ?? "").trim() === "") throw new ConfigError(`no server: give ${flags.urlFlag} URL or set CHATWOOT_URL`);
  const settings = connectionFrom({ url: flags.url, apiAccessToken: flags.apiAccessToken, platformAccessToken: flags.platformAccessToken }, flags.names);
  if (settings.apiAccessToken === undefined) throw new ConfigError("no API access token: set CHATWOOT_API_ACCESS_TOKEN (an administrator's access token)");
  if (flags.platform && settings.platformAccessToken === undefined) {
    throw new ConfigError("--platform needs a Platform App token: set CHATWOOT_PLATFORM_ACCESS_TOKEN");
  }
  return { client: apiClient(settings), url: settings.url };
}

/** How errors name the settings of the account read first (`export`, and the source of `diff`). */
export const SOURCE_NAMES: SettingNames = { url: "--url (or CHATWOOT_URL)", accountId: "--account-id" };

/**
 * Reads an account, telling stderr what was read per kind as it goes (the kinds it has none of in
 * one line at the end); errors name the settings as the client's connection does (a 401 for a
 * foreign account points to `--account-id`, not to stack config).
 */
export async function readWithProgress(client: ApiClient, url: string, accountId: number, types: ReadonlySet<TypeName>, platform = false): Promise<AccountSnapshot> {
  process.stderr.write(`Reading account ${accountId} at ${url}\n`);
  const none: TypeName[] = [];
  const progress = (type: TypeName, n: number) => (n === 0 ? none.push(type) : process.stderr.write(`  ${countOf(type, n)}\n`));
  const snapshot = await readAccount(client, accountId, { types, platform, progress });
  if (none.length > 0) process.stderr.write(`  ${noneLine(none)}\n`);
  return snapshot;
}

/** `none of 2 kinds: macros, webhooks`, in declaration order. */
export function noneLine(types: readonly TypeName[]): string {
  const sorted = [...types].sort((a, b) => typeOrder(a) - typeOrder(b));
  return `none of ${sorted.length === 1 ? "1 kind" : `${sorted.length} kinds`}: ${sorted.map((t) => resourceType(t).plural).join(", ")}`;
}

/**
 * The exit code for a failure, after saying what went wrong on stderr: 2 for a usage error (with
 * the usage), `failed` for a connection, authentication or server error; anything else is a bug
 * and is thrown on.
 */
export function reportFailure(command: string, usage: string, err: unknown, failed: number): number {
  if (err instanceof UsageError) {
    process.stderr.write(`${command}: ${err.message}\n\n${usage}\n`);
    return 2;
  }
  if (ChatwootApiError.isInstance(err) || ConfigError.isInstance(err)) {
    process.stderr.write(`${command}: ${err.message}\n`);
    return failed;
  }
  throw err;
}
