/**
 * The baseline the provider is compared with: the same requests (method, path, query, JSON body,
 * token and headers) sent with a bare undici Pool of the provider's pool size, each answer read and
 * parsed as JSON, and nothing else: no validation, retries, limiter or mapping.
 */
import { Pool } from "undici";
import type { LogEntry } from "../../../sdk/sandbox";

/** A request as the sandbox logged it. */
export type Logged = Pick<LogEntry, "method" | "path" | "query" | "body" | "status">;

/** The provider's keep-alive pool size per origin (provider/http/origins.ts). */
export const PROVIDER_POOL_CONNECTIONS = 16;

export class BareClient {
  private readonly pool: Pool;

  constructor(
    url: string,
    private readonly tokens: { api: string; platform: string },
  ) {
    this.pool = new Pool(url, { connections: PROVIDER_POOL_CONNECTIONS });
  }

  /** Sends one logged request again; returns the status. Form bodies are not replayed. */
  async send(entry: Logged): Promise<number> {
    const query = new URLSearchParams(entry.query).toString();
    const token = entry.path.startsWith("/platform/") ? this.tokens.platform : this.tokens.api;
    const headers: Record<string, string> = { api_access_token: token, accept: "application/json", "user-agent": "bench" };
    let body: string | undefined;
    if (entry.body !== null && entry.body !== undefined) {
      body = JSON.stringify(entry.body);
      headers["content-type"] = "application/json";
    }
    const res = await this.pool.request({
      method: entry.method as "GET" | "POST" | "PATCH" | "DELETE",
      path: query === "" ? entry.path : `${entry.path}?${query}`,
      headers,
      body,
    });
    const text = await res.body.text();
    if (text !== "") JSON.parse(text);
    return res.statusCode;
  }

  /**
   * Sends the requests one after another, as the provider did. Each must get the answer status it
   * got then: otherwise the replay would not be doing the same work.
   */
  async replay(entries: readonly Logged[]): Promise<void> {
    for (const entry of entries) {
      const status = await this.send(entry);
      if (status !== entry.status) throw new Error(`bare replay of ${entry.method} ${entry.path}: ${status}, the provider got ${entry.status}`);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
