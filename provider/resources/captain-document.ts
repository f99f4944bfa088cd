import { z } from "zod";
import { ChatwootApiError } from "../http/transport/errors";
import { defineCollectionResource } from "../lifecycle/collection";
import { pick } from "../lifecycle/outputs";
import { toWire } from "../mapping";
import { accountId, adopt, httpUrl, lineText, objectId } from "../validation/fields";
import { CaptainDocumentWire } from "../wire/captain-document";
import { captainFeature } from "./captain-assistant";

/** The checks of `CaptainDocumentArgs` (sdk/captain-document.ts, where each argument is documented). */
export const CaptainDocumentInputs = z.strictObject({
  accountId,
  assistantId: objectId,
  // Chatwoot reads a link ending ".pdf" as a PDF document, which needs an uploaded file (422 "Pdf file can't be blank").
  externalLink: httpUrl.refine((link) => !link.endsWith(".pdf"), "must not end with .pdf: Chatwoot reads such a link as a PDF document, which needs a file uploaded in its dashboard"),
  name: lineText.optional(),
  adopt,
});
export type CaptainDocumentInputs = z.input<typeof CaptainDocumentInputs>;
type Inputs = z.output<typeof CaptainDocumentInputs>;

/** A 422 of the create: the account's plan limit, or an assistant it does not have. */
function explain(err: unknown, inputs: Inputs): unknown {
  if (!ChatwootApiError.isInstance(err) || err.status !== 422) return err;
  if (/limit exceeded/i.test(err.serverMessage ?? "")) {
    return err.withHint("the account's plan allows no more Captain documents (its `captain_documents` limit, PlatformAccount's `limits`): raise it, or delete a document");
  }
  if (/Missing Assistant|Assistant must exist/i.test(err.serverMessage ?? "")) return err.withHint(`account ${inputs.accountId} has no Captain assistant ${inputs.assistantId}`);
  return err;
}

/** A link as Chatwoot keeps it (`normalize_external_link`): one trailing "/" dropped. */
export function normalizeLink(link: unknown): unknown {
  return typeof link === "string" && link.endsWith("/") && !link.endsWith(".pdf") ? link.slice(0, -1) : link;
}

/**
 * A document of a Captain assistant (`/captain/documents`, Chatwoot Enterprise with Captain on): a
 * page the server crawls into the assistant's knowledge; id: the document id. Adoption key: the
 * assistant and the link, unique together. There is no update route: every input replaces it.
 * The crawled content is the server's and large: never read into the state.
 */
export const captainDocument = defineCollectionResource({
  inputs: CaptainDocumentInputs,
  wire: CaptainDocumentWire,
  noun: "Captain document",
  at: { path: "captain/documents", show: "member", pages: true, feature: captainFeature },
  adoption: {
    key: {
      matches: (inputs, d) => d.assistant_id === inputs.assistantId && d.external_link === normalizeLink(inputs.externalLink),
      describe: (inputs) => `link ${inputs.externalLink} in Captain assistant ${inputs.assistantId}`,
      // The index takes `assistant_id`: only that assistant's documents are listed.
      query: (inputs) => ({ assistant_id: String(inputs.assistantId) }),
    },
  },
  content: {
    body: (inputs, keys) => ({ document: toWire(pick(inputs, keys)) }),
    replaceOn: ["assistantId", "externalLink", "name"],
    normalizers: { externalLink: normalizeLink },
  },
  hooks: { explain },
});
