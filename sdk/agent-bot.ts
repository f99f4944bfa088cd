import * as pulumi from "@pulumi/pulumi";
import type { AgentBotInputs } from "../provider/resources/agent-bot";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/agent-bot");

/**
 * Arguments of {@link AgentBot}. `accountId` defaults to config `chatwoot:accountId`; give either
 * `avatar` or `avatarUrl`, not both.
 */
export type AgentBotArgs = ResourceArgs<AgentBotInputs, "accountId">;

/**
 * A Chatwoot agent bot: a webhook that takes part in conversations. Bots are managed through the
 * Platform API, so the stack needs `chatwoot:platformAccessToken` (a Platform App's token); a
 * Platform App sees and manages only the bots it created.
 *
 * Chatwoot never shows a bot's avatar: the outputs keep what the program declared. A local
 * `avatar` file is uploaded again only when its content changes (`avatarSha256`). Chatwoot servers
 * before PR #13827 (March 2026) answer with the bot's name as its `outgoing_url`; the outputs then
 * keep the URL that was sent, and a URL changed by hand on such a server is not seen.
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
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing bot (Pulumi's `import` does not work for dynamic resources).
 * The bot must have been created by the same Platform App, otherwise the create fails before any
 * change; the first `up` then sends one PATCH with what differs, and the declared avatar.
 */
export class AgentBot extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly outgoingUrl: pulumi.Output<string | null>;
  /** The bot's account; null for a system bot, available to every account. */
  declare readonly accountId: pulumi.Output<number | null>;
  /** As declared (Chatwoot downloads it in the background and never echoes it). */
  declare readonly avatarUrl: pulumi.Output<string | undefined>;
  /** As declared: the path of the uploaded image. */
  declare readonly avatar: pulumi.Output<string | undefined>;
  declare readonly adoptId: pulumi.Output<number | undefined>;
  /** Hex sha256 of the uploaded avatar file. */
  declare readonly /*out*/ avatarSha256: pulumi.Output<string | undefined>;
  /** Avatar URL, on servers that send it (the Platform API of real servers does not). */
  declare readonly /*out*/ thumbnail: pulumi.Output<string | null>;
  /** `webhook`, on servers that send it. */
  declare readonly /*out*/ botType: pulumi.Output<string | null>;
  /** The bot's configuration, on servers that send it. */
  declare readonly /*out*/ botConfig: pulumi.Output<Record<string, unknown> | null>;
  /** The bot's own API token, on servers that send it (a secret). */
  declare readonly /*out*/ accessToken: pulumi.Output<string | null>;
  /** Whether the bot belongs to no account, on servers that send it. */
  declare readonly /*out*/ systemBot: pulumi.Output<boolean | null>;

  constructor(name: string, args: AgentBotArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        description: undefined,
        outgoingUrl: undefined,
        accountId: undefined,
        avatarUrl: undefined,
        avatar: undefined,
        adoptId: undefined,
        avatarSha256: undefined,
        thumbnail: undefined,
        botType: undefined,
        botConfig: undefined,
        accessToken: undefined,
        systemBot: undefined,
        ...args,
      },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["accessToken"] }),
      "chatwoot",
      "AgentBot",
    );
    noticeOutsideEngine();
  }
}
