/**
 * Where a fleet keeps its stacks' state: any backend Pulumi supports, named by the fleet file's
 * `backend` (a folder beside the fleet file by default). A relative `file://` path is the fleet
 * file's; a password is never part of the URL (the backend's own environment variables carry it:
 * PGPASSWORD, AWS_*, PULUMI_ACCESS_TOKEN).
 */
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The URL schemes Pulumi's backends take (its DIY buckets, and Pulumi Cloud over https). */
export const BACKEND_SCHEMES = ["file", "postgres", "postgresql", "s3", "gs", "azblob", "https", "http"] as const;

/** The backend's URL, or a sentence saying why the value cannot be one. */
export function backendUrl(value: string | undefined, fleetFile: string): { url: string } | { problem: string } {
  const dir = path.dirname(fleetFile);
  if (value === undefined) return { url: pathToFileURL(path.join(dir, `${path.basename(fleetFile).replace(/\.ya?ml$/i, "")}.state`)).href };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined || !(BACKEND_SCHEMES as readonly string[]).includes(scheme)) {
    return { problem: `backend: a Pulumi backend URL, one of ${BACKEND_SCHEMES.map((s) => `${s}://`).join(", ")}` };
  }
  if (scheme === "file") {
    const rest = value.slice("file://".length);
    // file://~ is Pulumi's own shorthand for the home directory; an absolute path stays as it is.
    if (rest.startsWith("~") || rest.startsWith("/")) return { url: value };
    return { url: pathToFileURL(path.resolve(dir, rest)).href };
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { problem: "backend: not a valid URL" };
  }
  if (parsed.password !== "") {
    const where = scheme.startsWith("postgres") ? "PGPASSWORD" : "the backend's own environment variables";
    return { problem: `backend: the URL holds a password, which the fleet file never does: leave it out and set it in ${where}` };
  }
  return { url: value };
}

/** The directory of a `file://` backend, or `undefined` for any other. */
export function fileBackendDir(url: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const rest = url.slice("file://".length);
  if (rest.startsWith("~")) return path.join(process.env.HOME ?? "", rest.slice(1));
  return fileURLToPath(url);
}

/** The URL as messages and reports show it: without its query (which may carry options) and any user's password. */
export function shownBackend(url: string): string {
  if (url.startsWith("file://")) return url;
  try {
    const parsed = new URL(url);
    parsed.password = "";
    parsed.search = "";
    return parsed.href;
  } catch {
    return url.replace(/\?.*$/, "");
  }
}
