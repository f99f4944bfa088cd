/**
 * The examples under `examples/` and how each one runs against the sandbox: the sandbox seed it
 * needs, and the stack config `pulumi config set` would hold (connection plus the example's own
 * settings). Shared by the demo and the program-tier tests.
 */
import * as path from "node:path";
import { defaultFixture, type FixtureInput, type SandboxInfo } from "../../sdk/sandbox";

export const REPO_ROOT = path.resolve(__dirname, "../..");
export const EXAMPLES_DIR = path.join(REPO_ROOT, "examples");

/** Stack config as the offline runner and `pulumi config set` take it. */
export interface StackConfig {
  /** `ns:key` (or a bare key of the project) → value. */
  config: Record<string, string>;
  /** Keys set with `--secret`. */
  secretKeys: string[];
}

/** One example and what it needs from the sandbox. */
export interface ExampleSpec {
  name: ExampleName;
  /** The example's directory (its own Pulumi project). */
  dir: string;
  /** Sandbox seed: the built-in one, or one with objects "made by hand" for the example to find. */
  fixture: FixtureInput;
  /** The example's own config keys (project namespace), as strings. */
  settings: Record<string, string>;
  /** Which of the settings are secrets (set with `--secret`). */
  secretSettings?: readonly string[];
}

/**
 * Account 1 of the built-in seed as someone set it up in the dashboard before adopting it: a
 * help-center portal, a contact attribute and an automation rule (bot 1, "Triage bot", is already
 * in the seed and was made by platform app 1).
 */
export const HAND_MADE_FIXTURE: FixtureInput = {
  ...defaultFixture,
  portals: [{ id: 7, account_id: 1, name: "Docs", slug: "docs", color: "#123456", header_text: "Docs", config: { allowed_locales: ["en"], default_locale: "en" } }],
  custom_attribute_definitions: [
    {
      id: 5,
      account_id: 1,
      attribute_key: "customer_tier",
      attribute_model: "contact_attribute",
      attribute_display_name: "Tier",
      attribute_display_type: "list",
      attribute_values: ["bronze", "silver"],
    },
  ],
  automation_rules: [
    {
      id: 9,
      account_id: 1,
      name: "Angry customers",
      event_name: "message_created",
      conditions: [{ attribute_key: "content", filter_operator: "contains", values: ["angry"], query_operator: null }],
      actions: [{ action_name: "change_priority", action_params: ["urgent"] }],
      active: false,
    },
  ],
};

const SPECS = {
  quickstart: { fixture: defaultFixture, settings: { websiteInboxId: "1", agentUserIds: "[2,3]" } },
  // The quickstart in Pulumi YAML, on the native plugin.
  "yaml-quickstart": { fixture: defaultFixture, settings: { websiteInboxId: "1", agentUserIds: "[2,3]" } },
  // The quickstart in Python and in Go, on the native plugin through the SDKs generated from its schema.
  "quickstart-python": { fixture: defaultFixture, settings: { websiteInboxId: "1", agentUserIds: "[2,3]" } },
  "quickstart-go": { fixture: defaultFixture, settings: { websiteInboxId: "1", agentUserIds: "[2,3]" } },
  "adopt-existing": { fixture: HAND_MADE_FIXTURE, settings: { botName: "Triage bot", portalSlug: "docs", ruleId: "9" } },
  "exclusive-membership": {
    fixture: defaultFixture,
    // Inbox 1 starts with users 2 and 4, inbox 2 with user 3.
    settings: { frontDeskInboxId: "1", frontDeskAgents: "[2,3]", escalationsInboxId: "2", escalationAgents: "[2]" },
  },
  "support-desk": {
    fixture: defaultFixture,
    // Agents by e-mail: bob and carol are agents of account 1, dana belongs to accounts 1 and 2.
    settings: {
      billingAgents: '["bob@acme.test","carol@acme.test"]',
      technicalAgents: '["carol@acme.test","dana@shared.test"]',
      crmWebhookUrl: "https://crm.acme.test/chatwoot/events",
    },
  },
  "business-hours": {
    fixture: defaultFixture,
    // bob and carol are agents of account 1; the hours are the program's defaults, spelled out for the tests to change.
    settings: {
      agents: '["bob@acme.test","carol@acme.test"]',
      weekdayHours: "09:00-17:30",
      fridayHours: "09:00-15:00",
      timezone: "Europe/Berlin",
    },
  },
  "new-customer": {
    fixture: defaultFixture,
    // App 1 makes the new account; its administrator's own token makes what is in it.
    settings: {
      customerName: "Initech",
      adminName: "Olivia Owner",
      adminEmail: "olivia@initech.test",
      adminPassword: "Sup3r-secret!",
      agents: '[{"name":"Peter Gibbons","email":"peter@initech.test"},{"name":"Milton Waddams","email":"milton@initech.test"}]',
    },
    secretSettings: ["adminPassword"],
  },
} satisfies Record<string, Omit<ExampleSpec, "name" | "dir">>;

export type ExampleName = keyof typeof SPECS;

/**
 * Demo flows that `--example` also names but that are not one example directory: `clone` exports
 * account 1 of a sandbox, applies the project to account 2 and compares them (./clone-demo.ts);
 * `fleet` runs examples/fleet, a fleet file and its template, on two sandboxes (./fleet-demo.ts).
 */
export const DEMO_FLOWS = ["clone", "fleet"] as const;
export type DemoFlow = (typeof DEMO_FLOWS)[number];
export const EXAMPLE_NAMES = Object.keys(SPECS) as ExampleName[];

export function example(name: ExampleName): ExampleSpec {
  return { name, dir: path.join(EXAMPLES_DIR, name), ...SPECS[name] };
}

/**
 * The connection to the sandbox as account `accountId`'s administrator and the first platform
 * app, with the tokens marked secret, plus the example's settings.
 */
export function sandboxStackConfig(info: SandboxInfo, spec: ExampleSpec, accountId = 1): StackConfig {
  const account = info.accounts.find((a) => a.id === accountId);
  if (!account) throw new Error(`the sandbox has no account ${accountId}`);
  const [platformToken] = info.platformTokens;
  if (!platformToken) throw new Error("the sandbox has no platform app");
  return {
    config: {
      "chatwoot:url": info.url,
      "chatwoot:accountId": String(accountId),
      "chatwoot:apiAccessToken": account.adminToken,
      "chatwoot:platformAccessToken": platformToken,
      ...spec.settings,
    },
    secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken", ...(spec.secretSettings ?? [])],
  };
}
