import { createHash } from "node:crypto";
import { railsError } from "./errors";
import { isHash, type Params } from "./params";
import { describeFile, type UploadedFile } from "./uploaded-file";

/** A request body as the controllers see it (`params`) and as the request log records it. */
export interface RequestBody {
  params: Params;
  /** True for JSON requests: only those get Rails' parameter wrapping. */
  json: boolean;
  /** Parsed JSON, or for forms `{fields, files:[{field, filename, type, size, sha256}]}`, or the raw text; null when empty. */
  logged: unknown;
}

const EMPTY: RequestBody = { params: {}, json: false, logged: null };

/**
 * Parses a body the way Rails' parameter parsers do: JSON (a non-object top level lands in `_json`),
 * URL-encoded and multipart forms with Rack's bracket nesting. Other media types are not parsed.
 * A body that fails to parse is Rails' 400. Only multipart parsing is asynchronous; the rest
 * stays synchronous to keep the common path cheap.
 */
export function parseRequestBody(raw: Buffer, contentType: string | undefined): RequestBody | Promise<RequestBody> {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (raw.length === 0) return { ...EMPTY, json: type.endsWith("json") };
  if (type === "application/json" || type.endsWith("+json")) return parseJson(raw);
  if (type === "application/x-www-form-urlencoded") {
    const fields: Params = {};
    for (const [name, value] of new URLSearchParams(raw.toString("utf8"))) normalizeParams(fields, name, value);
    return { params: fields, json: false, logged: { fields, files: [] } };
  }
  if (type === "multipart/form-data") return parseMultipart(raw, contentType ?? "");
  return { params: {}, json: false, logged: raw.toString("utf8") };
}

function parseJson(raw: Buffer): RequestBody {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch {
    throw railsError(400);
  }
  return { params: isHash(value) ? value : { _json: value }, json: true, logged: value };
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<RequestBody> {
  let form: FormData;
  try {
    // The platform's own multipart parser (undici's, inside Node) rather than a dependency.
    form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw railsError(400);
  }
  const params: Params = {};
  const fields: Params = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") {
      normalizeParams(params, name, value);
      normalizeParams(fields, name, value);
      continue;
    }
    const data = Buffer.from(await value.arrayBuffer());
    const file: UploadedFile = {
      kind: "uploaded-file",
      field: name,
      filename: value.name,
      type: value.type,
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    };
    files.push(file);
    normalizeParams(params, name, file);
  }
  return { params, json: false, logged: { fields, files: files.map(describeFile) } };
}

/** Rack's `normalize_params`: "a[b][]" style names build nested hashes and arrays. */
function normalizeParams(params: Params, name: string, value: unknown): void {
  const match = /^[[\]]*([^[\]]+)\]*/.exec(name);
  const key = match?.[1];
  if (!match || !key) return;
  const after = name.slice(match[0].length);
  if (after === "") {
    params[key] = value;
  } else if (after === "[") {
    params[name] = value;
  } else if (after === "[]") {
    const list = Array.isArray(params[key]) ? (params[key] as unknown[]) : (params[key] = []) as unknown[];
    list.push(value);
  } else if (after.startsWith("[]")) {
    const child = /^\[\]\[([^[\]]+)\]$/.exec(after)?.[1] ?? after.slice(2);
    const list = Array.isArray(params[key]) ? (params[key] as unknown[]) : (params[key] = []) as unknown[];
    const last = list[list.length - 1];
    if (isHash(last) && !Object.hasOwn(last, child)) normalizeParams(last, child, value);
    else {
      const element: Params = {};
      normalizeParams(element, child, value);
      list.push(element);
    }
  } else {
    const nested = isHash(params[key]) ? (params[key] as Params) : (params[key] = {}) as Params;
    normalizeParams(nested, after, value);
  }
}
