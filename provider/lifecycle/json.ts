/** Any JSON object the provider hands to Pulumi (inputs, outputs). */
export type Props = Record<string, unknown>;

/** The property under which Pulumi stores the serialized provider; never ours to read or echo. */
export const PROVIDER_KEY = "__provider";

/**
 * Output key holding the inputs the last create or update applied (see `declaredInputs`). Pulumi's
 * display hides keys starting with `__`, and no resource class declares it.
 */
export const DECLARED_KEY = "__inputs";

/** A copy of `props` without Pulumi's `__provider` text. */
export function withoutProvider(props: Props | undefined): Props {
  const { [PROVIDER_KEY]: _provider, ...rest } = props ?? {};
  return rest;
}

/** A copy of outputs without what the lifecycle keeps for itself (`__provider`, the declared inputs). */
export function withoutInternal(props: Props | undefined): Props {
  const { [PROVIDER_KEY]: _provider, [DECLARED_KEY]: _declared, ...rest } = props ?? {};
  return rest;
}

/**
 * Plain JSON for Pulumi's Struct encoding: `undefined` anywhere makes the host fail *after* the
 * server-side change happened ("Unexpected struct type"), orphaning the object; Dates become ISO text.
 */
export function jsonSafe<T extends Props>(props: T): T {
  return JSON.parse(JSON.stringify(props)) as T;
}

// Pulumi's wire form of a secret value (the SDK's `specialSigKey` and `specialSecretSig`).
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/**
 * `value` as a secret output. The dynamic-provider host passes the wire form through and the engine
 * keeps it secret (it reads outputs with secrets kept), so the checkpoint holds it encrypted.
 */
export function asSecret(value: unknown): Props {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** The value of a secret in wire form, or `value` itself (the engine unwraps secrets it sends). */
export function unwrapSecret(value: unknown): unknown {
  return value !== null && typeof value === "object" && (value as Props)[SIG_KEY] === SECRET_SIG ? (value as Props).value : value;
}
