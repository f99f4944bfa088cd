import { fromWire } from "../mapping";
import type { Props } from "./json";

/**
 * Complete outputs: the inputs, overlaid with what the server says (camelCased), so that drift and
 * server-side rewrites are visible and nothing the user set is lost when the server does not echo it.
 * The server's `id` is left out: it is the resource's Pulumi id, and `id` is reserved in outputs.
 */
export function outputsOf(inputs: Props, server: object): Props {
  const { id: _id, ...fields } = fromWire(server) as Props;
  const outs: Props = { ...inputs };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) outs[key] = value;
  return outs;
}

/** Only the named properties of `props` (for minimal PATCH bodies and adoption). */
export function pick(props: Props, keys: readonly string[]): Props {
  const out: Props = {};
  for (const key of keys) if (props[key] !== undefined) out[key] = props[key];
  return out;
}
