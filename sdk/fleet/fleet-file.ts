/**
 * The fleet file: a template project, the installations its members run on, and the members, one
 * stack each. This zod schema is the file's one description: the types below derive from it, the
 * loader validates with it (./load-fleet.ts), and `npm run generate` writes it out as the JSON
 * Schema editors complete the file with (./fleet.schema.json, see ./json-schema.ts).
 *
 * Tokens and other secrets are never values of the file, only references to where they are: an
 * environment variable of the run, or a secret the member's stack already holds.
 */
import { z } from "zod";

/** Chatwoot's `RACK_ATTACK_LIMIT` unless its operator changed it: requests per minute per client address. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 3_000;

const NAME_RULE = "letters, digits, '-', '_' and '.', starting with a letter or digit, at most 100 characters";
const Name = z.string({ error: `a name: ${NAME_RULE}` }).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, { error: `a name has ${NAME_RULE}` });

const EnvName = z
  .string({ error: "the name of an environment variable" })
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "an environment variable's name has letters, digits and '_', not starting with a digit" });

/** A secret read from the environment of the run: the fleet sets it in the member's stack as a secret (a token goes only into the environment of the member's run). */
export const FromEnv = z
  .strictObject({ fromEnv: EnvName.describe("The environment variable that holds the value when the fleet runs.") })
  .meta({ id: "FromEnv", description: "A secret taken from an environment variable of the run." });

/** A secret the member's stack already holds (set with `pulumi config set --secret KEY --stack MEMBER`): the fleet keeps it as it is. */
export const FromStackSecret = z
  .strictObject({ fromStackSecret: z.literal(true, { error: "fromStackSecret: true" }).describe("Keep the secret the member's stack holds under this key.") })
  .meta({ id: "FromStackSecret", description: "A secret the member's stack already holds under this key (pulumi config set --secret KEY --stack MEMBER)." });

/** Where a secret is: never the secret itself. */
export const SecretReference = z.union([FromEnv, FromStackSecret], {
  error: "a reference to a secret: { fromEnv: VARIABLE } or { fromStackSecret: true }, never the secret itself",
}).meta({ id: "SecretReference", description: "Where a secret is: an environment variable of the run, or the member's stack." });
export type SecretReference = z.infer<typeof SecretReference>;

/** A config key as `pulumi config set` takes it: the template project's own (`customerName`) or another namespace's (`chatwoot:requestTimeoutMs`). */
const ConfigKey = z
  .string()
  .regex(/^([A-Za-z0-9][A-Za-z0-9_.-]*:)?[A-Za-z0-9_][A-Za-z0-9_.-]*$/, { error: "a config key: key, or namespace:key (letters, digits, '-', '_', '.')" });

type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };
/** A plain value: text, a number, true/false, a list or a map. */
const PlainValue: z.ZodType<Plain> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(PlainValue), z.record(z.string(), PlainValue)]))
  .meta({ id: "PlainValue", description: "A plain value: text, a number, true/false, a list or a map (set as JSON)." });

/** A plain value (set in the stack as it is; lists and maps as JSON), or a reference to a secret. */
const ConfigValue = z
  .union([SecretReference, PlainValue], {
    error: "a plain value (text, number, true/false, a list or a map), or a secret's reference { fromEnv: VARIABLE } / { fromStackSecret: true }",
  })
  .meta({ id: "ConfigValue", description: "A plain value, or where a secret is." });
export type ConfigValue = z.infer<typeof ConfigValue>;

const ConfigMap = z.record(ConfigKey, ConfigValue).meta({ id: "ConfigMap", description: "Stack config of the template project, by key: its own keys bare (customerName), others' with their namespace (chatwoot:requestTimeoutMs)." });
export type ConfigMap = z.infer<typeof ConfigMap>;

const Url = z.url({ protocol: /^https?$/, error: "the installation's base URL, http:// or https:// (e.g. https://chat.example.com)" });

/** An installation: where its members run, and how the fleet reaches it. */
export const Installation = z
  .strictObject({
    url: Url.describe("Base URL of the Chatwoot installation."),
    apiAccessToken: SecretReference.describe("An administrator's access token (chatwoot:apiAccessToken): { fromEnv: VARIABLE } or { fromStackSecret: true }."),
    platformAccessToken: SecretReference.optional().describe(
      "A Platform App's token (chatwoot:platformAccessToken), for members with account: new and Platform API resources.",
    ),
    rateLimitPerMinute: z
      .int({ error: "a whole number of requests per minute from 1 to 100000000" })
      .min(1)
      .max(100_000_000)
      .optional()
      .describe(
        `Requests per minute the installation accepts from this machine's address (its RACK_ATTACK_LIMIT; default ${DEFAULT_RATE_LIMIT_PER_MINUTE}): every stack of the run shares it, and each of N shards (--shard I/N) takes 1/N of it.`,
      ),
    config: ConfigMap.optional().describe("Config of every member on this installation (a member's groups and its own config win over it)."),
  })
  .meta({ id: "Installation", description: "A Chatwoot installation the members run on." });
export type Installation = z.infer<typeof Installation>;

/** An existing account's id, or `new` (the template makes it, with `PlatformAccount`). */
const Account = z.union([z.int().min(1), z.literal("new")], { error: "an existing account's id (a positive whole number), or new (the template makes it through PlatformAccount)" });
export type Account = z.infer<typeof Account>;

/** A group: config that the members naming it share. */
export const Group = z
  .strictObject({
    config: ConfigMap.optional().describe("Config of the group's members (their own config wins; later groups win over earlier ones)."),
  })
  .meta({ id: "Group", description: "Values that members of the group share." });

/** A member: one account, one stack of the template. */
export const Member = z
  .strictObject({
    name: Name.describe("The member's name, and its stack's."),
    installation: Name.optional().describe("The installation it runs on (default: defaults.installation)."),
    account: Account.optional().describe("An existing account's id, or new: the template makes the account (default: defaults.account)."),
    groups: z.array(Name).optional().describe("Groups whose config the member takes, in order."),
    config: ConfigMap.optional().describe("The member's own config (wins over its groups', its installation's and the defaults)."),
  })
  .meta({ id: "Member", description: "One account: a stack of the template." });
export type Member = z.infer<typeof Member>;

/** What members take unless they say otherwise. */
export const Defaults = z
  .strictObject({
    installation: Name.optional().describe("The installation of members that name none."),
    account: Account.optional().describe("The account of members that name none (usually new)."),
    config: ConfigMap.optional().describe("Config of every member."),
  })
  .meta({ id: "Defaults", description: "What members take unless they say otherwise." });

/** The whole fleet file. */
export const FleetFile = z
  .strictObject({
    template: z.string({ error: "the template project's directory, relative to the fleet file" }).min(1).describe("The template: a Pulumi project directory (TypeScript, YAML, Python or Go), relative to this file."),
    backend: z
      .string({ error: "a Pulumi backend URL: file://DIR, postgres://..., s3://..., https://api.pulumi.com" })
      .min(1)
      .optional()
      .describe(
        "Where the stacks' state is kept, any backend Pulumi supports: file://DIR (relative to this file), postgres://USER@HOST:PORT/DB (the password in PGPASSWORD), s3://BUCKET, https://api.pulumi.com. Default: a folder beside this file named after it (fleet.state for fleet.yaml).",
      ),
    secretsProvider: z
      .string()
      .min(1)
      .optional()
      .describe("The secrets provider of new stacks (pulumi stack init --secrets-provider): passphrase (the default on file, S3 and PostgreSQL backends: PULUMI_CONFIG_PASSPHRASE), awskms://..., ..."),
    installations: z.record(Name, Installation).describe("The Chatwoot installations, by name."),
    defaults: Defaults.optional(),
    groups: z.record(Name, Group).optional().describe("Named sets of config that members take."),
    members: z.array(Member, { error: "a list of members" }).min(1, { error: "at least one member" }).describe("The accounts, one stack each."),
  })
  .describe("A pulumi-chatwoot fleet: many accounts from one template.");
export type FleetFile = z.infer<typeof FleetFile>;
