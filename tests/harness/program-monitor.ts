/**
 * A resource monitor for running a Pulumi program in-process. Installed with
 * `pulumi.runtime.setMockOptions`, it receives the SDK's real `RegisterResourceRequest`s (type, name,
 * inputs in wire form, dependencies, options) and hands each to a handler that decides the id and
 * outputs, as the engine would.
 */
import * as pulumi from "@pulumi/pulumi";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { Struct } from "./sdk-modules";
import { makeUrn } from "./urn";
import type { PropertyMap } from "./wire";

/** Resource options that reach the engine and matter to it. */
export interface RegistrationOptions {
  protect: boolean;
  retainOnDelete: boolean;
  /** `undefined` when the program did not set the option. */
  deleteBeforeReplace?: boolean;
  additionalSecretOutputs: string[];
  ignoreChanges: string[];
  replaceOnChanges: string[];
}

/** One `RegisterResource` call, decoded. */
export interface Registration {
  urn: string;
  type: string;
  name: string;
  /** False for component resources (and the root stack). */
  custom: boolean;
  parent?: string;
  /** Set when the program asked to import an existing object (`import` option). */
  importId?: string;
  /** The provider reference (`<urn>::<id>`) of an explicit provider, or `undefined` for the default. */
  provider?: string;
  /** The aliases the resource names, each by what differs from its own URN (its type, say). */
  aliases: { type?: string; name?: string }[];
  /** Inputs in wire form: secrets wrapped, unknowns as the sentinel string, `__provider` included. */
  inputs: PropertyMap;
  /** URNs this resource depends on (explicit `dependsOn` and inputs taken from other resources). */
  dependencies: string[];
  /** For each input, the URNs its value came from. */
  propertyDependencies: Record<string, string[]>;
  options: RegistrationOptions;
}

/** One `ReadResource` call (a resource built with an explicit `id`), decoded. */
export interface ReadRegistration {
  urn: string;
  type: string;
  name: string;
  parent?: string;
  id: string;
  /** Properties the program passed, in wire form. */
  inputs: PropertyMap;
  dependencies: string[];
  additionalSecretOutputs: string[];
}

/** The engine's answer: the id and the outputs in wire form (secrets wrapped). */
export interface RegistrationResult {
  id: string;
  outputs: PropertyMap;
}

/** One call of a provider function (`pulumi.runtime.invoke`), decoded. */
export interface Invocation {
  token: string;
  /** Arguments in wire form. */
  args: PropertyMap;
  /** The provider reference, as in {@link Registration.provider}. */
  provider?: string;
}

/** What the monitor delegates to. Errors thrown here fail the resource's registration. */
export interface MonitorHandlers {
  register(registration: Registration): Promise<RegistrationResult>;
  /** A function's result in wire form (secrets wrapped); without it, a call fails. */
  invoke?(invocation: Invocation): Promise<PropertyMap>;
  read?(registration: ReadRegistration): Promise<RegistrationResult>;
  /** Outputs a component (the root stack included) registered, in wire form. */
  registerOutputs?(urn: string, outputs: PropertyMap): void;
}

// Features the SDK asks about. Resource references and output values stay off so inputs arrive as
// plain values; transforms and hooks would need the SDK's callback server, which a mock cannot run.
const SUPPORTED_FEATURES = new Set(["secrets", "aliasSpecs"]);

type Callback = (err: Error | null, response?: unknown) => void;

/** A `MockMonitor` whose registrations are decided by {@link MonitorHandlers}. */
export class ProgramMonitor extends MockMonitor {
  constructor(private readonly handlers: MonitorHandlers) {
    super({
      call: (args) => {
        throw new Error(`function ${args.token} cannot be invoked without the Pulumi engine`);
      },
      newResource: () => {
        throw new Error("unreachable: registrations are handled by ProgramMonitor");
      },
    });
  }

  override async registerResource(req: resproto.RegisterResourceRequest, callback: Callback): Promise<void> {
    try {
      const registration = decodeRegistration(req);
      const result = await this.handlers.register(registration);
      this.resources.set(registration.urn, { urn: registration.urn, id: result.id || null, state: result.outputs });
      const response = new resproto.RegisterResourceResponse();
      response.setUrn(registration.urn);
      response.setId(result.id);
      response.setObject(Struct.fromJavaScript(result.outputs as Parameters<typeof Struct.fromJavaScript>[0]));
      callback(null, response);
    } catch (err) {
      callback(asError(err));
    }
  }

  override async invoke(req: resproto.ResourceInvokeRequest, callback: Callback): Promise<void> {
    // The SDK's own look-ups of resources it registered are the mock's.
    if (!this.handlers.invoke || req.getTok() === "pulumi:pulumi:getResource") return super.invoke(req, callback);
    try {
      const result = await this.handlers.invoke({ token: req.getTok(), args: (req.getArgs()?.toJavaScript() ?? {}) as PropertyMap, provider: req.getProvider() || undefined });
      const response = new provproto.InvokeResponse();
      response.setReturn(Struct.fromJavaScript(result as Parameters<typeof Struct.fromJavaScript>[0]));
      callback(null, response);
    } catch (err) {
      callback(asError(err));
    }
  }

  override async readResource(req: resproto.ReadResourceRequest, callback: Callback): Promise<void> {
    try {
      if (!this.handlers.read) throw new Error("reading existing resources is not supported here");
      const parent = req.getParent() || undefined;
      const registration: ReadRegistration = {
        urn: makeUrn(pulumi.runtime.getStack(), pulumi.runtime.getProject(), req.getType(), req.getName(), parent),
        type: req.getType(),
        name: req.getName(),
        parent,
        id: req.getId(),
        inputs: (req.getProperties()?.toJavaScript() ?? {}) as PropertyMap,
        dependencies: req.getDependenciesList(),
        additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
      };
      const result = await this.handlers.read(registration);
      this.resources.set(registration.urn, { urn: registration.urn, id: result.id, state: result.outputs });
      const response = new resproto.ReadResourceResponse();
      response.setUrn(registration.urn);
      response.setProperties(Struct.fromJavaScript(result.outputs as Parameters<typeof Struct.fromJavaScript>[0]));
      callback(null, response);
    } catch (err) {
      callback(asError(err));
    }
  }

  override registerResourceOutputs(req: resproto.RegisterResourceOutputsRequest, callback: Callback): void {
    try {
      const outputs = (req.getOutputs()?.toJavaScript() ?? {}) as PropertyMap;
      const known = this.resources.get(req.getUrn());
      if (known) known.state = outputs;
      this.handlers.registerOutputs?.(req.getUrn(), outputs);
      callback(null, {});
    } catch (err) {
      callback(asError(err));
    }
  }

  override supportsFeature(req: resproto.SupportsFeatureRequest, callback: Callback): void {
    const supported = SUPPORTED_FEATURES.has(req.getId());
    callback(null, { getHassupport: () => supported });
  }

  /** Called by `pulumi.runtime.disconnect()`; there is no channel to close. */
  close(): void {}
}

function decodeRegistration(req: resproto.RegisterResourceRequest): Registration {
  const parent = req.getParent() || undefined;
  const propertyDependencies: Record<string, string[]> = {};
  for (const [key, deps] of req.getPropertydependenciesMap().entries()) propertyDependencies[key] = deps.getUrnsList();
  return {
    urn: makeUrn(pulumi.runtime.getStack(), pulumi.runtime.getProject(), req.getType(), req.getName(), parent),
    type: req.getType(),
    name: req.getName(),
    custom: req.getCustom(),
    parent,
    importId: req.getImportid() || undefined,
    provider: req.getProvider() || undefined,
    aliases: req.getAliasesList().map((alias) => {
      const spec = alias.getSpec();
      return spec ? { ...(spec.getType() ? { type: spec.getType() } : {}), ...(spec.getName() ? { name: spec.getName() } : {}) } : { name: alias.getUrn() };
    }),
    inputs: (req.getObject()?.toJavaScript() ?? {}) as PropertyMap,
    dependencies: req.getDependenciesList(),
    propertyDependencies,
    options: {
      protect: req.getProtect() ?? false,
      retainOnDelete: req.getRetainondelete() ?? false,
      deleteBeforeReplace: req.getDeletebeforereplacedefined() ? req.getDeletebeforereplace() : undefined,
      additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
      ignoreChanges: req.getIgnorechangesList(),
      replaceOnChanges: req.getReplaceonchangesList(),
    },
  };
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
