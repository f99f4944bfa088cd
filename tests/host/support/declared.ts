/** What the installed SDK registers for each resource case, as a program declares it. */
import { captureRegistrations, type CapturedRegistration } from "../../harness/capture";
import { installedSdk } from "./packages";
import { RESOURCE_CASES, typeToken, type ResourceKind } from "./resource-cases";

/** Each case's registration when declared as `my-<kind>` with the installed SDK, by kind. */
export async function declaredRegistrations(): Promise<Map<ResourceKind, CapturedRegistration>> {
  const sdk = installedSdk();
  const captured = await captureRegistrations(() => RESOURCE_CASES.forEach((c) => c.declare(sdk, `my-${c.kind}`)));
  return new Map(
    RESOURCE_CASES.map((c) => {
      const registration = captured.find((r) => r.type === typeToken(c.kind));
      if (!registration) throw new Error(`the SDK registered no ${typeToken(c.kind)}`);
      return [c.kind, registration];
    }),
  );
}
