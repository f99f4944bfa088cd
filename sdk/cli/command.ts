/** One subcommand of the `pulumi-chatwoot` command line. */
export interface Command {
  /** One line for the command list of `pulumi-chatwoot --help`. */
  summary: string;
  /**
   * Runs the command with the arguments after its name (`--help` among them prints the command's
   * own usage). Resolves to the exit code when the command is done, or to undefined when it keeps
   * the process running (a server that stops on a signal).
   */
  run(argv: string[]): Promise<number | undefined>;
}
