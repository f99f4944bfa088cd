import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import provider = require("./shims/agent-bot");
import { existingResource, isResourceOf, secretOutputsOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link AgentBot}. Give either `avatar` or `avatarUrl`, not both. An argument left out
 * is not managed (the server keeps its value). Changes are made in place, except where an argument
 * says it replaces the bot.
 */
export interface AgentBotArgs {
  /** Name shown to agents and contacts: one line, at most 255 characters. */
  name: pulumi.Input<string>;
  /** What the bot does, shown to agents (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /**
   * Webhook URL Chatwoot sends conversation events to: http or https, at most 2048 characters
   * (Chatwoot's `Limits::URL_LENGTH_LIMIT`).
   */
  outgoingUrl?: pulumi.Input<string | undefined>;
  /**
   * Id of the account the bot belongs to. Defaults to config `chatwoot:accountId` (or
   * `CHATWOOT_ACCOUNT_ID`). With the Platform API, `null` makes a system bot, available to every
   * account, and changing it moves the bot in place; with `scope: "account"` it is required and
   * changing it replaces the bot.
   */
  accountId?: pulumi.Input<number | null | undefined>;
  /**
   * URL of a JPEG or PNG image that Chatwoot downloads (in the background) as the bot's avatar.
   * Not together with `avatar`.
   */
  avatarUrl?: pulumi.Input<string | undefined>;
  /**
   * Path of a local PNG, JPEG, GIF or WebP image (at most 15 MB) uploaded as the bot's avatar. It
   * is uploaded again only when the file's content changes. Not together with `avatarUrl`. (Older
   * Chatwoot servers refuse WebP avatars with "Avatar filetype not supported".)
   */
  avatar?: pulumi.Input<string | undefined>;
  /**
   * Id of an existing bot to take over instead of creating one (a number, or its digits as text).
   * With the Platform API the bot must have been created by this stack's Platform App (an app sees
   * only its own bots); with `scope: "account"`, any bot of the account but a system bot.
   */
  adoptId?: pulumi.Input<string | number | undefined>;
  /**
   * Which API manages the bot: `"platform"` (the default: the Platform API, with
   * `chatwoot:platformAccessToken`; a Platform App reaches only the bots it created) or
   * `"account"` (the account's own API, `/api/v1/accounts/{id}/agent_bots`, with an
   * administrator's `chatwoot:apiAccessToken`: every bot of the account, whoever made it, but no
   * system bots). Changing it replaces the bot.
   */
  scope?: pulumi.Input<"platform" | "account" | undefined>;
}

/**
 * What {@link AgentBot.get} may be given: the outputs of {@link AgentBot}, each optional (as Pulumi's
 * generated `AgentBotState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type AgentBotState = ResourceState<AgentBot>;

/**
 * A Chatwoot agent bot: a webhook that takes part in conversations. By default a bot is managed
 * through the Platform API, so the stack needs `chatwoot:platformAccessToken` (a Platform App's
 * token), and a Platform App sees and manages only the bots it created. With `scope: "account"` it
 * is managed through its account's API ("account agent bots") with an administrator's
 * `chatwoot:apiAccessToken`, which also works on Chatwoot Cloud, where there is no Platform API.
 * Either kind can answer an inbox (`Inbox.agentBotId`).
 *
 * Chatwoot never shows a bot's avatar: the outputs keep what the program declared. A local
 * `avatar` file is uploaded again only when its content changes (`avatarSha256`). Chatwoot servers
 * before PR #13827 (March 2026) answer with the bot's name as its `outgoing_url`; the outputs then
 * keep the URL that was sent, and a URL changed by hand on such a server is not seen. Current
 * Chatwoot's Platform API sends only a bot's id, name, description, outgoing URL and account (the
 * other outputs are then null); the account API sends every field, the access token to
 * administrators.
 *
 * ## Example Usage
 * ```ts
 * const triage = new chatwoot.AgentBot("triage", {
 *   name: "Triage",
 *   description: "Routes new conversations",
 *   outgoingUrl: "https://bots.example.com/triage",
 *   avatar: "./assets/triage.png",
 * });
 * export const triageToken = triage.accessToken; // a secret
 *
 * // A bot of the account's own API.
 * const helper = new chatwoot.AgentBot("helper", { scope: "account", name: "Helper", outgoingUrl: "https://bots.example.com/helper" });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing bot (on the plugin, `pulumi import` takes it instead: see
 * Import). With the Platform API the bot must have been created by the same Platform App; with
 * `scope: "account"` it must be a bot of the account (not a system bot); otherwise the create fails
 * before any change. The first `up` then sends one PATCH with what differs, and the declared
 * avatar. With the native plugin, `pulumi import` takes a bot by its id as a Platform bot, and as a
 * bot of its account's API (`scope: "account"`) by `account/<id>`.
 */
export class AgentBot extends ChatwootResource {
  /** The bot's name. */
  declare readonly name: pulumi.Output<string>;
  /** What the bot does; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** The webhook URL Chatwoot sends events to; null when none. */
  declare readonly outgoingUrl: pulumi.Output<string | null>;
  /** The bot's account; null for a system bot, available to every account. */
  declare readonly accountId: pulumi.Output<number | null>;
  /** The avatar URL as declared (Chatwoot downloads it in the background and never echoes it). */
  declare readonly avatarUrl: pulumi.Output<string | undefined>;
  /** The avatar file's path as declared. */
  declare readonly avatar: pulumi.Output<string | undefined>;
  /** The id of the bot taken over, as declared; undefined when the bot was created. */
  declare readonly adoptId: pulumi.Output<number | undefined>;
  /** The API that manages the bot, as declared; undefined (like `"platform"`) when the program leaves it out. */
  declare readonly scope: pulumi.Output<"platform" | "account" | undefined>;
  /** Output only: hex sha256 of the uploaded avatar file. */
  declare readonly /*out*/ avatarSha256: pulumi.Output<string | undefined>;
  /** Output only: the avatar's URL, on servers that send it (the Platform API of real servers does not). */
  declare readonly /*out*/ thumbnail: pulumi.Output<string | null>;
  /** Output only: the bot's type (`webhook`), on servers that send it. */
  declare readonly /*out*/ botType: pulumi.Output<string | null>;
  /** Output only: the bot's configuration, on servers that send it. */
  declare readonly /*out*/ botConfig: pulumi.Output<Record<string, unknown> | null>;
  /** Output only: the bot's own API token, on servers that send it (the account API does, to administrators): a secret. */
  declare readonly /*out*/ accessToken: pulumi.Output<string | null>;
  /** Output only: whether the bot belongs to no account, on servers that send it. */
  declare readonly /*out*/ systemBot: pulumi.Output<boolean | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>` or `account/<id>` or `account/<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AgentBotState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AgentBotState, opts?: pulumi.CustomResourceOptions): AgentBot {
    return existingResource(AgentBot, "AgentBot", name, id, state, opts);
  }

  /** Whether `obj` is a {@link AgentBot}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is AgentBot {
    return isResourceOf(obj, "AgentBot");
  }

  constructor(name: string, args: AgentBotArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "AgentBot",
      provider,
      name,
      {
        description: undefined,
        outgoingUrl: undefined,
        accountId: undefined,
        avatarUrl: undefined,
        avatar: undefined,
        adoptId: undefined,
        scope: undefined,
        avatarSha256: undefined,
        thumbnail: undefined,
        botType: undefined,
        botConfig: undefined,
        accessToken: undefined,
        systemBot: undefined,
        ...args,
      },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputsOf("AgentBot") }),
    );
  }
}
