/**
 * The wire form Pulumi uses for secrets and unknowns inside a `google.protobuf.Struct`, and the
 * unwrapping the engine performs before it calls a provider that answered `acceptSecrets=false`
 * (the Node.js dynamic-provider host always does).
 */
/** Key that marks a special value inside a Struct (`rpc.specialSigKey`). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** Signature value that marks a secret (`rpc.specialSecretSig`). */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The string Pulumi sends for a value that is not known yet (preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A plain JSON object as it crosses the gRPC boundary. */
export type PropertyMap = Record<string, unknown>;

/** True when `value` is a wire-form secret wrapper `{ [SIG_KEY]: SECRET_SIG, value }`. */
export function isWireSecret(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** Wraps a plain value in the wire form of a secret. */
export function wrapSecret(value: unknown): PropertyMap {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** Result of {@link stripSecrets}. */
export interface StrippedProperties {
  /** The properties with every secret wrapper replaced by its plaintext. */
  value: PropertyMap;
  /** Top-level keys whose value held a secret anywhere inside. */
  secretKeys: string[];
}

/**
 * Replaces every secret wrapper in `props` by its plaintext, as the engine does for a provider with
 * `acceptSecrets=false`, and reports which top-level keys held secrets (the engine re-marks outputs
 * under those keys as secret afterwards).
 */
export function stripSecrets(props: PropertyMap): StrippedProperties {
  const secretKeys: string[] = [];
  const value: PropertyMap = {};
  for (const [key, raw] of Object.entries(props)) {
    let found = false;
    const walk = (x: unknown): unknown => {
      if (isWireSecret(x)) {
        found = true;
        return walk(x.value);
      }
      if (Array.isArray(x)) return x.map(walk);
      if (typeof x === "object" && x !== null) {
        return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)]));
      }
      return x;
    };
    value[key] = walk(raw);
    if (found) secretKeys.push(key);
  }
  return { value, secretKeys };
}

/** True when `value` contains the unknown sentinel anywhere. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(containsUnknown);
  return false;
}
