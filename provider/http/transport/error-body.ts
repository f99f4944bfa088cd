/**
 * The server's explanation of an error, from whichever body it sent. Chatwoot uses several shapes
 * (research: chatwoot-api.md 1.3 and 8), rack-attack answers `text/plain`, and proxies answer HTML:
 * - `{"error":"..."}`                                  (Application API, Platform API)
 * - `{"error":{"field":["msg", ...]}}`                 (controller-rendered validation errors)
 * - `{"message":"A, B","attributes":[...]}`            (RecordInvalid)
 * - `{"errors":["..."]}`                               (devise), or `{"errors":[{"field","message"}]}` (swagger)
 * - `{"status":500,"error":"Internal Server Error"}`   (Rails defaults)
 */
import { redactForeign } from "../redaction/secrets";

/** Longest server message kept; long pages are summarised, never copied whole. */
const MAX_LENGTH = 300;

/** What kind of body an error answer had: Chatwoot's own answers are JSON; proxies send HTML. */
export type ErrorBodyKind = "json" | "html" | "text" | "empty";

export function errorBodyKindOf(text: string, contentType?: string): ErrorBodyKind {
  const trimmed = text.trim();
  if (trimmed === "") return "empty";
  if (looksLikeHtml(trimmed, contentType)) return "html";
  if (/^[[{"]/.test(trimmed)) {
    try {
      JSON.parse(trimmed);
      return "json";
    } catch {
      return "text";
    }
  }
  return "text";
}

/** A short, single-line explanation from an error body, or `undefined` when it has none. */
export function serverMessageOf(text: string, contentType?: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if (looksLikeHtml(trimmed, contentType)) return summariseHtml(trimmed);
  if (/^[[{"]/.test(trimmed)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined) {
      const message = messageOfJson(parsed);
      return message === undefined ? undefined : clip(message);
    }
  }
  return clip(trimmed);
}

function messageOfJson(body: unknown): string | undefined {
  if (Array.isArray(body)) return listMessage(body);
  if (!isRecord(body)) return typeof body === "string" ? body : undefined;
  // `message` (RecordInvalid) is the fullest text when present; then `error`, then `errors`.
  if (typeof body.message === "string" && body.message.trim() !== "") return body.message;
  const fromError = valueMessage(body.error);
  if (fromError !== undefined) return fromError;
  const fromErrors = valueMessage(body.errors);
  if (fromErrors !== undefined) return fromErrors;
  if (typeof body.description === "string") return body.description;
  return undefined;
}

function valueMessage(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (Array.isArray(value)) return listMessage(value);
  if (isRecord(value)) return fieldMessages(value);
  return undefined;
}

/** `["a", "b"]` or `[{field, message}]` */
function listMessage(items: unknown[]): string | undefined {
  const parts = items
    .map((item) => {
      if (typeof item === "string") return item;
      if (isRecord(item) && typeof item.message === "string") {
        return typeof item.field === "string" && item.field !== "" ? `${item.field}: ${item.message}` : item.message;
      }
      return undefined;
    })
    .filter((p): p is string => p !== undefined && p.trim() !== "");
  return parts.length === 0 ? undefined : parts.join("; ");
}

/** `{"conditions":["msg"], "name":["can't be blank"]}` -> `conditions: msg; name: can't be blank` */
function fieldMessages(errors: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(errors)) {
    const text = Array.isArray(value) ? listMessage(value) : typeof value === "string" ? value : undefined;
    if (text !== undefined) parts.push(`${field}: ${text}`);
  }
  return parts.length === 0 ? undefined : parts.join("; ");
}

function looksLikeHtml(text: string, contentType?: string): boolean {
  if (contentType?.toLowerCase().includes("html")) return true;
  return /^<(!doctype|html|head|body)/i.test(text);
}

/** `<title>502 Bad Gateway</title>` -> `HTML page: 502 Bad Gateway` (proxies, maintenance pages). */
function summariseHtml(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const text = title === undefined ? "" : decodeEntities(title.replace(/<[^>]*>/g, " "));
  return text.trim() === "" ? `HTML page (${html.length} bytes)` : clip(`HTML page: ${text}`);
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "");
}
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/**
 * One line of at most {@link MAX_LENGTH} characters, redacted first: clipping first could leave the
 * start of a secret that straddles the clip, which no redaction recognises afterwards.
 */
function clip(text: string): string {
  const line = redactForeign(text).replace(/\s+/g, " ").trim();
  return line.length <= MAX_LENGTH ? line : `${line.slice(0, MAX_LENGTH - 1)}…`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
