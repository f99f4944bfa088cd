import type { IncomingMessage } from "node:http";
import { ApiError } from "./errors";

/**
 * rack-attack's global `req/ip` throttle: fixed windows that start at multiples of the period since
 * the epoch by the server's clock (rack-attack keys its counter by `Time.now.to_i / period`), every
 * request counts (throttled ones too), and a throttled request gets rack-attack's default answer.
 */
export class RateLimiter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly periodMs: number,
    /** The server's clock, in epoch milliseconds. */
    private readonly now: () => number,
  ) {}

  /** Counts a request; false when the client is over the limit in the current window. */
  allow(client: string): boolean {
    const window = Math.floor(this.now() / this.periodMs);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const count = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, count);
    return count <= this.limit;
  }
}

/** 429, text/plain "Retry later\n", no Retry-After and no rate-limit headers (rack-attack's default responder). */
export function throttled(): ApiError {
  return new ApiError(429, "Retry later\n", "text/plain");
}

/**
 * The client a request counts against: Rails' `request.ip`. Behind a trusted (loopback) proxy
 * that is the last X-Forwarded-For address, which also lets tests act as several clients.
 */
export function clientKey(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? "";
  const forwarded = req.headers["x-forwarded-for"];
  if (typeof forwarded === "string" && (peer === "127.0.0.1" || peer === "::1" || peer === "::ffff:127.0.0.1")) {
    const last = forwarded.split(",").pop()?.trim();
    if (last) return last;
  }
  return peer;
}
