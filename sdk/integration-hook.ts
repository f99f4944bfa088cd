import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/integration-hook");
import { existingResource, isResourceOf, secretOutputsOf, type ResourceState } from "./resource-conventions";

/** An app of Chatwoot's integrations page that a hook connects (`config/integration/apps.yml`). */
export type IntegrationAppId = "openai" | "dialogflow" | "google_translate" | "dyte" | "leadsquared" | "slack" | "linear" | "notion" | "shopify";

/**
 * Arguments of {@link IntegrationHook}. An argument left out is not managed. Changes are made in
 * place, except where an argument says it replaces the hook.
 */
export interface IntegrationHookArgs extends AccountArgs {
  /**
   * The app: `openai`, `dialogflow` (one hook per inbox, several allowed), `google_translate`,
   * `dyte` (Dyte video calls) and `leadsquared` (needs the account feature
   * `crm_integration`) are configured with settings; `slack`, `linear`, `notion` and `shopify` are
   * installed through OAuth in the dashboard and can only be taken over (`adoptId`). Changing it
   * replaces the hook.
   */
  appId: pulumi.Input<IntegrationAppId>;
  /** The inbox a `dialogflow` hook answers in (a number, or an `Inbox`'s `id`); required for it, refused for the other apps. Changing it replaces the hook. */
  inboxId?: pulumi.Input<string | number | undefined>;
  /** Whether the hook is enabled. Chatwoot enables a new hook. */
  enabled?: pulumi.Input<boolean | undefined>;
  /**
   * The app's settings that are no secret, camelCase: `dialogflow` takes `projectId` (required)
   * and `region`; `google_translate` `projectId` (required); `dyte` `organizationId` (required);
   * `openai` `labelSuggestion` (true or false); `leadsquared` `endpointUrl`, `appUrl`, `timezone`,
   * `enableConversationActivity`, `enableTranscriptActivity` (true or false),
   * `conversationActivityScore`, `transcriptActivityScore` (text), `conversationActivityCode` and
   * `transcriptActivityCode` (whole numbers). OAuth apps take none (their settings
   * stay as the dashboard made them). Chatwoot replaces the settings whole on every change: give
   * them all.
   */
  settings?: pulumi.Input<Record<string, pulumi.Input<string | number | boolean>> | undefined>;
  /**
   * The app's credentials, secret inputs whatever the program passes (stored encrypted; outputs
   * and state hold only a salted digest of each; Chatwoot shows them to administrators, and the
   * provider never reads them back): `openai` `apiKey`; `dialogflow` and `google_translate`
   * `credentials`, the service account's key file (its JSON text); `dyte` `apiKey`; `leadsquared` `accessKey` and `secretKey`, each required
   * by its app. Left out, they are not managed (as after `pulumi import`, which cannot read them):
   * a create needs them, and so does a change of `settings` (Chatwoot replaces the settings whole).
   * A change made in the dashboard is not seen.
   */
  secretSettings?: pulumi.Input<Record<string, pulumi.Input<string>> | undefined>;
  /** Id of an existing hook of the account to take over instead of creating one (see Adoption); the only way to manage an OAuth app's hook. */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link IntegrationHook.get} may be given: the outputs of {@link IntegrationHook}, each optional (as Pulumi's
 * generated `IntegrationHookState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type IntegrationHookState = ResourceState<IntegrationHook>;

/**
 * An app of a Chatwoot account's integrations page, connected with its settings (an integration
 * hook): OpenAI's reply suggestions, a Dialogflow agent answering in an inbox, Google Translate,
 * Dyte video calls, LeadSquared CRM. Managing hooks needs an administrator's
 * access token. Webhooks and dashboard apps, which the page lists too, are `Webhook` and
 * `DashboardApp`.
 *
 * Chatwoot checks the settings against the app's schema (an unknown setting is refused) and
 * refuses a second hook of an app that allows one per account (all but Dialogflow): the provider
 * refuses both before the POST, naming the hook to adopt.
 *
 * ## Example Usage
 * ```ts
 * const config = new pulumi.Config();
 * const replySuggestions = new chatwoot.IntegrationHook("reply-suggestions", {
 *   appId: "openai",
 *   secretSettings: { apiKey: config.requireSecret("openaiApiKey") },
 * });
 * export const replySuggestionsEnabled = replySuggestions.enabled;
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing hook of the account (on the plugin, `pulumi import` takes it
 * instead: see Import); the first `up` then brings it to the declared state, sending the settings
 * and secrets given. Hooks have no natural key (Dialogflow allows several per inbox). Hooks of
 * OAuth apps (Slack, Linear, Notion, Shopify) cannot be created by a program, since OAuth needs a
 * person's consent in a browser: install the app in the dashboard, then adopt its hook to enable,
 * disable or delete it with the stack.
 *
 * ## Export
 * `pulumi-chatwoot export` writes the hooks of the apps configured with settings, with the settings
 * the server shows, the inbox as a reference, and each credential as a secret of the exported stack
 * to set (`pulumi config set --secret hookOpenaiApiKey ...`): the API never shows credentials, so no
 * export can copy them. OAuth apps' hooks are not exported: a copy needs a person's consent in the
 * dashboard of the account it goes to.
 */
export class IntegrationHook extends ChatwootResource {
  /** The account the hook belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The app the hook connects. */
  declare readonly appId: pulumi.Output<IntegrationAppId>;
  /** The inbox of an inbox's hook (`dialogflow`), `null` for a hook of the whole account. */
  declare readonly inboxId: pulumi.Output<number | null>;
  /** Whether the hook is enabled. */
  declare readonly enabled: pulumi.Output<boolean>;
  /** The settings the server shows (the app's visible ones), with those it never shows as last sent; no secrets. */
  declare readonly settings: pulumi.Output<Record<string, string | number | boolean> | null>;
  /** A salted digest of each secret setting last sent, never the value (a secret). */
  declare readonly secretSettings: pulumi.Output<Record<string, string> | null>;
  /** Output only: `account` or `inbox`, what the hook belongs to (from its app). */
  declare readonly /*out*/ hookType: pulumi.Output<string>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link IntegrationHookState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: IntegrationHookState, opts?: pulumi.CustomResourceOptions): IntegrationHook {
    return existingResource(IntegrationHook, "IntegrationHook", name, id, state, opts);
  }

  /** Whether `obj` is a {@link IntegrationHook}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is IntegrationHook {
    return isResourceOf(obj, "IntegrationHook");
  }

  constructor(name: string, args: IntegrationHookArgs, opts?: pulumi.CustomResourceOptions) {
    // Secret settings are secret inputs whatever the program passes, so the engine stores them encrypted.
    const secretSettings = args.secretSettings === undefined ? undefined : pulumi.secret(args.secretSettings);
    super(
      "IntegrationHook",
      provider,
      name,
      { inboxId: undefined, enabled: undefined, settings: undefined, hookType: undefined, ...args, secretSettings },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputsOf("IntegrationHook") }),
    );
  }
}
