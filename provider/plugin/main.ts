/**
 * `pulumi-resource-chatwoot`: the native provider plugin's entry point. The engine starts it with
 * its own address as the last argument and reads one line from stdout, the port the plugin serves
 * on; it ends the process when the deployment is done.
 */
import { serve } from "./server";

// An error no request awaited is reported once, on stderr (which the engine logs), without
// ending the plugin: the requests in flight still get their answers.
process.on("unhandledRejection", (err: unknown) => {
  process.stderr.write(`chatwoot: ${err instanceof Error ? err.message : String(err)}\n`);
});

// The engine's address comes last: where the plugin's messages to the user go.
serve(process.argv.slice(2).pop()).then(
  ({ port }) => process.stdout.write(`${port}\n`),
  (err: unknown) => {
    process.stderr.write(`chatwoot: the provider could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
