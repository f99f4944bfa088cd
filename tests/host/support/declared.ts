/** What the installed SDK registers for each resource case, as a program declares it, on either front door. */
import { captureRegistrations, type CapturedRegistration } from "../../harness/capture";
import type { FrontDoor } from "../../harness/host";
import { installedSdk } from "./packages";
import { RESOURCE_CASES, tokenOn, type ResourceKind } from "./resource-cases";

/** The stack config that puts a program's resources on the plugin (the SDK's `chatwoot:usePlugin`). */
export const ON_PLUGIN = { "chatwoot:usePlugin": "true" } as const;

/**
 * Each case's registration when declared as `my-<kind>` with the installed SDK on `door` (the
 * native plugin's with `chatwoot:usePlugin`), by kind.
 */
export async function declaredRegistrations(door: FrontDoor = "dynamic"): Promise<Map<ResourceKind, CapturedRegistration>> {
  const sdk = installedSdk();
  const captured = await captureRegistrations(() => RESOURCE_CASES.forEach((c) => c.declare(sdk, `my-${c.kind}`)), { config: door === "native" ? ON_PLUGIN : {} });
  return new Map(
    RESOURCE_CASES.map((c) => {
      const registration = captured.find((r) => r.type === tokenOn(door, c.kind));
      if (!registration) throw new Error(`the SDK registered no ${tokenOn(door, c.kind)}`);
      return [c.kind, registration];
    }),
  );
}
