import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/captain-assistant");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link CaptainAssistant}. An argument left out is not managed (the server keeps its
 * value). Changes are made in place, except where an argument says it replaces the assistant.
 */
export interface CaptainAssistantArgs extends AccountArgs {
  /**
   * Name of the assistant: one line, at most 255 characters. The adoption key; Chatwoot does not
   * keep names unique. Changing it renames the assistant in place.
   */
  name: pulumi.Input<string>;
  /** What the assistant does (required by Chatwoot, not blank; at most 10,000 characters). */
  description: pulumi.Input<string>;
  /** The product the assistant answers about (Chatwoot's prompts say "this product" without one); `null` clears it. */
  productName?: pulumi.Input<string | null | undefined>;
  /** Whether the assistant answers from its FAQs (the responses Captain builds from its documents). */
  featureFaq?: pulumi.Input<boolean | undefined>;
  /** Whether the assistant remembers what it learns about a contact across conversations. */
  featureMemory?: pulumi.Input<boolean | undefined>;
  /** Whether replies cite the documents they come from. */
  featureCitation?: pulumi.Input<boolean | undefined>;
  /**
   * Whether the assistant may read the contact's custom attributes. Upstream Chatwoot (its
   * assistants controller, as of February 2026) does not take it and drops it without an error,
   * so set it only against a server that keeps it: elsewhere every preview shows it as a change.
   */
  featureContactAttributes?: pulumi.Input<boolean | undefined>;
  /** The first message of a conversation the assistant takes; `null` clears it. */
  welcomeMessage?: pulumi.Input<string | null | undefined>;
  /** The message sent when the assistant hands a conversation to a person; `null` clears it. */
  handoffMessage?: pulumi.Input<string | null | undefined>;
  /** The message sent when the assistant resolves a conversation; `null` clears it. */
  resolutionMessage?: pulumi.Input<string | null | undefined>;
  /** Instructions added to the assistant's prompt (at most 20,000 characters); `null` clears them. */
  instructions?: pulumi.Input<string | null | undefined>;
  /** The sampling temperature of its replies: a number from 0 (focused) to 2 (varied); `null` clears it. */
  temperature?: pulumi.Input<number | null | undefined>;
  /** How replies are written (each at most 1,000 characters, not blank); the list is replaced whole. */
  responseGuidelines?: pulumi.Input<pulumi.Input<string>[] | undefined>;
  /** What the assistant must not do or talk about (each at most 1,000 characters, not blank); the list is replaced whole. */
  guardrails?: pulumi.Input<pulumi.Input<string>[] | undefined>;
  /** Take over the existing assistant with this name instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link CaptainAssistant.get} may be given: the outputs of {@link CaptainAssistant}, each optional (as Pulumi's
 * generated `CaptainAssistantState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type CaptainAssistantState = ResourceState<CaptainAssistant>;

/**
 * A Captain assistant of a Chatwoot account: the AI agent that answers customers in the inboxes it
 * is connected to ({@link CaptainAssistantInbox}), from its documents ({@link CaptainDocument}),
 * following its scenarios ({@link CaptainScenario}). Captain is a Chatwoot Enterprise feature: the
 * account's `captain_integration` feature must be on, and an account without it answers every
 * Captain request with 403 "Captain is not enabled for this account", which the error explains.
 * Reading needs any member's access token, writing an administrator's.
 *
 * Chatwoot keeps the settings of `productName` to `temperature` in one `config` object that every
 * write replaces whole: the provider sends each of them with every change of one, and keeps the
 * server's value of those the program leaves out.
 *
 * ## Example Usage
 * ```ts
 * const helpdesk = new chatwoot.CaptainAssistant("helpdesk", {
 *   name: "Acme Helpdesk",
 *   description: "Answers questions about Acme's products and orders",
 *   productName: "Acme",
 *   featureFaq: true,
 *   featureCitation: true,
 *   handoffMessage: "Let me get a colleague for you.",
 *   temperature: 0.3,
 *   responseGuidelines: ["Answer in the customer's language", "Keep replies short"],
 *   guardrails: ["Never promise refunds"],
 * });
 * export const helpdeskId = helpdesk.id;
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing assistant with the same name (on the plugin,
 * `pulumi import` takes it instead: see Import); the first `up` then brings it to the declared
 * state. Names need not be unique: when several assistants have the name, none is taken over and
 * the create fails, naming them.
 */
export class CaptainAssistant extends ChatwootResource {
  /** The account the assistant belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the assistant. */
  declare readonly name: pulumi.Output<string>;
  /** What the assistant does. */
  declare readonly description: pulumi.Output<string>;
  /** The product it answers about; null when none. */
  declare readonly productName: pulumi.Output<string | null>;
  /** Whether it answers from its FAQs; null when unset. */
  declare readonly featureFaq: pulumi.Output<boolean | null>;
  /** Whether it remembers contacts; null when unset. */
  declare readonly featureMemory: pulumi.Output<boolean | null>;
  /** Whether replies cite documents; null when unset. */
  declare readonly featureCitation: pulumi.Output<boolean | null>;
  /** Whether it reads contact attributes; null when unset. */
  declare readonly featureContactAttributes: pulumi.Output<boolean | null>;
  /** The welcome message; null when none. */
  declare readonly welcomeMessage: pulumi.Output<string | null>;
  /** The handoff message; null when none. */
  declare readonly handoffMessage: pulumi.Output<string | null>;
  /** The resolution message; null when none. */
  declare readonly resolutionMessage: pulumi.Output<string | null>;
  /** The added instructions; null when none. */
  declare readonly instructions: pulumi.Output<string | null>;
  /** The sampling temperature; null when unset. */
  declare readonly temperature: pulumi.Output<number | null>;
  /** The response guidelines; null when the server holds none. */
  declare readonly responseGuidelines: pulumi.Output<string[] | null>;
  /** The guardrails; null when the server holds none. */
  declare readonly guardrails: pulumi.Output<string[] | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CaptainAssistantState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CaptainAssistantState, opts?: pulumi.CustomResourceOptions): CaptainAssistant {
    return existingResource(CaptainAssistant, "CaptainAssistant", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CaptainAssistant}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CaptainAssistant {
    return isResourceOf(obj, "CaptainAssistant");
  }

  constructor(name: string, args: CaptainAssistantArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = {
      productName: undefined, featureFaq: undefined, featureMemory: undefined, featureCitation: undefined, featureContactAttributes: undefined,
      welcomeMessage: undefined, handoffMessage: undefined, resolutionMessage: undefined, instructions: undefined, temperature: undefined,
      responseGuidelines: undefined, guardrails: undefined,
    };
    super("CaptainAssistant", provider, name, { ...outputs, ...args }, opts);
  }
}
