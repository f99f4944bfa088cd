/**
 * `check` of a resource without an `accountId` input fills in `chatwoot:accountId`. When the
 * connection settings cannot be read (the URL missing or malformed), that is what check reports,
 * once, naming the config key and the environment variable; a missing account is reported only
 * when the account is what is missing.
 */
import { resources, type ResourceKind } from "../../provider";
import { configureConnection, resetConnectionConfig, SETTING_SOURCES } from "../../provider/config";

const ENV_NAMES = Object.values(SETTING_SOURCES).map((s) => s.env);
const saved: Record<string, string | undefined> = {};

beforeEach(() => {
  for (const name of ENV_NAMES) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  resetConnectionConfig();
});
afterEach(() => {
  for (const name of ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetConnectionConfig();
});

/** Every resource whose `accountId` defaults to config, and whether it may be left without one. */
const CASES: { kind: ResourceKind; accountRequired: boolean }[] = [
  { kind: "AgentBot", accountRequired: false },
  { kind: "AutomationRule", accountRequired: true },
  { kind: "CustomAttributeDefinition", accountRequired: true },
  { kind: "InboxMembership", accountRequired: true },
  { kind: "Label", accountRequired: true },
  { kind: "Portal", accountRequired: true },
];

const failuresOf = async (kind: ResourceKind, inputs: Record<string, unknown> = {}) => (await resources[kind].check!({}, inputs)).failures ?? [];

const BAD_URLS: { name: string; config: Record<string, string>; env?: Record<string, string>; reason: RegExp }[] = [
  { name: "no URL at all", config: { accountId: "1" }, reason: /^chatwoot:url \(or environment variable CHATWOOT_URL\) is not set/ },
  { name: "a URL that does not parse", config: { url: "chat example com", accountId: "1" }, reason: /^chatwoot:url \(or environment variable CHATWOOT_URL\) is not a valid URL/ },
  { name: "a URL from the environment with another scheme", config: { accountId: "1" }, env: { CHATWOOT_URL: "ftp://chat.example.com" }, reason: /^chatwoot:url \(or environment variable CHATWOOT_URL\) must use http or https/ },
];

describe.each(CASES)("$kind", ({ kind, accountRequired }) => {
  test.each(BAD_URLS)("with chatwoot:accountId set and $name, check reports the URL once and not the account", async ({ config, env, reason }) => {
    Object.assign(process.env, env);
    configureConnection(config);
    const failures = await failuresOf(kind);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(reason) }]);
  });

  test("a malformed chatwoot:accountId is reported as itself", async () => {
    configureConnection({ url: "https://chat.example.com", accountId: "one" });
    expect(await failuresOf(kind)).toEqual([{ property: "", reason: "chatwoot:accountId (or environment variable CHATWOOT_ACCOUNT_ID) must be an integer from 1 to 9007199254740991" }]);
  });

  test(`with a valid URL and no account anywhere, ${accountRequired ? "accountId is required" : "no account is filled in"}`, async () => {
    configureConnection({ url: "https://chat.example.com" });
    const failures = await failuresOf(kind);
    expect(failures.filter((f) => f.property === "")).toEqual([]);
    const accountFailures = failures.filter((f) => f.property === "accountId");
    if (accountRequired) expect(accountFailures).toEqual([{ property: "accountId", reason: expect.stringMatching(/^required: set the accountId input, the config value chatwoot:accountId, or CHATWOOT_ACCOUNT_ID/) }]);
    else expect(accountFailures).toEqual([]);
  });

  test("an accountId input needs no connection settings at check time", async () => {
    const failures = await failuresOf(kind, { accountId: 1 });
    expect(failures.filter((f) => f.property === "" || f.property === "accountId")).toEqual([]);
  });
});
