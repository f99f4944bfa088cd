import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/dashboard-app");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link DashboardApp}. Changes are made in place, except where an argument says it
 * replaces the app.
 */
export interface DashboardAppArgs extends AccountArgs {
  /** The tab's title in the conversation view: one line, at most 255 characters. Chatwoot does not keep titles unique. */
  title: pulumi.Input<string>;
  /**
   * The pages the tab shows, each in a frame, in order: at least one http(s) URL (at most 2048
   * characters each). Chatwoot posts the open conversation to each frame. Replaced whole on change.
   */
  frameUrls: pulumi.Input<pulumi.Input<string>[]>;
  /** Id of an existing app of the account to take over instead of creating one (see Adoption). */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link DashboardApp.get} may be given: the outputs of {@link DashboardApp}, each optional (as Pulumi's
 * generated `DashboardAppState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type DashboardAppState = ResourceState<DashboardApp>;

/**
 * A dashboard app of a Chatwoot account: a tab of the conversation view that embeds other pages
 * (a CRM, an order system), which receive the open conversation and its contact. Any member of
 * the account may manage them; they exist in the community edition too.
 *
 * ## Example Usage
 * ```ts
 * new chatwoot.DashboardApp("crm-sidebar", {
 *   title: "CRM",
 *   frameUrls: ["https://crm.example.com/chatwoot"],
 * });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing app of the account (on the plugin, `pulumi import` takes it
 * instead: see Import); the first `up` then brings it to the declared state. Titles need not be
 * unique, so there is no adoption by title.
 */
export class DashboardApp extends ChatwootResource {
  /** The account the app belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The tab's title. */
  declare readonly title: pulumi.Output<string>;
  /** The URLs of the app's frames as the server holds them, in order. */
  declare readonly frameUrls: pulumi.Output<string[]>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link DashboardAppState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: DashboardAppState, opts?: pulumi.CustomResourceOptions): DashboardApp {
    return existingResource(DashboardApp, "DashboardApp", name, id, state, opts);
  }

  /** Whether `obj` is a {@link DashboardApp}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is DashboardApp {
    return isResourceOf(obj, "DashboardApp");
  }

  constructor(name: string, args: DashboardAppArgs, opts?: pulumi.CustomResourceOptions) {
    super("DashboardApp", provider, name, { ...args }, opts);
  }
}
