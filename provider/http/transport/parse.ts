/**
 * Checks an answer against its zod schema. A mismatch is an "invalid-response" error naming the
 * request and the failing fields; the data itself is never copied into the error (answers carry
 * secrets such as a bot's access token).
 */
import type { z } from "zod";
import type { ApiRequest, ApiResponse } from "./client";
import { ChatwootApiError } from "./errors";
import { writeOutcomeOf } from "./retry-policy";
import { redactForeign } from "../redaction/secrets";

/** Issues listed in the message; the rest are counted. */
const MAX_ISSUES = 3;

/** The answer's body as `schema`'s output, or a {@link ChatwootApiError} of kind `invalid-response`. */
export function parseBody<S extends z.ZodType>(schema: S, res: ApiResponse, req: ApiRequest): z.output<S> {
  const result = schema.safeParse(res.body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const listed = issues.slice(0, MAX_ISSUES).map((issue) => describeIssue(issue, res.body));
  if (issues.length > MAX_ISSUES) listed.push(`and ${issues.length - MAX_ISSUES} more`);
  throw new ChatwootApiError({
    kind: "invalid-response",
    method: req.method,
    path: req.path,
    status: res.status,
    writeOutcome: writeOutcomeOf(req.method, { status: res.status }),
    detail: `${res.status} answer has an unexpected shape: ${listed.join("; ")}`,
  });
}

/**
 * `payload.0.id: expected number, received string`. Built from the issue's path, code and expected
 * type only; zod's own message is not used because some of them quote the received value. The
 * path's keys and unexpected keys came from the server (a map keyed by tokens would quote them),
 * so they are redacted as text from elsewhere.
 */
function describeIssue(issue: z.core.$ZodIssue, body: unknown): string {
  const path = issue.path.map((p) => (typeof p === "symbol" ? p.toString() : String(p))).join(".");
  const at = issue.path.length === 0 ? "(body)" : redactForeign(path);
  switch (issue.code) {
    case "invalid_type":
      return `${at}: expected ${issue.expected}, received ${typeAt(body, issue.path)}`;
    case "invalid_value":
      return `${at}: not one of the expected values`;
    case "unrecognized_keys":
      return `${at}: unexpected keys ${redactForeign(issue.keys.join(", "))}`;
    case "invalid_union":
      return `${at}: matches none of the accepted shapes`;
    case "too_small":
    case "too_big":
      return `${at}: ${issue.code.replace("_", " ")}`;
    default:
      return `${at}: ${issue.code.replace(/_/g, " ")}`;
  }
}

/** The JSON type found at `path` (a type name, never the value). */
function typeAt(body: unknown, path: PropertyKey[]): string {
  let value = body;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return "undefined";
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}
