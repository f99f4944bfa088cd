import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/captain-scenario");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link CaptainScenario}. An argument left out is not managed (the server keeps its
 * value). Changes are made in place, except where an argument says it replaces the scenario.
 */
export interface CaptainScenarioArgs extends AccountArgs {
  /** Id of the Captain assistant the scenario belongs to (e.g. `assistant.id`). Changing it replaces the scenario. */
  assistantId: pulumi.Input<string | number>;
  /** Title of the scenario: one line, at most 255 characters. The adoption key, within the assistant. Changing it renames the scenario in place. */
  title: pulumi.Input<string>;
  /** When the scenario applies: the assistant hands a conversation to it from this (required, not blank; at most 10,000 characters). */
  description: pulumi.Input<string>;
  /**
   * What the assistant does in the scenario (required, not blank; at most 20,000 characters).
   * `[label](tool://id)` references a tool the assistant then uses: a built-in one (`add_contact_note`,
   * `add_private_note`, `update_priority`, `add_label_to_conversation`, `faq_lookup`, `handoff`,
   * `resolve`) or a custom tool by its slug; the server refuses an id it does not know.
   */
  instruction: pulumi.Input<string>;
  /** Whether the assistant uses the scenario (Chatwoot's default: true). */
  enabled?: pulumi.Input<boolean | undefined>;
  /** Take over the existing scenario of the assistant with this title instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link CaptainScenario.get} may be given: the outputs of {@link CaptainScenario}, each optional (as Pulumi's
 * generated `CaptainScenarioState`). `accountId` and `assistantId` are used, to find the scenario under its assistant.
 */
export type CaptainScenarioState = ResourceState<CaptainScenario>;

/**
 * A scenario of a Captain assistant: a situation the assistant recognises (its description) and
 * the instructions it follows there, with the tools those instructions reference. Captain is a
 * Chatwoot Enterprise feature: the account's `captain_integration` feature must be on (see
 * {@link CaptainAssistant}). Reading needs any member's access token, writing an administrator's.
 *
 * The tools a scenario uses are the server's reading of its instruction (`tools`, an output): each
 * `[label](tool://id)` in the instruction names one. Deleting the assistant deletes its scenarios.
 *
 * ## Example Usage
 * ```ts
 * const refundScenario = new chatwoot.CaptainScenario("refund-scenario", {
 *   assistantId: helpdesk.id,
 *   title: "Refund requests",
 *   description: "The customer asks for their money back",
 *   instruction: "Note the order number with [Add Private Note](tool://add_private_note), then [hand off](tool://handoff) to billing.",
 * });
 * export const refundTools = refundScenario.tools;
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the assistant's existing scenario with the same title (on the plugin,
 * `pulumi import` takes it instead: see Import); the first `up` then brings it to the declared
 * state. Chatwoot lists only enabled scenarios, so a disabled one cannot be found by its title:
 * enable it first, or import it by id with the native plugin.
 */
export class CaptainScenario extends ChatwootResource {
  /** The account the scenario belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The assistant the scenario belongs to. */
  declare readonly assistantId: pulumi.Output<number>;
  /** Title of the scenario. */
  declare readonly title: pulumi.Output<string>;
  /** When the scenario applies. */
  declare readonly description: pulumi.Output<string>;
  /** What the assistant does in it. */
  declare readonly instruction: pulumi.Output<string>;
  /** Whether the assistant uses it; null when the server does not say. */
  declare readonly enabled: pulumi.Output<boolean | null>;
  /** Output only: the ids of the tools the instruction references, as the server read them (empty: none). */
  declare /*out*/ readonly tools: pulumi.Output<string[]>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`), and the scenario is looked for under each of its assistants.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CaptainScenarioState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CaptainScenarioState, opts?: pulumi.CustomResourceOptions): CaptainScenario {
    return existingResource(CaptainScenario, "CaptainScenario", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CaptainScenario}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CaptainScenario {
    return isResourceOf(obj, "CaptainScenario");
  }

  constructor(name: string, args: CaptainScenarioArgs, opts?: pulumi.CustomResourceOptions) {
    super("CaptainScenario", provider, name, { enabled: undefined, tools: undefined, ...args }, opts);
  }
}
