/**
 * Properties as they cross the plugin's gRPC boundary. The plugin tells the engine it accepts
 * secrets, so values arrive in Pulumi's wire form (`{ "4dabf...": "1b47...", value }`) where the
 * program made them secret. The provider core works on plain values, as it does behind the
 * dynamic-provider host (where the engine strips secrets itself); on the way back the plugin marks
 * secret again what the engine would otherwise have kept secret for it: each top-level property
 * whose input was secret, and the type's own secret outputs.
 */
import { asSecret, DECLARED_KEY, unwrapSecret, type Props } from "../lifecycle/json";

/** `value` without any secret wrapper, at any depth; `found` tells whether there was one. */
function reveal(value: unknown, found: { secret: boolean }): unknown {
  const inner = unwrapSecret(value);
  if (inner !== value) {
    found.secret = true;
    return reveal(inner, found);
  }
  if (Array.isArray(value)) return value.map((v) => reveal(v, found));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reveal(v, found)]));
  }
  return value;
}

/** Plain properties, and the top-level keys that held a secret anywhere inside. */
export interface Revealed {
  props: Props;
  secretKeys: Set<string>;
}

/** Unwraps every secret of `props`, remembering which top-level properties held one. */
export function revealSecrets(props: Props | undefined): Revealed {
  const secretKeys = new Set<string>();
  const plain: Props = {};
  for (const [key, value] of Object.entries(props ?? {})) {
    const found = { secret: false };
    plain[key] = reveal(value, found);
    if (found.secret) secretKeys.add(key);
  }
  return { props: plain, secretKeys };
}

/**
 * `props` with each listed top-level key (present and not null) wrapped as a secret; values the
 * core wrapped already stay as they are.
 */
export function markSecret(props: Props, keys: Iterable<string>): Props {
  const marked = { ...props };
  for (const key of keys) {
    const value = marked[key];
    if (value === undefined || value === null || unwrapSecret(value) !== value) continue;
    marked[key] = asSecret(value);
  }
  return marked;
}

/** `value` with every property named in `keys`, at any depth, wrapped as a secret when it holds a value. */
export function markSecretDeep(value: unknown, keys: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => markSecretDeep(v, keys));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, keys.has(k) && v !== null && v !== undefined ? asSecret(v) : markSecretDeep(v, keys)]),
  );
}

/**
 * Outputs as the plugin answers them: without the copy of the applied inputs that the core keeps
 * in a dynamic resource's outputs (`__inputs`), which a dynamic provider needs because its `read`
 * gets no inputs. The engine keeps a resource's inputs in the state anyway and sends them with
 * every read, diff, update and delete, so the plugin gives them back from there
 * ({@link withKeptInputs}) and the state holds them once, not twice.
 */
export function withoutKeptInputs(outs: Props): Props {
  const { [DECLARED_KEY]: _kept, ...rest } = outs;
  return rest;
}

/** Old outputs as the core reads them: with the inputs the engine sent as the kept copy (state of its own kept one keeps it). */
export function withKeptInputs(olds: Props, inputs: Props): Props {
  if (DECLARED_KEY in olds || Object.keys(inputs).length === 0) return olds;
  return { ...olds, [DECLARED_KEY]: inputs };
}
