import * as http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback proxy in front of the sandbox that rewrites the JSON answers of the paths it matches:
 * the provider talking to a server whose views render less (an older upstream) than the sandbox
 * does. Requests and every other answer pass unchanged.
 */
export async function startViewProxy(target: string, matches: (path: string) => boolean, rewrite: (body: unknown) => unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length")) as Record<string, string>;
      void fetch(target + (req.url ?? "/"), { method: req.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined }).then(async (answer) => {
        let text = await answer.text();
        const path = (req.url ?? "").split("?")[0] ?? "";
        if (matches(path) && answer.headers.get("content-type")?.startsWith("application/json") && text !== "") text = JSON.stringify(rewrite(JSON.parse(text)));
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain", date: answer.headers.get("date") ?? new Date().toUTCString() });
        res.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
