/**
 * What the provider's client costs on top of a bare undici request: the same GET against a
 * loopback server (running in a worker thread), sent sequentially and 64 at a time, through
 * `apiClient().send()` and through a plain undici Pool. Also the limiter's fast path alone.
 *
 *   npx ts-node --transpile-only tests/bench/client-overhead.bench.ts [requests]
 */
import { randomBytes } from "node:crypto";
import { Worker } from "node:worker_threads";
import { Pool } from "undici";
import { apiClient } from "../../provider/http/transport/client";
import { Limiter, type Ticket } from "../../provider/http/rate-limit/limiter";
import { closeApiClients } from "../../provider/http/transport/origins";

const SERVER = `
const http = require("node:http");
const { parentPort } = require("node:worker_threads");
const body = JSON.stringify({ id: 1, name: "Support", slug: "help", config: { allowed_locales: [{ code: "en" }] } });
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
`;

const PATH = "/api/v1/accounts/1/portals/help";

/** Microseconds per request for `total` requests, `concurrency` at a time. */
async function timeIt(total: number, concurrency: number, one: () => Promise<unknown>): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      await one();
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Number(process.hrtime.bigint() - start) / 1e3 / total;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 5_000);
  const worker = new Worker(SERVER, { eval: true });
  const port = await new Promise<number>((resolve) => worker.once("message", resolve));
  const url = `http://127.0.0.1:${port}`;
  const token = randomBytes(12).toString("hex");

  const pool = new Pool(url, { connections: 16 });
  const bare = async () => {
    const res = await pool.request({ path: PATH, method: "GET", headers: { api_access_token: token, accept: "application/json" } });
    return JSON.parse(await res.body.text()) as unknown;
  };
  const client = apiClient({ url, apiAccessToken: token, requestTimeoutMs: 30_000, maxRetries: 6, createSettleMs: 60_000, rateLimitMaxWaitMs: 180_000 });
  const provider = () => client.send({ method: "GET", path: PATH });

  const rounds = 7;
  console.log(`client overhead: ${rounds} interleaved rounds of ${total} GETs per path against a loopback server (worker thread), node ${process.version}; medians`);
  await timeIt(2_000, 16, bare);
  await timeIt(2_000, 16, provider);
  for (const concurrency of [1, 64]) {
    const b: number[] = [];
    const p: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      b.push(await timeIt(total, concurrency, bare));
      p.push(await timeIt(total, concurrency, provider));
      ratios.push(p[r] / b[r]);
    }
    console.log(
      `  concurrency ${String(concurrency).padStart(2)}: bare undici ${median(b).toFixed(1)} µs/request, apiClient().send() ${median(p).toFixed(1)} µs/request, ` +
        `ratio ${median(ratios).toFixed(2)} (range ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
    );
  }

  // The limiter's fast path: what every request pays while no 429 has been seen (cap as the client's pool).
  const limiter = new Limiter({}, 16);
  const n = 2_000_000;
  let ran = 0;
  let ticket: Ticket | undefined;
  const go = (t: Ticket) => {
    ran += 1;
    ticket = t;
  };
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    limiter.whenAllowed(go);
    limiter.onAnswer(ticket as Ticket, 200);
    limiter.release();
  }
  const ns = Number(process.hrtime.bigint() - start) / n;
  console.log(`limiter fast path (whenAllowed + onAnswer + release, unthrottled): ${ns.toFixed(0)} ns/request (${ran} admitted)`);

  await pool.close();
  await closeApiClients();
  await worker.terminate();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
