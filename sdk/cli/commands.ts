/** The subcommands of `pulumi-chatwoot`, by name, in the order `--help` lists them. */
import type { Command } from "./command";
import { diffCommand } from "./diff";
import { exportCommand } from "./export";
import { fleetCommand } from "./fleet";
import { sandboxCommand } from "./sandbox";

export const COMMANDS: Readonly<Record<string, Command>> = {
  sandbox: sandboxCommand,
  export: exportCommand,
  diff: diffCommand,
  fleet: fleetCommand,
};
