/**
 * `pulumi-chatwoot diff`: compares the configuration of two accounts (of one installation or two)
 * after mapping ids to the objects they stand for (../clone/compare.ts), the check a pipeline runs
 * after cloning. Prints what differs on stdout. Exit codes: 0 equal, 1 they differ, 2 an error.
 */
import type { SettingNames } from "../../provider/config";
import { compareModels, describeDifferences, onlyExtra, type Difference } from "../clone/compare";
import { buildModel } from "../clone/model";
import { accountIdFrom, clientFor, CLONE_OPTIONS, cloneFlags, readOptions, readWithProgress, reportFailure, selectionUsage, SOURCE_NAMES } from "./clone-options";
import type { Command } from "./command";

const NAME = "pulumi-chatwoot diff";

export const DIFF_USAGE = `usage: ${NAME} --account-id A --to-account-id B [--url URL] [--to-url URL]
       [--include TYPES | --exclude TYPES] [--exclude KIND:PATTERN ...] [--template] [--platform]
       [--portal-suffix SUFFIX] [--allow-extra]

Compares the configuration of two accounts as \`pulumi-chatwoot export\` sees it: objects are
matched by kind and natural key (a label's title, a team's name, an agent's e-mail address, ...),
and ids compare by what they stand for (a team by its name, a user by e-mail address). Prints each object
only one account has and each property that differs, saying which account holds what.

  --account-id A           the source account
  --to-account-id B        the account to compare it with
  --url URL                the source's server (default: CHATWOOT_URL)
  --to-url URL             the other account's server (default: the source's)
${selectionUsage(27)}
                           Give the flags \`export\` was given: B is then compared with what the
                           export declares (with --template: no people, and neither the accounts'
                           names, support addresses and domains nor who the users referred to are)
  --platform               tell Platform bots from the accounts' own (needs Platform App tokens)
  --portal-suffix S        the portalSuffix the copy was applied with: B's portal slugs end
                           with -S, and custom domains are not compared
  --allow-extra            check only that B holds everything of A: what B has besides (its
                           own administrator, inbox or bot, members added to a membership) is
                           listed but does not make the accounts differ
  -h, --help               this text

Tokens: CHATWOOT_API_ACCESS_TOKEN and CHATWOOT_PLATFORM_ACCESS_TOKEN for the source;
CHATWOOT_TO_API_ACCESS_TOKEN and CHATWOOT_TO_PLATFORM_ACCESS_TOKEN for B (default: the source's).
The other connection settings come from the provider's environment variables, among them the
servers' rate limit (CHATWOOT_RATE_LIMIT_PER_MINUTE: unset, it is learned from the first 429).
Exit codes: 0 the accounts are equal (with --allow-extra: B holds everything of A), 1 they differ,
2 an error (a wrong flag, the server or the connection failed).`;

function readFlags(argv: string[]) {
  const values = readOptions(argv, {
    ...CLONE_OPTIONS,
    "to-account-id": { type: "string" },
    "to-url": { type: "string" },
    "portal-suffix": { type: "string" },
    "allow-extra": { type: "boolean" },
  });
  if (values.help) return "help" as const;
  return {
    ...cloneFlags(values),
    toAccountId: accountIdFrom("--to-account-id", values["to-account-id"]),
    toUrl: values["to-url"],
    portalSuffix: values["portal-suffix"],
    allowExtra: values["allow-extra"] ?? false,
  };
}

const env = (name: string) => process.env[name]?.trim() || undefined;

/** How errors name the settings of the account compared with. */
const TARGET_NAMES: SettingNames = {
  url: "--to-url (or --url, CHATWOOT_URL)",
  accountId: "--to-account-id",
  apiAccessToken: "environment variable CHATWOOT_TO_API_ACCESS_TOKEN (or CHATWOOT_API_ACCESS_TOKEN)",
  platformAccessToken: "environment variable CHATWOOT_TO_PLATFORM_ACCESS_TOKEN (or CHATWOOT_PLATFORM_ACCESS_TOKEN)",
};

async function run(argv: string[]): Promise<number> {
  try {
    const flags = readFlags(argv);
    if (flags === "help") {
      process.stdout.write(`${DIFF_USAGE}\n`);
      return 0;
    }
    const source = clientFor({ url: flags.url, urlFlag: "--url", names: SOURCE_NAMES, platform: flags.platform });
    const target = clientFor({
      url: flags.toUrl ?? flags.url,
      urlFlag: "--to-url",
      names: TARGET_NAMES,
      apiAccessToken: env("CHATWOOT_TO_API_ACCESS_TOKEN"),
      platformAccessToken: env("CHATWOOT_TO_PLATFORM_ACCESS_TOKEN"),
      platform: flags.platform,
    });
    const options = { exclude: flags.patterns, template: flags.template };
    const from = buildModel(await readWithProgress(source.client, source.url, flags.accountId, flags.types, flags.platform), options);
    const to = buildModel(await readWithProgress(target.client, target.url, flags.toAccountId, flags.types, flags.platform), options);
    const differences = compareModels(from, to, { portalSuffix: flags.portalSuffix });
    const sameServer = source.url === target.url;
    const a = `account ${flags.accountId}`;
    const b = sameServer ? `account ${flags.toAccountId}` : `account ${flags.toAccountId} at ${target.url}`;
    if (differences.length === 0) {
      process.stdout.write(`${a} and ${b} have the same configuration (${from.objects.length} objects compared).\n`);
      return 0;
    }
    if (flags.allowExtra) return reportContained(differences, a, b, from.objects.length);
    const lines = describeDifferences(differences, a, b);
    const count = (kind: string) => differences.filter((d) => d.kind === kind).length;
    process.stdout.write(
      `${lines.join("\n")}\n${a} and ${b} differ: ${differences.length} object(s) ` +
        `(${count("missing")} only in ${a}, ${count("extra")} only in ${b}, ${count("changed")} changed).\n`,
    );
    return 1;
  } catch (err) {
    return reportFailure(NAME, DIFF_USAGE, err, 2);
  }
}

/**
 * `--allow-extra`: what `b` lacks of `a`, or holds otherwise, first (exit 1 when there is any), then
 * what `b` holds besides, which does not count.
 */
function reportContained(differences: Difference[], a: string, b: string, compared: number): number {
  const counted = differences.filter((d) => !onlyExtra(d));
  const extra = differences.filter(onlyExtra);
  const besides = extra.length === 0 ? "" : `Only in ${b}, or with more members there (allowed by --allow-extra):\n${describeDifferences(extra, a, b).join("\n")}\n`;
  const more = extra.length === 0 ? "" : `; ${b} has ${extra.length} more, listed above`;
  if (counted.length === 0) {
    process.stdout.write(`${besides}${b} holds everything of ${a} (${compared} objects compared${more}).\n`);
    return 0;
  }
  const missing = counted.filter((d) => d.kind === "missing").length;
  process.stdout.write(
    `${describeDifferences(counted, a, b).join("\n")}\n${besides}` +
      `${b} does not hold everything of ${a}: ${counted.length} object(s) (${missing} only in ${a}, ${counted.length - missing} changed)${more}.\n`,
  );
  return 1;
}

export const diffCommand: Command = {
  summary: "compare two accounts' configuration after mapping ids; exit 1 when they differ (run it after cloning)",
  run,
};
