/**
 * The two front doors of one lifecycle, for the provider tier's tables: the lifecycle itself, as
 * the dynamic shims call it, and the native plugin's gRPC service, called in process with the
 * messages the engine sends (Structs, secrets in wire form, URNs and type tokens) and answered as
 * the engine receives it (check failures, detailed diffs, an unfinished create packed as
 * `ErrorResourceInitFailed`). Both present Pulumi's dynamic `ResourceProvider` shape, so a table
 * runs unchanged against either.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as grpcJs from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { resources, type ResourceKind } from "../../../provider";
import { providerService, struct } from "../../../provider/plugin/server";
import type { Props } from "./engine";

type Provider = pulumi.dynamic.ResourceProvider;

/** The front doors: the dynamic shims' target, and the native plugin's service. */
export type FrontDoor = "dynamic" | "native";
export const FRONT_DOORS: readonly FrontDoor[] = ["dynamic", "native"];

const service = providerService();

/** Calls one of the service's unary handlers as grpc-js would; a failure becomes an Error as the engine reads it. */
function callService<Res>(method: string, request: unknown): Promise<Res> {
  const handler = service[method] as (call: { request: unknown }, callback: grpcJs.sendUnaryData<Res>) => void;
  return new Promise((resolve, reject) =>
    handler({ request }, (err, res) => (err ? reject(engineError(err as grpcJs.ServiceError)) : resolve(res as Res))),
  );
}

/**
 * The error the engine makes of a failed call: its message, and for an unfinished create the
 * object's id and properties (the engine keeps such an object in the state).
 */
function engineError(err: Partial<grpcJs.ServiceError>): Error {
  const error = new Error(err.details ?? err.message ?? "unknown error") as Error & { id?: string; properties?: Props; reasons?: string[] };
  const [bin] = err.metadata?.get("grpc-status-details-bin") ?? [];
  if (bin) {
    for (const detail of statusproto.Status.deserializeBinary(bin as Buffer).getDetailsList()) {
      const init = detail.unpack(provproto.ErrorResourceInitFailed.deserializeBinary, "pulumirpc.ErrorResourceInitFailed");
      if (!init) continue;
      error.id = init.getId();
      error.properties = (init.getProperties()?.toJavaScript() ?? {}) as Props;
      error.reasons = init.getReasonsList();
    }
  }
  return error;
}

const plain = (s: { toJavaScript(): unknown } | undefined) => (s?.toJavaScript() ?? {}) as Props;

/**
 * The native service as a dynamic `ResourceProvider` for one type. The engine keeps each
 * resource's inputs in the state and sends them with every read, diff, update and delete (the
 * plugin relies on that, see `withKeptInputs`): they are kept here by id, as the engine would.
 */
function nativeProvider(kind: ResourceKind): Provider {
  const type = `chatwoot:index:${kind}`;
  const urn = `urn:pulumi:stack::project::${type}::${kind.toLowerCase()}`;
  const state = new Map<string, Props>();
  const stored = (id: string) => struct(state.get(id));
  return {
    async check(olds, news) {
      const req = new provproto.CheckRequest().setUrn(urn).setType(type).setOlds(struct(olds)).setNews(struct(news));
      const res = await callService<provproto.CheckResponse>("check", req);
      return { inputs: plain(res.getInputs()), failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })) };
    },
    async diff(id, olds, news) {
      const req = new provproto.DiffRequest().setId(id).setUrn(urn).setType(type).setOlds(struct(olds)).setNews(struct(news)).setOldInputs(stored(id));
      const res = await callService<provproto.DiffResponse>("diff", req);
      return {
        changes: res.getChanges() === provproto.DiffResponse.DiffChanges.DIFF_SOME,
        replaces: res.getReplacesList(),
        deleteBeforeReplace: res.getDeletebeforereplace(),
      };
    },
    async create(inputs) {
      const req = new provproto.CreateRequest().setUrn(urn).setType(type).setProperties(struct(inputs));
      const res = await callService<provproto.CreateResponse>("create", req);
      state.set(res.getId(), inputs);
      return { id: res.getId(), outs: plain(res.getProperties()) };
    },
    async read(id, props) {
      const req = new provproto.ReadRequest().setId(id).setUrn(urn).setType(type).setProperties(struct(props)).setInputs(stored(id));
      const res = await callService<provproto.ReadResponse>("read", req);
      const inputs = res.getInputs();
      if (inputs) state.set(id, plain(inputs));
      return { id: res.getId(), props: plain(res.getProperties()), ...(inputs ? { inputs: plain(inputs) } : {}) };
    },
    async update(id, olds, news) {
      const req = new provproto.UpdateRequest().setId(id).setUrn(urn).setType(type).setOlds(struct(olds)).setNews(struct(news)).setOldInputs(stored(id));
      const res = await callService<provproto.UpdateResponse>("update", req);
      state.set(id, news);
      return { outs: plain(res.getProperties()) };
    },
    async delete(id, props) {
      await callService("delete", new provproto.DeleteRequest().setId(id).setUrn(urn).setType(type).setProperties(struct(props)).setOldInputs(stored(id)));
      state.delete(id);
    },
  };
}

/** The provider of `kind` behind the given front door. */
export function throughFrontDoor(kind: ResourceKind, door: FrontDoor): Provider {
  return door === "dynamic" ? (resources[kind] as unknown as Provider) : nativeProvider(kind);
}
