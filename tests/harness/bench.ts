/**
 * Prints what the harness costs: host start-up, RPC round trips, and offline runs of the fixture
 * program (first run, no-op run). Run with `npx ts-node --transpile-only tests/harness/bench.ts`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { createStoreDir } from "../host/fixtures/file-store-dir";
import { fileStoreProvider } from "../host/fixtures/file-store";
import { startHost } from "./host";
import { runProgram } from "./offline-runner";
import { serializeProvider } from "./serialize-provider";

const repoRoot = path.resolve(__dirname, "../..");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

async function main(): Promise<void> {
  const token = "bench-token";
  const dir = createStoreDir(token);
  const provider = (await serializeProvider(fileStoreProvider)).text;
  console.log(`fixture provider text: ${Buffer.byteLength(provider)} bytes`);

  const starts: number[] = [];
  const closes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const [start, host] = await time(() => startHost({ cwd: repoRoot }));
    const [close] = await time(() => host.close());
    starts.push(start);
    closes.push(close);
  }
  console.log(`host start (to port line): median ${median(starts).toFixed(0)} ms of 5; close: median ${median(closes).toFixed(0)} ms`);

  const host = await startHost({ cwd: repoRoot });
  await host.configure({ "fixture:dir": dir, "fixture:token": token }, ["fixture:token"]);
  const urn = "urn:pulumi:stack::project::pulumi-nodejs:dynamic/fixture:FileObject::bench";
  const checked = await host.check(urn, {}, { __provider: provider, name: "bench" });
  const created = await host.create(urn, checked.inputs);
  const [diffs] = await time(async () => {
    for (let i = 0; i < 200; i++) await host.diff(urn, created.id, created.properties, checked.inputs);
  });
  console.log(`200 sequential diff RPCs: ${diffs.toFixed(0)} ms (${(diffs / 200).toFixed(2)} ms each)`);
  await host.close();

  const options = {
    program: path.join(repoRoot, "tests/program/fixtures/file-store-program/index.ts"),
    cwd: repoRoot,
    project: "files",
    stack: "bench",
    config: { "fixture:dir": dir, "fixture:token": token, note: "bench-note" },
    secretKeys: ["fixture:token", "note"],
    statePath: path.join(dir, "state.json"),
  };
  const [first] = await time(() => runProgram(options));
  const noops: number[] = [];
  for (let i = 0; i < 3; i++) noops.push((await time(() => runProgram(options)))[0]);
  console.log(`offline run of the 3-resource fixture program: first ${first.toFixed(0)} ms; no-op median ${median(noops).toFixed(0)} ms of 3 (each includes a host start)`);
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
