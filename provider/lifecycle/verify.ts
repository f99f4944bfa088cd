import { planDiff, type Normalizer } from "../diff/diff";
import type { Props } from "./json";

/** What a write was meant to set, and what the server holds after it. */
export interface WriteCheck {
  /** The properties the write carried. */
  keys: readonly string[];
  /** The desired inputs. */
  inputs: Props;
  /** The outputs read after the write. */
  outs: Props;
  normalizers?: Readonly<Record<string, Normalizer | undefined>>;
  /** `PATCH /api/v1/...`, for the message. */
  request: string;
}

/**
 * Fails when the server answered a write with success but did not take some of its properties
 * (an older server that lacks a field, a value silently ignored). Without this check the property
 * would show as a change on every later `up`, forever, with nobody told why.
 */
export function assertWriteTaken({ keys, inputs, outs, normalizers, request }: WriteCheck): void {
  const { changed } = planDiff({ keys, olds: outs, news: inputs, normalizers });
  if (changed.length === 0) return;
  throw new Error(
    `${request}: the server answered with success but did not take ${changed.join(", ")} ` +
      `(it still holds ${changed.map((k) => `${k}=${JSON.stringify(outs[k] ?? null)}`).join(", ")}); ` +
      "this server version may not support the field, or refused the value without saying so",
  );
}
