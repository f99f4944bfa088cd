/** The provider text (`__provider`) exactly as `pulumi.dynamic.Resource` produces it. */
import * as pulumi from "@pulumi/pulumi";

/** Serialized provider module and whether it captured a secret. */
export interface SerializedProvider {
  text: string;
  containsSecrets: boolean;
}

/** Serializes a provider object with the same call `dynamic.Resource` makes. */
export async function serializeProvider(provider: pulumi.dynamic.ResourceProvider): Promise<SerializedProvider> {
  const { text, containsSecrets } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return { text, containsSecrets };
}
