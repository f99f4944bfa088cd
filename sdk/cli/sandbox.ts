/** `pulumi-chatwoot sandbox`: the shipped sandbox server as a process (flags and output in ../sandbox/serve.ts). */
import { serveSandbox } from "../sandbox/serve";
import type { Command } from "./command";

export const sandboxCommand: Command = {
  summary: "start an in-memory Chatwoot-compatible server for tests and CI; prints one JSON line with its URL and tokens",
  run: (argv) => serveSandbox(argv, "pulumi-chatwoot sandbox"),
};
