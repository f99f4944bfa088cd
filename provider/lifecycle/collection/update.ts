import { writeThenRead } from "../api";
import type { Props } from "../json";
import { pick } from "../outputs";
import { atParent } from "../parent";
import { listedChanged } from "../run-listing";
import { assertWriteTaken } from "../verify";
import type { ObjectKind, WireObject } from "./kind";

/** The error for a write to an object the server no longer has. */
const gone = <I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, id: string, props: Props) =>
  new Error(`PATCH ${kind.paths.member(props, id)}: the ${kind.noun} is gone (deleted outside Pulumi? run \`pulumi refresh\`)`);

/**
 * The update step: one write of the changed properties `keys` (at the parent's current address,
 * for an object nested under one), resolving to the new outputs. `current`: the last outputs, or
 * the object being adopted.
 */
export async function updateObject<I extends Props, W extends WireObject>(
  kind: ObjectKind<I, W>,
  inputs: I,
  id: string,
  keys: readonly string[],
  current: Props,
): Promise<Props> {
  const parent = kind.parent;
  if (!parent) return writeAt(kind, inputs, id, keys, current);
  const placed = (parent.addressKey ? { ...inputs, [parent.addressKey]: current[parent.addressKey] } : inputs) as I;
  const done = await atParent(parent, placed, (props) => writeAt(kind, props as I, id, keys, current));
  if (!done) {
    throw new Error(`${kind.paths.member(placed, id)}: the ${parent.noun} ${String(inputs[parent.idKey])} is gone (deleted outside Pulumi? run \`pulumi refresh\`)`);
  }
  return done.value;
}

/** One write of the changed properties; an applied change whose answer was unreadable is read back. */
async function writeAt<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I, id: string, keys: readonly string[], current: Props): Promise<Props> {
  // Properties kept in the state alone take no request.
  if (keys.every((k) => kind.stateOnlyKeys?.includes(k))) return { ...current, ...pick(inputs, keys) };
  const object = await writeThenRead(
    async () => {
      try {
        return await kind.api.patch(inputs, id, keys, current);
      } catch (err) {
        if (await kind.answeredGone?.(err, inputs, id)) throw gone(kind, id, inputs);
        throw kind.explain ? kind.explain(err, inputs, keys) : err;
      }
    },
    async () => (await kind.get(inputs, id)) ?? Promise.reject(gone(kind, id, inputs)),
  );
  // The run's listing of the collection shows the object as it is now (a renamed key is free again).
  listedChanged(kind, object);
  kind.verify?.(inputs, object);
  const outs = kind.outputs({ ...current, ...inputs }, object);
  assertWriteTaken({ keys, inputs, outs, normalizers: kind.normalizers, request: `PATCH ${kind.paths.member(inputs, id)}` });
  return outs;
}
