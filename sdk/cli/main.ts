#!/usr/bin/env node
/**
 * `pulumi-chatwoot <command> [args]`: the package's command line (its `bin`). Commands are listed
 * in ./commands.ts, one file each. `--help`, `-h` and `help` print the usage (exit 0); no command
 * or an unknown one prints it on stderr with exit code 2.
 */
import { redactSecrets } from "../../provider/http/redaction/secrets";
import { COMMANDS } from "./commands";

const NAME = "pulumi-chatwoot";

function usage(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((n) => n.length));
  return [
    `usage: ${NAME} <command> [options]`,
    "",
    "Commands:",
    ...names.map((name) => `  ${name.padEnd(width)}  ${COMMANDS[name]?.summary ?? ""}`),
    "",
    `\`${NAME} <command> --help\` (or \`${NAME} help <command>\`) describes a command's options.`,
  ].join("\n");
}

const HELP = new Set(["--help", "-h", "help"]);

async function main(argv: string[]): Promise<number | undefined> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(`${NAME}: no command given\n${usage()}\n`);
    return 2;
  }
  if (HELP.has(name)) {
    const topic = rest[0];
    if (topic === undefined) {
      process.stdout.write(`${usage()}\n`);
      return 0;
    }
    return Object.hasOwn(COMMANDS, topic) ? COMMANDS[topic]?.run(["--help"]) : unknown(topic);
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  return command ? command.run(rest) : unknown(name);
}

function unknown(name: string): number {
  process.stderr.write(`${NAME}: unknown command "${name}"\n${usage()}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    // An unforeseen error may quote anything (a value a server sent): every known secret is hidden.
    process.stderr.write(`${NAME}: ${redactSecrets(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 1;
  },
);
