import type * as pulumi from "@pulumi/pulumi";
import { unwrapSecret, withoutProvider } from "../../../provider/lifecycle/json";

/**
 * Drives a provider's lifecycle methods in the order Pulumi's engine does (check before create /
 * diff / update; diff before update), without the host: the provider tier of the tests.
 */
type Provider = pulumi.dynamic.ResourceProvider;
export type Props = Record<string, unknown>;

export interface State {
  id: string;
  inputs: Props;
  outs: Props;
}

/** A check's failures, as the engine shows them: a property's named first, one of the whole resource alone. */
export class CheckFailed extends Error {
  constructor(readonly failures: pulumi.dynamic.CheckFailure[]) {
    super(`check failed: ${failures.map((f) => (f.property === "" ? f.reason : `${f.property}: ${f.reason}`)).join("; ")}`);
  }
}

export async function check(p: Provider, news: Props, olds: Props = {}): Promise<Props> {
  const r = await p.check!(olds, news);
  if (r.failures?.length) throw new CheckFailed(r.failures);
  return r.inputs as Props;
}

export async function create(p: Provider, raw: Props): Promise<State> {
  const inputs = await check(p, raw);
  const r = await p.create(inputs);
  return { id: r.id, inputs, outs: plain(r.outs as Props) };
}

export type Op = "same" | "update" | "replace";

/** One `pulumi up` of an existing resource: check, diff, then update when something changed. */
export async function up(p: Provider, state: State, raw: Props): Promise<{ op: Op; state: State; diff: pulumi.dynamic.DiffResult }> {
  const inputs = await check(p, raw, state.inputs);
  const diff = await p.diff!(state.id, state.outs, inputs);
  if (diff.replaces?.length) return { op: "replace", state, diff };
  if (!diff.changes) return { op: "same", state, diff };
  const r = await p.update!(state.id, state.outs, inputs);
  return { op: "update", state: { id: state.id, inputs, outs: plain(r.outs as Props) }, diff };
}

/**
 * `pulumi refresh` of one resource: `undefined` when the provider reports it gone. Inputs the
 * provider returns replace the stored ones, as the engine does.
 */
export async function refresh(p: Provider, state: State): Promise<State | undefined> {
  const r = await p.read!(state.id, state.outs);
  if (!r.id) return undefined;
  return { id: r.id, inputs: r.inputs ? withoutProvider(r.inputs as Props) : state.inputs, outs: plain(r.props as Props) };
}

/**
 * Outputs as the engine hands them back to this provider, which does not accept secrets: secret
 * values (in Pulumi's wire form) unwrapped.
 */
export function plain(outs: Props): Props {
  return Object.fromEntries(Object.entries(outs).map(([key, value]) => [key, unwrapSecret(value)]));
}

export async function destroy(p: Provider, state: State): Promise<void> {
  await p.delete!(state.id, state.outs);
}
