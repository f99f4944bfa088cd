import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/captain-document");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Arguments of {@link CaptainDocument}. Chatwoot cannot change a document: every argument replaces it when it changes. */
export interface CaptainDocumentArgs extends AccountArgs {
  /** The Captain assistant whose knowledge the document is (a number, or a `CaptainAssistant`'s `id`). Changing it replaces the document. */
  assistantId: pulumi.Input<string | number>;
  /**
   * The page the server crawls: an http(s) URL, unique per assistant, not ending in `.pdf` (Chatwoot
   * reads such a link as a PDF document, which needs a file uploaded in its dashboard). Chatwoot
   * keeps it without a trailing `/`, and so do the outputs (the two spellings are no change). The
   * adoption key, with the assistant. Changing it replaces the document.
   */
  externalLink: pulumi.Input<string>;
  /** A name shown for the document (one line, at most 255 characters). Changing it replaces the document. */
  name?: pulumi.Input<string | null | undefined>;
  /** Take over the assistant's existing document with this link instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link CaptainDocument.get} may be given: the outputs of {@link CaptainDocument}, each optional (as Pulumi's
 * generated `CaptainDocumentState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type CaptainDocumentState = ResourceState<CaptainDocument>;

/**
 * A document of a Captain assistant: a web page Chatwoot crawls, whose text the assistant answers
 * from. Captain is a Chatwoot Enterprise feature (see {@link CaptainAssistant}); creating documents
 * needs an administrator's access token, and counts against the account's `captain_documents`
 * limit (a create past it fails with the server's "Document limit exceeded", explained).
 *
 * Chatwoot has no way to change a document: a change of any argument replaces it (the old one is
 * deleted first, as the link is unique per assistant). The crawl runs on the server after the
 * create (`status` is `in_progress`, then `available`, which a `refresh` shows); the crawled
 * content is the server's and can be large, so it is never read into the stack's state.
 * Deleting the assistant deletes its documents.
 *
 * ## Example Usage
 * ```ts
 * const pricingPage = new chatwoot.CaptainDocument("pricing-page", {
 *   assistantId: helpdesk.id,
 *   externalLink: "https://www.acme.test/pricing",
 *   name: "Pricing",
 * });
 * export const pricingPageStatus = pricingPage.status;
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the assistant's existing document with the same link (on the plugin,
 * `pulumi import` takes it instead: see Import); a document whose name differs from the program's
 * is replaced on the first `up`, Chatwoot having no way to rename it.
 */
export class CaptainDocument extends ChatwootResource {
  /** The account the document belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The assistant the document belongs to. */
  declare readonly assistantId: pulumi.Output<number>;
  /** The page crawled, as Chatwoot keeps it (without a trailing `/`). */
  declare readonly externalLink: pulumi.Output<string>;
  /** The document's name; null when none. */
  declare readonly name: pulumi.Output<string | null>;
  /** Output only: `in_progress` while the server crawls the page, then `available`; null when the server does not say. */
  declare /*out*/ readonly status: pulumi.Output<string | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CaptainDocumentState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CaptainDocumentState, opts?: pulumi.CustomResourceOptions): CaptainDocument {
    return existingResource(CaptainDocument, "CaptainDocument", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CaptainDocument}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CaptainDocument {
    return isResourceOf(obj, "CaptainDocument");
  }

  constructor(name: string, args: CaptainDocumentArgs, opts?: pulumi.CustomResourceOptions) {
    super("CaptainDocument", provider, name, { name: undefined, status: undefined, ...args }, opts);
  }
}
