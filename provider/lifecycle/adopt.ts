import { planDiff, type Normalizer } from "../diff/diff";
import type { Props } from "./json";
import { PartialCreateError } from "./partial-create";

/**
 * Output key marking an object the resource took over rather than created, so that run summaries
 * can say "adopted". It is not an input, so the diff never compares it and no request sends it.
 */
export const ADOPTED_KEY = "adopted";

/** The outputs of an adopted object, marked as such. */
export function markAdopted(outs: Props): Props {
  return { ...outs, [ADOPTED_KEY]: true };
}

/** Read and update rebuild outputs from the server's answer: the mark of an adopted object stays. */
export function keepAdoptedMark(olds: Props | undefined, outs: Props): Props {
  return olds?.[ADOPTED_KEY] === true ? markAdopted(outs) : outs;
}

/**
 * Why a create will not make an object whose natural key `holder` already has (`label 3`,
 * `title "vip"`), and what to do instead. Such an object existed before the create, so it is
 * never taken without being asked to.
 */
export function keyTaken(holder: string, key: string): string {
  return `${holder} already has ${key}; set adopt: true to manage it`;
}

/** How to bring an existing object to the declared state. */
export interface TakeOver {
  /** The object's Pulumi id. */
  id: string;
  /** Outputs describing the object as the server holds it now. */
  current: Props;
  /** The checked inputs of the resource taking it over. */
  inputs: Props;
  /** The properties to compare (the resource's managed keys). */
  keys: readonly string[];
  normalizers?: Readonly<Record<string, Normalizer | undefined>>;
  /** Applies the differing properties (one PATCH) and returns the new outputs. */
  patch(changed: string[]): Promise<Props>;
}

/**
 * Adoption, the stand-in for `pulumi import` (which dynamic providers cannot support): an existing
 * object becomes the resource, and only what differs from the program is changed, in one request.
 * Should that change fail, the object is still handed to Pulumi (as a partially created resource)
 * so that it is neither orphaned nor adopted twice; the next `up` retries the change.
 */
export async function takeOver({ id, current, inputs, keys, normalizers, patch }: TakeOver): Promise<{ id: string; outs: Props }> {
  const { changed } = planDiff({ keys, olds: current, news: inputs, normalizers });
  if (changed.length === 0) return { id, outs: markAdopted(current) };
  try {
    return { id, outs: markAdopted(await patch(changed)) };
  } catch (err) {
    throw new PartialCreateError(id, markAdopted(current), err);
  }
}
