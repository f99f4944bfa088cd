/**
 * The engine's side of one `pulumi up` / `pulumi preview`, for dynamic resources: for each
 * registration it checks the inputs through the real host, then creates, or diffs and keeps,
 * updates or replaces; afterwards it deletes what the program no longer declares. It also keeps
 * Pulumi's limits: delete and read always run the provider text stored in state.
 */
import { sameValue } from "../../provider/diff/normalize/canonical";
import { ADOPTED_KEY } from "../../provider/lifecycle/adopt";
import { dependencyOrder } from "./dependency-order";
import type { DiffResult, HostClient } from "./host";
import { HostError } from "./host-error";
import type { ReadRegistration, Registration, RegistrationResult } from "./program-monitor";
import { grpc } from "./sdk-modules";
import { seal, secretOutputKeys, unseal, type ResourceState, type StackState } from "./state";
import type { StateSecrets } from "./state-secrets";
import type { ResourceChange } from "./summary";
import { ROOT_STACK_TYPE } from "./urn";
import { stripSecrets, wrapSecret, type PropertyMap } from "./wire";

const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic";

/** Check failures for one resource, each naming the property. */
export class CheckFailedError extends Error {
  constructor(
    readonly resource: string,
    readonly type: string,
    readonly failures: { property: string; reason: string }[],
  ) {
    // A failure without a property concerns the resource as a whole (e.g. its connection settings).
    super(`${resource} (${type}) has invalid inputs:\n${failures.map((f) => `    ${f.property ? `${f.property}: ` : ""}${f.reason}`).join("\n")}`);
    this.name = "CheckFailedError";
  }
}

/** Top-level keys whose values differ, apart from `ignore`. */
function changedKeys(olds: PropertyMap, news: PropertyMap, ignore: readonly string[] = []): string[] {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  return [...keys].filter((k) => !ignore.includes(k) && !sameValue(olds[k], news[k])).sort();
}

/**
 * `ignoreChanges`: the engine puts the old input value back (or removes the key when there was
 * none) before check and diff. Dotted paths reach into objects; array indexes and wildcards are not
 * supported here.
 */
function applyIgnoreChanges(news: PropertyMap, olds: PropertyMap, paths: readonly string[]): PropertyMap {
  const result = structuredClone(news);
  for (const p of paths) {
    const keys = p.split(".");
    const last = keys.pop() as string;
    let from: unknown = olds;
    let into: unknown = result;
    for (const key of keys) {
      from = (from as PropertyMap | undefined)?.[key];
      into = (into as PropertyMap | undefined)?.[key];
    }
    if (typeof into !== "object" || into === null) continue;
    const source = typeof from === "object" && from !== null ? (from as PropertyMap) : {};
    if (last in source) (into as PropertyMap)[last] = source[last];
    else delete (into as PropertyMap)[last];
  }
  return result;
}

/**
 * What the monitor answers for a failed or refused registration. The SDK treats UNAVAILABLE as "the
 * engine is shutting down": it stops registering and leaves outputs unresolved instead of raising
 * unhandled rejections, which is how a program ends when a step fails under the real engine.
 */
function terminating(message: string): Error {
  return Object.assign(new Error(message), { code: grpc.status.UNAVAILABLE });
}

/** Wraps the secret keys of plain outputs in the wire form the SDK turns into secret Outputs. */
function toWire(outputs: PropertyMap, secretKeys: readonly string[]): PropertyMap {
  return Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, secretKeys.includes(k) ? wrapSecret(v) : v]));
}

interface Row extends ResourceChange {
  order: number;
}

/** One run of a program against a stack's previous state. */
export class Deployment {
  /** Errors that failed a resource; the run fails if any. */
  readonly errors: Error[] = [];
  /**
   * Resolves at the first failure. The engine then stops the deployment: steps already running
   * finish, new registrations are refused, and the program is not waited for.
   */
  readonly halted: Promise<void>;
  private halt: () => void = () => {};
  private readonly rows: Row[] = [];
  private readonly old: Map<string, ResourceState>;
  private readonly next = new Map<string, ResourceState>();
  /** Old halves of create-before-delete replacements, deleted once the program is done. */
  private readonly replaced: ResourceState[] = [];
  /** Records kept in state although the program dropped them (failed or skipped deletes). */
  private readonly kept: ResourceState[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private stackOutputs?: PropertyMap;
  private arrivals = 0;
  private closed = false;

  constructor(
    private readonly host: HostClient,
    private readonly previous: StackState,
    private readonly preview: boolean,
    private readonly secrets: StateSecrets,
  ) {
    this.old = new Map(previous.resources.filter((r) => !r.pendingDelete).map((r) => [r.urn, r]));
    this.halted = new Promise((resolve) => (this.halt = resolve));
  }

  /** Deletes old halves of replacements an earlier run could not finish, as Pulumi does first. */
  async start(): Promise<void> {
    const pending = dependencyOrder(this.previous.resources.filter((r) => r.pendingDelete)).reverse();
    for (const [i, record] of pending.entries()) {
      try {
        if (!this.preview) await this.deleteRecord(record);
      } catch (err) {
        this.fail(err);
        this.kept.push(...pending.slice(i));
        return;
      }
      this.rows.push({ order: i - pending.length, urn: record.urn, type: record.type, name: record.name, id: record.id, op: "delete", detail: "left over from a replacement" });
    }
  }

  /** Handles a `RegisterResource` call. */
  register(registration: Registration): Promise<RegistrationResult> {
    const order = this.arrivals++;
    return this.track(() =>
      (registration.custom ? this.registerCustom(registration, order) : this.registerComponent(registration, order)).catch((err: unknown) => {
        throw naming(registration, err);
      }),
    );
  }

  /** Handles a `ReadResource` call (a resource constructed with an explicit `id`). */
  read(registration: ReadRegistration): Promise<RegistrationResult> {
    const order = this.arrivals++;
    return this.track(async () => {
      this.assertDynamic(registration.name, registration.type);
      const { value: inputs, secretKeys } = stripSecrets(registration.inputs);
      const result = await this.host.read(registration.urn, registration.id, inputs, inputs);
      if (!result.id) throw new Error(`${registration.name} (${registration.type}): no object with id ${registration.id} exists`);
      const secrets = secretOutputKeys({ secretInputKeys: secretKeys, additionalSecretOutputs: registration.additionalSecretOutputs });
      this.next.set(registration.urn, {
        urn: registration.urn,
        type: registration.type,
        name: registration.name,
        custom: true,
        parent: registration.parent,
        id: result.id,
        external: true,
        inputs: seal(inputs, secretKeys, this.secrets),
        outputs: seal(result.properties, secrets, this.secrets),
        secretInputKeys: secretKeys,
        additionalSecretOutputs: registration.additionalSecretOutputs,
        dependencies: registration.dependencies,
        propertyDependencies: {},
        protect: false,
        retainOnDelete: false,
      });
      this.rows.push({ order, urn: registration.urn, type: registration.type, name: registration.name, id: result.id, op: "read" });
      return { id: result.id, outputs: toWire(result.properties, secrets) };
    });
  }

  /** Handles `RegisterResourceOutputs`; the root stack's become the stack outputs. */
  registerOutputs(urn: string, outputs: PropertyMap): void {
    const record = this.next.get(urn);
    if (!record) return;
    const { value, secretKeys } = stripSecrets(outputs);
    record.outputs = seal(value, secretKeys, this.secrets);
    if (record.type === ROOT_STACK_TYPE) this.stackOutputs = outputs;
  }

  /** The stack outputs in wire form (secrets wrapped); `undefined` if the program never finished. */
  outputs(): PropertyMap | undefined {
    return this.stackOutputs;
  }

  /**
   * Called once the program is done: waits for running steps, deletes the old halves of
   * replacements, then deletes resources the program no longer declares, dependents first.
   * After a failure nothing is deleted, as the engine stops: old halves stay in state as pending
   * deletes for the next run, and dropped resources stay as they were.
   */
  async finish(programFailed: boolean): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    const failed = () => programFailed || this.errors.length > 0;
    const replaced = this.sortForDelete(this.replaced);
    for (const [i, record] of replaced.entries()) {
      try {
        if (!failed()) {
          await this.deleteRecord(record);
          continue;
        }
      } catch (err) {
        this.fail(err);
      }
      this.kept.push(...replaced.slice(i).map((r) => ({ ...r, pendingDelete: true })));
      break;
    }

    const removed = this.previous.resources.filter((r) => !r.pendingDelete && !this.next.has(r.urn));
    if (failed()) {
      this.kept.push(...removed);
      return;
    }
    const protectedOnes = removed.filter((r) => r.protect);
    if (protectedOnes.length > 0) {
      this.fail(new Error(`${protectedOnes.map((r) => r.name).join(", ")}: protected, so not deleted; set protect: false and run again first`));
      this.kept.push(...removed);
      return;
    }
    const ordered = this.sortForDelete(removed);
    for (const [i, record] of ordered.entries()) {
      const row: Row = { order: this.arrivals++, urn: record.urn, type: record.type, name: record.name, id: record.id, op: "delete" };
      try {
        row.detail = await this.forget(record);
      } catch (err) {
        this.fail(err);
        this.kept.push(...ordered.slice(i));
        return;
      }
      if (record.type !== ROOT_STACK_TYPE) this.rows.push(row);
    }
  }

  /** The resources this run touched, in registration order, deletions last. */
  changes(): ResourceChange[] {
    return [...this.rows].sort((a, b) => a.order - b.order).map(({ order: _order, ...row }) => row);
  }

  /** The state after this run; a program that never finished keeps the previous stack outputs. */
  state(): StackState {
    const resources = dependencyOrder([...this.next.values(), ...this.kept]);
    if (!this.stackOutputs) return { ...this.previous, resources };
    const { value, secretKeys } = stripSecrets(this.stackOutputs);
    return { ...this.previous, resources, outputs: seal(value, secretKeys, this.secrets) };
  }

  private track<T>(step: () => Promise<T>): Promise<T> {
    if (this.closed || this.errors.length > 0) return Promise.reject(terminating("the deployment has stopped"));
    const running = step().catch((err: unknown) => {
      throw terminating(this.fail(err).message);
    });
    this.inFlight.add(running);
    running.then(
      () => this.inFlight.delete(running),
      () => this.inFlight.delete(running),
    );
    return running;
  }

  private fail(err: unknown): Error {
    const error = err instanceof Error ? err : new Error(String(err));
    this.errors.push(error);
    this.halt();
    return error;
  }

  private assertDynamic(name: string, type: string): void {
    if (!type.startsWith(DYNAMIC_TYPE_PREFIX)) throw new Error(`${name} (${type}): only dynamic resources (${DYNAMIC_TYPE_PREFIX}...) can run offline`);
  }

  private async registerComponent(registration: Registration, order: number): Promise<RegistrationResult> {
    const { urn, type, name } = registration;
    if (this.next.has(urn)) throw new Error(`duplicate resource URN ${urn}`);
    const { value, secretKeys } = stripSecrets(registration.inputs);
    this.next.set(urn, {
      urn,
      type,
      name,
      custom: false,
      parent: registration.parent,
      inputs: seal(value, secretKeys, this.secrets),
      outputs: {},
      secretInputKeys: secretKeys,
      additionalSecretOutputs: [],
      dependencies: registration.dependencies,
      propertyDependencies: registration.propertyDependencies,
      protect: registration.options.protect,
      retainOnDelete: registration.options.retainOnDelete,
    });
    if (type !== ROOT_STACK_TYPE) this.rows.push({ order, urn, type, name, op: this.old.has(urn) ? "same" : "create" });
    return { id: "", outputs: registration.inputs };
  }

  private async registerCustom(registration: Registration, order: number): Promise<RegistrationResult> {
    const { urn, type, name, options } = registration;
    if (this.next.has(urn)) throw new Error(`duplicate resource URN ${urn}`);
    this.assertDynamic(name, type);
    if (registration.importId) throw new Error(`${name}: the import option cannot work for dynamic resources (Pulumi sends no provider to read with); adopt the object instead`);
    const { value: declared, secretKeys } = stripSecrets(registration.inputs);
    if (secretKeys.includes("__provider")) {
      throw new Error(`${name} (${type}): the serialized provider captured a secret; read secrets in configure() instead of capturing them`);
    }
    const old = this.old.get(urn);
    const oldInputs = old ? unseal(old.inputs, this.secrets) : {};
    const news = old ? applyIgnoreChanges(declared, oldInputs, options.ignoreChanges) : declared;
    const checked = await this.host.check(urn, oldInputs, news);
    if (checked.failures.length > 0) throw new CheckFailedError(name, type, checked.failures);
    const inputs = checked.inputs;
    const secrets = secretOutputKeys({ secretInputKeys: secretKeys, additionalSecretOutputs: options.additionalSecretOutputs });
    const row: Row = { order, urn, type, name, op: "create" };
    const save = (id: string | undefined, outputs: PropertyMap, initErrors?: string[]) =>
      this.save(registration, { id, inputs, outputs, secretInputKeys: secretKeys, initErrors });

    if (!old) {
      const created = await this.create(registration, inputs, save);
      row.id = created.id || undefined;
      // The provider marks an object it took over instead of creating.
      if (created.outputs[ADOPTED_KEY] === true) row.op = "adopt";
      this.rows.push(row);
      return { id: created.id, outputs: toWire(created.outputs, secrets) };
    }

    const oldOutputs = unseal(old.outputs, this.secrets);
    const diff = await this.host.diff(urn, old.id ?? "", oldOutputs, inputs, { oldInputs });
    let op: "same" | "update" | "replace";
    if (diff.changes === "unknown") {
      // No verdict from the provider: the engine compares old and new inputs itself, __provider included.
      const engineChanges = changedKeys(oldInputs, inputs);
      op = engineChanges.length === 0 ? "same" : engineChanges.some((k) => options.replaceOnChanges.includes(k)) ? "replace" : "update";
    } else {
      op = diff.replaces.length > 0 ? "replace" : diff.changes === "some" ? "update" : "same";
    }
    if (op === "same" && old.initErrors?.length) op = "update";
    row.op = op;
    row.id = old.id;
    if (op !== "same") {
      const changed = diff.changes === "unknown" ? changedKeys(oldInputs, inputs, ["__provider"]) : await this.changedProperties(urn, old.id ?? "", oldOutputs, inputs, oldInputs);
      row.changedKeys = [...new Set([...changed, ...diff.replaces])].sort();
    }

    if (op === "same") {
      this.next.set(urn, { ...this.recordBase(registration, secretKeys), id: old.id, inputs: seal(inputs, secretKeys, this.secrets), outputs: old.outputs });
      this.rows.push(row);
      return { id: old.id ?? "", outputs: toWire(oldOutputs, secrets) };
    }

    if (op === "update") {
      let outputs: PropertyMap = { ...oldOutputs, ...inputs };
      if (!this.preview) {
        try {
          outputs = (await this.host.update(urn, old.id ?? "", oldOutputs, inputs, { oldInputs })).properties;
        } catch (err) {
          if (err instanceof HostError && err.initFailure) save(old.id, err.initFailure.properties, err.initFailure.reasons);
          else this.next.set(urn, { ...old, ...this.recordBase(registration, old.secretInputKeys) });
          throw err;
        }
      }
      save(old.id, outputs);
      this.rows.push(row);
      return { id: old.id ?? "", outputs: toWire(outputs, secrets) };
    }

    // Replace. A protected resource cannot be replaced, as the engine refuses to delete it.
    if (old.protect) throw new Error(`${name} (${type}): protected, so it cannot be replaced (changed: ${row.changedKeys?.join(", ")})`);
    const deleteFirst = diff.deleteBeforeReplace || options.deleteBeforeReplace === true;
    row.detail = deleteFirst ? "delete-before-replace" : "create-before-delete";
    if (this.preview) {
      save(old.id, inputs);
      this.rows.push(row);
      return { id: "", outputs: toWire(inputs, secrets) };
    }
    if (deleteFirst) {
      try {
        await this.host.delete(urn, old.id ?? "", oldOutputs, { oldInputs });
      } catch (err) {
        this.next.set(urn, { ...old, ...this.recordBase(registration, old.secretInputKeys) });
        throw err;
      }
    }
    const created = await this.create(registration, inputs, save);
    if (!deleteFirst) this.replaced.push(old);
    row.id = created.id;
    this.rows.push(row);
    return { id: created.id, outputs: toWire(created.outputs, secrets) };
  }

  /**
   * The properties the provider's own diff finds changed, for the summary. The host passes on only
   * its verdict (changes, replaces), so each candidate, a property whose value differs from the old
   * output, is asked about alone: the new inputs with every other candidate put back to its old
   * output. Raw differences the provider normalizes away (a custom domain stored without its
   * scheme, say) are not changes.
   */
  private async changedProperties(urn: string, id: string, oldOutputs: PropertyMap, inputs: PropertyMap, oldInputs: PropertyMap): Promise<string[]> {
    const keys = new Set([...Object.keys(oldInputs), ...Object.keys(inputs)]);
    const candidates = [...keys].filter((k) => k !== "__provider" && !sameValue(oldOutputs[k], inputs[k])).sort();
    if (candidates.length <= 1) return candidates;
    const withValue = (props: PropertyMap, key: string, value: unknown): PropertyMap => {
      const { [key]: _old, ...rest } = props;
      return value === undefined ? rest : { ...rest, [key]: value };
    };
    const baseline = candidates.reduce((props, k) => withValue(props, k, oldOutputs[k]), inputs);
    const changes = (result: DiffResult) => result.changes === "some" || result.replaces.length > 0;
    const verdicts = await Promise.all(
      candidates.map(async (k) => changes(await this.host.diff(urn, id, oldOutputs, withValue(baseline, k, inputs[k]), { oldInputs }))),
    );
    const changed = candidates.filter((_k, i) => verdicts[i]);
    // Only a combination of properties counts as a change: name every candidate.
    return changed.length > 0 ? changed : candidates;
  }

  /** Creates through the host; an object that was made but failed to initialise stays in state. */
  private async create(
    registration: Registration,
    inputs: PropertyMap,
    save: (id: string | undefined, outputs: PropertyMap, initErrors?: string[]) => void,
  ): Promise<{ id: string; outputs: PropertyMap }> {
    if (this.preview) {
      save(undefined, inputs);
      return { id: "", outputs: inputs };
    }
    try {
      const created = await this.host.create(registration.urn, inputs);
      save(created.id, created.properties);
      return { id: created.id, outputs: created.properties };
    } catch (err) {
      if (err instanceof HostError && err.initFailure) save(err.initFailure.id, err.initFailure.properties, err.initFailure.reasons);
      throw err;
    }
  }

  private recordBase(registration: Registration, secretInputKeys: string[]) {
    const { urn, type, name, parent, dependencies, propertyDependencies, options } = registration;
    return {
      urn,
      type,
      name,
      custom: registration.custom,
      parent,
      secretInputKeys,
      additionalSecretOutputs: options.additionalSecretOutputs,
      dependencies,
      propertyDependencies,
      protect: options.protect,
      retainOnDelete: options.retainOnDelete,
      ...(options.deleteBeforeReplace !== undefined ? { deleteBeforeReplace: options.deleteBeforeReplace } : {}),
    };
  }

  private save(
    registration: Registration,
    fields: { id?: string; inputs: PropertyMap; outputs: PropertyMap; secretInputKeys: string[]; initErrors?: string[] },
  ): void {
    const secrets = secretOutputKeys({ secretInputKeys: fields.secretInputKeys, additionalSecretOutputs: registration.options.additionalSecretOutputs });
    this.next.set(registration.urn, {
      ...this.recordBase(registration, fields.secretInputKeys),
      id: fields.id,
      inputs: seal(fields.inputs, fields.secretInputKeys, this.secrets),
      outputs: seal(fields.outputs, secrets, this.secrets),
      ...(fields.initErrors ? { initErrors: fields.initErrors } : {}),
    });
  }

  private sortForDelete(records: readonly ResourceState[]): ResourceState[] {
    return dependencyOrder(records).reverse();
  }

  private deleteRecord(record: ResourceState): Promise<void> {
    return deleteStored(this.host, record, this.secrets);
  }

  private async forget(record: ResourceState): Promise<string | undefined> {
    return removeFromStack(this.host, record, this.secrets, this.preview);
  }
}

/** Deletes a custom resource with the provider text and outputs stored in state. */
export async function deleteStored(host: HostClient, record: ResourceState, secrets: StateSecrets): Promise<void> {
  await host.delete(record.urn, record.id ?? "", unseal(record.outputs, secrets), { oldInputs: unseal(record.inputs, secrets) });
}

/**
 * Takes a resource out of the stack as the engine does: objects read by id and those with
 * `retainOnDelete` are only forgotten, components have nothing to delete, the rest are deleted
 * (unless previewing). Returns a note for the summary row.
 */
export async function removeFromStack(host: HostClient, record: ResourceState, secrets: StateSecrets, preview: boolean): Promise<string | undefined> {
  if (record.external) return "read by id: forgotten, not deleted";
  if (record.retainOnDelete) return "retained: removed from state only";
  if (!record.custom) return undefined;
  if (!preview) await deleteStored(host, record, secrets);
  return undefined;
}

/** As the engine reports a failed step: the error names the resource it happened to. */
function naming(registration: Registration, err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const label = `${registration.name} (${registration.type})`;
  if (err.message.startsWith(registration.name)) return err;
  err.message = `${label}: ${err.message}`;
  return err;
}
