import type { Props } from "../json";
import { atParent } from "../parent";
import type { ObjectKind, WireObject } from "./kind";

/**
 * The read step (refresh): the object's outputs, or `undefined` when the server says it is gone.
 * For an object nested under a parent, a miss at the stored address may be the parent's rename:
 * only a miss where the parent is now means gone.
 */
export async function readObject<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, id: string, olds: Props): Promise<Props | undefined> {
  if (!kind.parent) {
    const current = await kind.get(olds, id);
    return current && kind.outputs(olds, current);
  }
  const found = await atParent(kind.parent, olds, (props) => kind.get(props, id), (current) => current === undefined);
  return found?.value && kind.outputs(found.props, found.value);
}
