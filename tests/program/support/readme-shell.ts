/**
 * The environment in which README commands run in the tests, as on a reader's machine: the CLI
 * of `.pulumi-cli/bin` first on the PATH, `HOME` (and so `PULUMI_HOME`, `~/.pulumi-local`) in a
 * temporary directory, no update check or plugin download, and `PULUMI_SKIP_CONFIRMATIONS`, which
 * the README gives for running the bare `pulumi up` / `refresh` / `destroy` in a script. Nothing of
 * the shell running the tests leaks in: no Pulumi backend, passphrase or access token, and no
 * `CHATWOOT_*` variable (a token there would win over the stack's).
 */
import * as path from "node:path";
import { CLI_DIR } from "../../pulumi-cli/install";

export function readmeEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${CLI_DIR}${path.delimiter}${process.env.PATH ?? ""}`,
    HOME: home,
    PULUMI_HOME: path.join(home, ".pulumi"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_SKIP_CONFIRMATIONS: "true",
    NO_COLOR: "1",
  };
  // FORCE_COLOR (set by some CI runners) beside NO_COLOR makes Node print a warning into every program's output.
  for (const name of ["PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE", "PULUMI_ACCESS_TOKEN", "FORCE_COLOR"]) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("CHATWOOT_")) delete env[name];
  return env;
}
