/**
 * A scripted loopback HTTP server for client tests: each request takes the next queued reply (or
 * the default handler's), and every request is recorded with its headers and body.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/** What the server does with one request. */
export type Reply =
  | {
      status?: number;
      headers?: Record<string, string>;
      body?: string | object;
      delayMs?: number;
      /** Announces the whole body's length, sends only this many bytes, then drops the connection. */
      cutAfterBytes?: number;
    }
  /** Destroys the socket: before reading the request, or after reading all of it (a lost answer). */
  | { destroy: "before-read" | "after-read" };

export interface TestServer {
  url: string;
  requests: Recorded[];
  /** Queues replies used in order, before falling back to the default handler. */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export async function startTestServer(fallback: (req: Recorded) => Reply = () => ({ body: {} })): Promise<TestServer> {
  const queue: Reply[] = [];
  const requests: Recorded[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const reply = queue.shift();
    if (reply !== undefined && "destroy" in reply && reply.destroy === "before-read") {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: Recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      requests.push(rec);
      const r = reply ?? fallback(rec);
      if ("destroy" in r) {
        req.socket.destroy();
        return;
      }
      const send = () => {
        if (res.destroyed) return;
        const isText = typeof r.body === "string";
        // Dated now, to the second (Node's own Date header may lag a busy event loop by a tick).
        const headers = { date: new Date().toUTCString(), ...(isText ? {} : JSON_HEADERS), ...r.headers };
        const text = r.body === undefined ? "" : isText ? (r.body as string) : JSON.stringify(r.body);
        if (r.cutAfterBytes !== undefined) {
          res.writeHead(r.status ?? 200, { ...headers, "content-length": String(Buffer.byteLength(text)) });
          res.write(Buffer.from(text).subarray(0, r.cutAfterBytes), () => setTimeout(() => req.socket.destroy(), 20));
          return;
        }
        res.writeHead(r.status ?? 200, headers);
        res.end(text);
      };
      if (r.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, r.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        // A reply still being delayed would keep the test process alive after the test.
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens (bound, then released). */
/**
 * A loopback port nothing listens on, and nothing will: it lies below the kernel's ephemeral range,
 * which servers listening on port 0 (the sandboxes, Pulumi's gRPC hosts) and outgoing connections
 * draw from. A port freed inside that range can be taken by another process's server before the
 * test connects (a gRPC server then answers in HTTP/2), or even be the connection's own source port.
 */
export async function closedPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const server = http.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
  throw new Error("no free port below the ephemeral range");
}
