import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { checkConnectionInPreview } from "./preview-connection";

let noticed = false;

/**
 * Says once, on stderr, that the program runs outside any Pulumi engine (`node index.js`), where
 * the SDK silently registers nothing and exits 0. Every resource constructor and data source calls
 * it. `getMonitor()` is what the SDK itself asks before registering: it is defined under
 * `pulumi up` / `preview` (the engine's monitor address), the Automation API and
 * `pulumi.runtime.setMocks`, so none of them see the notice. Under an engine, being the first thing
 * every declaration does, it starts the preview's connection check instead (see
 * {@link checkConnectionInPreview}), for a declaration of the dynamic door (`dynamic`): on the
 * plugin, each provider checks its own connection as it is configured.
 */
export function noticeOutsideEngine(dynamic = true): void {
  if (noticed) return;
  let engine: boolean;
  try {
    engine = pulumi.runtime.getMonitor() !== undefined;
  } catch {
    engine = true; // whatever went wrong, it is not the absence of an engine
  }
  if (engine) {
    if (dynamic) void checkConnectionInPreview();
    return;
  }
  noticed = true;
  const dir = require.main?.filename ? path.dirname(require.main.filename) : process.cwd();
  process.stderr.write(
    [
      "pulumi-chatwoot: this program is running outside the Pulumi engine, so nothing is created, changed",
      "or read in Chatwoot, and it exits without doing anything. Run it with the Pulumi CLI from its",
      `project directory (${dir}): \`pulumi preview\`, \`pulumi up\`, \`pulumi refresh\`, \`pulumi destroy\`.`,
      "To get a Pulumi CLI: https://www.pulumi.com/docs/iac/download-install/ (or `npm run setup:pulumi`",
      "in a checkout of pulumi-chatwoot, which builds one where Go is installed).",
      "",
    ].join("\n"),
  );
}
