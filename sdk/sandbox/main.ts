/**
 * `npm run sandbox -- [flags]`: the sandbox as a process (see ./serve.ts; the package's
 * `pulumi-chatwoot sandbox` runs the same code). When ready it prints exactly one JSON line (the
 * SandboxInfo) on stdout and nothing else there.
 */
import { serveSandbox } from "./serve";

void serveSandbox(process.argv.slice(2), "sandbox").then((code) => {
  if (code !== undefined) process.exitCode = code;
});
