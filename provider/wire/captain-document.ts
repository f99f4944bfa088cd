/** A Captain document as the server sends it: its crawled `content` is never read (it is large, and the server's). */
import { z } from "zod";
import { optionalString } from "./envelope";

/** The `captain/_document` partial: the assistant comes whole (its id is read), `status` is `in_progress` until the crawl ends. */
export const CaptainDocumentWire = z
  .object({
    id: z.number().int(),
    assistant_id: z.number().int().nullish(),
    assistant: z.object({ id: z.number().int() }).loose().nullish(),
    external_link: z.string(),
    name: optionalString,
    status: z.string().nullish().transform((v) => v ?? null),
  })
  .transform(({ assistant, assistant_id, ...document }) => ({ ...document, assistant_id: assistant?.id ?? assistant_id ?? null }));
export type CaptainDocumentWire = z.output<typeof CaptainDocumentWire>;
