/**
 * The engine's steps for one resource, over the real host: check before create, update and diff;
 * diff against the last outputs; read and delete with the stored outputs and old inputs.
 */
import type { CheckResult, DiffResult, HostClient } from "../../harness/host";
import type { PropertyMap } from "../../harness/wire";

/** What the engine keeps in state for one resource. */
export interface Deployed {
  urn: string;
  id: string;
  /** Checked inputs (`__provider` included). */
  inputs: PropertyMap;
  /** Outputs (`__provider` included). */
  outputs: PropertyMap;
}

/** Check failures, thrown where a step needed valid inputs. */
export class CheckFailures extends Error {
  constructor(readonly failures: CheckResult["failures"]) {
    super(`check failed: ${failures.map((f) => (f.property === "" ? f.reason : `${f.property}: ${f.reason}`)).join("; ")}`);
  }
}

/** The engine's steps over `host`. */
export function engineSteps(host: HostClient) {
  const checked = async (urn: string, news: PropertyMap, olds: PropertyMap = {}): Promise<PropertyMap> => {
    const result = await host.check(urn, olds, news);
    if (result.failures.length > 0) throw new CheckFailures(result.failures);
    return result.inputs;
  };

  return {
    checked,

    /** `pulumi up` of a new resource: check, then create. */
    async create(urn: string, news: PropertyMap): Promise<Deployed> {
      const inputs = await checked(urn, news);
      const { id, properties } = await host.create(urn, inputs);
      return { urn, id, inputs, outputs: properties };
    },

    /** The diff `pulumi preview` shows for new inputs (checked against the old ones first). */
    async diff(state: Deployed, news: PropertyMap): Promise<DiffResult> {
      const inputs = await checked(state.urn, news, state.inputs);
      return host.diff(state.urn, state.id, state.outputs, inputs, { oldInputs: state.inputs });
    },

    /** `pulumi up` of a changed resource that updates in place. */
    async update(state: Deployed, news: PropertyMap): Promise<Deployed> {
      const inputs = await checked(state.urn, news, state.inputs);
      const { properties } = await host.update(state.urn, state.id, state.outputs, inputs, { oldInputs: state.inputs });
      return { ...state, inputs, outputs: properties };
    },

    /** `pulumi refresh`: the id is `""` when the provider reports the object gone. */
    refresh(state: Deployed) {
      return host.read(state.urn, state.id, state.outputs, state.inputs);
    },

    /** `pulumi destroy` of one resource. */
    destroy(state: Deployed): Promise<void> {
      return host.delete(state.urn, state.id, state.outputs, { oldInputs: state.inputs });
    },
  };
}

/** The steps {@link engineSteps} returns. */
export type EngineSteps = ReturnType<typeof engineSteps>;
