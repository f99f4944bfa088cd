import { isNotFound } from "../../http/transport/errors";
import type { Props } from "../json";
import { atParent } from "../parent";
import { listedGone } from "../run-listing";
import type { ObjectKind, WireObject } from "./kind";

/**
 * The delete step. An object the server says it does not have counts as deleted; for an object
 * nested under a parent, that is settled where the parent is now (a gone parent took it along).
 */
export async function deleteObject<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, id: string, olds: Props): Promise<void> {
  /** Deletes at the props' address: `false` when the server says the object is not there. */
  const removed = async (props: Props) => {
    try {
      await kind.api.remove(props, id);
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      // An answer lost after sending, or a gone answer: a look decides.
      if (await kind.answeredGone?.(err, props, id)) return false;
      throw err;
    }
  };
  await (kind.parent ? atParent(kind.parent, olds, removed, (deleted) => !deleted) : removed(olds));
  // Its key is free for the run's next create (a replacement that deletes first, say).
  listedGone(kind, Number(id));
}
