import * as pulumi from "@pulumi/pulumi";
import type { AccountArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/dashboard-app");

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
 * `adoptId` takes over an existing app of the account (Pulumi's `import` does not work for
 * dynamic resources); the first `up` then brings it to the declared state. Titles need not be
 * unique, so there is no adoption by title.
 */
export class DashboardApp extends pulumi.dynamic.Resource {
  /** The account the app belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The tab's title. */
  declare readonly title: pulumi.Output<string>;
  /** The URLs of the app's frames as the server holds them, in order. */
  declare readonly frameUrls: pulumi.Output<string[]>;

  constructor(name: string, args: DashboardAppArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { ...args }, opts, "chatwoot", "DashboardApp");
    noticeOutsideEngine();
  }
}
