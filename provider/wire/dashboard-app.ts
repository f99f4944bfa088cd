/** A dashboard app as the server sends it. */
import { z } from "zod";

/** One entry of an app's `content`: a frame (`{type: "frame", url}`), the only type Chatwoot accepts. */
const ContentEntry = z.record(z.string(), z.unknown());

/** The `_dashboard_app` partial; `created_at` is left out (not configuration). */
export const DashboardAppWire = z.object({
  id: z.number().int(),
  title: z.string().nullish().transform((v) => v ?? ""),
  content: z.array(ContentEntry).nullish().transform((v) => v ?? []),
});
export type DashboardAppWire = z.output<typeof DashboardAppWire>;

/**
 * The frames' URLs of an app's content, in order. Servers from before content was validated
 * (Chatwoot 2.x) stored the URL as `link`.
 */
export function frameUrls(content: readonly Record<string, unknown>[]): string[] {
  return content.filter((entry) => entry.type === "frame").flatMap((entry) => {
    const url = entry.url ?? entry.link;
    return typeof url === "string" ? [url] : [];
  });
}
