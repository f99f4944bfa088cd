/** Any JSON object the provider hands to Pulumi (inputs, outputs). */
export type Props = Record<string, unknown>;

/** The property under which Pulumi stores the serialized provider; never ours to read or echo. */
export const PROVIDER_KEY = "__provider";

/** A copy of `props` without Pulumi's `__provider` text. */
export function withoutProvider(props: Props | undefined): Props {
  const { [PROVIDER_KEY]: _provider, ...rest } = props ?? {};
  return rest;
}

/**
 * Plain JSON for Pulumi's Struct encoding: `undefined` anywhere makes the host fail *after* the
 * server-side change happened ("Unexpected struct type"), orphaning the object; Dates become ISO text.
 */
export function jsonSafe<T extends Props>(props: T): T {
  return JSON.parse(JSON.stringify(props)) as T;
}
