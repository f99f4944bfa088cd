import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/campaign");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** When an ongoing (website) campaign shows. */
export interface CampaignTriggerRulesArgs {
  /** The page URL the campaign shows on: an `http://` or `https://` URL (at most 2048 characters); the widget matches it as a pattern. */
  url: pulumi.Input<string>;
  /** Seconds the visitor spends on the page before the campaign shows, from 0 to 86400. Left out, the widget's default applies. */
  timeOnPage?: pulumi.Input<number | undefined>;
}

/** One group of contacts a one-off campaign is sent to. */
export interface CampaignAudienceArgs {
  /** The kind of group: `"Label"` (the only one Chatwoot's one-off campaigns read). */
  type: pulumi.Input<"Label">;
  /** Id of a label of the account (a number, or a `Label`'s `id`): the contacts carrying it. */
  id: pulumi.Input<string | number>;
}

/**
 * Arguments of {@link Campaign}. An argument left out is not managed (the server keeps its value).
 * Changes are made in place, except where an argument says it replaces the campaign; a one-off
 * campaign that has run takes no change at all (see Completed campaigns).
 */
export interface CampaignArgs extends AccountArgs {
  /**
   * The inbox the campaign runs on (a number, or an `Inbox`'s `id`): a website inbox makes an
   * ongoing campaign, an SMS or WhatsApp inbox a one-off campaign (Chatwoot refuses other inboxes).
   * Changing it replaces the campaign.
   */
  inboxId: pulumi.Input<string | number>;
  /** The campaign's title: one line, not blank, at most 255 characters. Chatwoot does not keep titles unique. */
  title: pulumi.Input<string>;
  /** The message sent (one-off) or shown in the widget (ongoing): not blank, at most 20,000 characters (Chatwoot's limit on its column). */
  message: pulumi.Input<string>;
  /** A description for agents, at most 10,000 characters; `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /** Whether an ongoing campaign shows (Chatwoot's default: true). */
  enabled?: pulumi.Input<boolean | undefined>;
  /** Id of the user the website campaign's message comes from (a number, or a user's id); `null` for none (the inbox's name shows). */
  senderId?: pulumi.Input<string | number | null | undefined>;
  /** When an ongoing (website) campaign shows: the page URL and the time on the page. Replaced whole on change. */
  triggerRules?: pulumi.Input<CampaignTriggerRulesArgs | undefined>;
  /** Whether an ongoing campaign shows only within the inbox's working hours (Chatwoot's default: false). */
  triggerOnlyDuringBusinessHours?: pulumi.Input<boolean | undefined>;
  /**
   * Who a one-off campaign is sent to: labels, each once; compared as a set. Only for SMS and
   * WhatsApp inboxes (a website inbox's campaign fails naming it).
   */
  audience?: pulumi.Input<pulumi.Input<CampaignAudienceArgs>[] | undefined>;
  /**
   * When a one-off campaign is sent: an ISO 8601 date and time with an offset
   * (`2026-12-01T09:00:00Z`), compared to the second. Left out, Chatwoot sends it at once; one more
   * than three days in the past is never sent. Only for SMS and WhatsApp inboxes.
   */
  scheduledAt?: pulumi.Input<string | undefined>;
  /** Id (display id) of an existing campaign of the account to take over instead of creating one (see Adoption). */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link Campaign.get} may be given: the outputs of {@link Campaign}, each optional (as Pulumi's
 * generated `CampaignState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type CampaignState = ResourceState<Campaign>;

/**
 * A campaign of a Chatwoot account. On a website inbox it is ongoing: the widget shows its message
 * to visitors of the matching pages after some time on the page. On an SMS or WhatsApp inbox it is
 * one-off: Chatwoot sends the message once, at `scheduledAt`, to the contacts carrying the
 * audience's labels. The inbox decides which (`campaignType`). Managing campaigns needs an
 * administrator's access token. The id is the campaign's display id (a number of its own in the
 * account), which Chatwoot's paths use.
 *
 * ## Example Usage
 * ```ts
 * new chatwoot.Campaign("pricing-help", {
 *   inboxId: website.id,
 *   title: "Pricing help",
 *   message: "Questions about our plans? We are here to help.",
 *   senderId: carol,
 *   triggerRules: { url: "https://www.acme.test/pricing", timeOnPage: 20 },
 *   triggerOnlyDuringBusinessHours: true,
 * });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing campaign of the account by its display id (on the plugin,
 * `pulumi import` takes it instead: see Import); the first `up` then brings it to the declared
 * state. Titles need not be unique, so there is no adoption by title.
 *
 * ## Completed campaigns
 * A one-off campaign that has run is `campaignStatus: "completed"`, and Chatwoot keeps it as history:
 * it refuses every change (422 "Status The campaign is already completed") but deletes it. So an
 * `up` that would change one fails before any request, naming the campaign: put the program back,
 * add `ignoreChanges`, or declare a new campaign under another resource name to send another one
 * (replacing it would send it again). `refresh` keeps it in the state, and `destroy` deletes it; use
 * `retainOnDelete` to keep the history. Changing `inboxId` still replaces it, as for any campaign.
 */
export class Campaign extends ChatwootResource {
  /** The account the campaign belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Id of the campaign's inbox. */
  declare readonly inboxId: pulumi.Output<number>;
  /** The campaign's title. */
  declare readonly title: pulumi.Output<string>;
  /** The campaign's message. */
  declare readonly message: pulumi.Output<string>;
  /** The description; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** Whether the campaign is enabled. */
  declare readonly enabled: pulumi.Output<boolean | null>;
  /** Id of the user the message comes from; null when none. */
  declare readonly senderId: pulumi.Output<number | null>;
  /** The trigger rules as the server holds them (`{}` when none). */
  declare readonly triggerRules: pulumi.Output<{ url?: string; timeOnPage?: number }>;
  /** Whether the campaign shows only within working hours. */
  declare readonly triggerOnlyDuringBusinessHours: pulumi.Output<boolean | null>;
  /** The audience of a one-off campaign; null for an ongoing one. */
  declare readonly audience: pulumi.Output<{ type: string; id: number }[] | null>;
  /** When a one-off campaign is sent (ISO 8601, UTC); null for an ongoing one. */
  declare readonly scheduledAt: pulumi.Output<string | null>;
  /** Output only: `ongoing` (website inbox) or `one_off` (SMS or WhatsApp inbox), derived from the inbox. */
  declare readonly /*out*/ campaignType: pulumi.Output<string | null>;
  /** Output only: `active`, or `completed` once a one-off campaign has run (`processing` while it runs, on newer servers). */
  declare readonly /*out*/ campaignStatus: pulumi.Output<string | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CampaignState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CampaignState, opts?: pulumi.CustomResourceOptions): Campaign {
    return existingResource(Campaign, "Campaign", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Campaign}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Campaign {
    return isResourceOf(obj, "Campaign");
  }

  constructor(name: string, args: CampaignArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "Campaign",
      provider,
      name,
      {
        description: undefined,
        enabled: undefined,
        senderId: undefined,
        triggerRules: undefined,
        triggerOnlyDuringBusinessHours: undefined,
        audience: undefined,
        scheduledAt: undefined,
        campaignType: undefined,
        campaignStatus: undefined,
        ...args,
      },
      opts,
    );
  }
}
