/**
 * The native plugin's gRPC provider service (`pulumi-resource-chatwoot`), on `@pulumi/pulumi`'s
 * generated proto modules as its dynamic-provider host is. Every resource call goes to the same
 * lifecycle the dynamic shims load (the registry's), so check, diff, minimal PATCHes, adoption,
 * create recovery, drift and secrets hold alike behind both front doors; what is here is only the
 * translation between the engine's messages and that lifecycle, and the provider's own
 * configuration, which a dynamic provider never gets.
 *
 * The stock server of `@pulumi/pulumi/provider` is not used: its `configure` ignores the provider's
 * arguments, it answers `checkConfig`/`diffConfig` unimplemented, sends no detailed diff, and its
 * `read` fails on the empty properties `pulumi import` sends.
 */
import type * as grpcJs from "@grpc/grpc-js";
import type * as structPb from "google-protobuf/google/protobuf/struct_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { configureConnection } from "../config";
import { isExistingRead, readExisting } from "../lifecycle/existing";
import type { Props } from "../lifecycle/json";
import { showingNotices } from "../lifecycle/notices";
import { dataSourceType, resourceType, type ResourceType } from "../registry";
import { engineLog, type EngineLog } from "./engine-log";
import { Any, Empty, grpc, Struct } from "./grpc-modules";
import { withConfigureTarget } from "./configure-request";
import { TOKEN_PREFIX } from "./naming";
import { markSecret, markSecretDeep, revealSecrets, withKeptInputs, withoutKeptInputs } from "./properties";
import { checkConfiguredConnection, checkProviderConfig, configValues, diffProviderConfig, explicitProviderName } from "./provider-config";
import schema from "./schema.json";

/** The plugin's version: the one its schema was generated for. */
export const PLUGIN_VERSION: string = schema.version;

type Callback<T> = grpcJs.sendUnaryData<T>;
type Call<Req> = grpcJs.ServerUnaryCall<Req, unknown>;

/** A Struct as plain JSON (empty for none). */
const plain = (struct: structPb.Struct | undefined): Props => (struct?.toJavaScript() ?? {}) as Props;

/** Plain JSON as a Struct; `undefined` (which a Struct cannot hold) is dropped as JSON drops it. */
export const struct = (props: unknown): structPb.Struct => Struct.fromJavaScript(definedOnly(props ?? {}) as Parameters<typeof Struct.fromJavaScript>[0]);

/** `value` without `undefined` anywhere (dropped from objects, null in arrays), numbers kept as they are (an infinity too). */
function definedOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : definedOnly(v)));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, definedOnly(v)]));
}

/** The registry's type of a resource token or URN type (`chatwoot:index:Label`). */
function typeOf(token: string): ResourceType {
  const found = token.startsWith(TOKEN_PREFIX) ? resourceType(token.slice(TOKEN_PREFIX.length)) : undefined;
  if (!found) throw new Error(`unknown resource type ${token}: this plugin serves ${TOKEN_PREFIX}<Type> for the types of its schema`);
  return found;
}

/** The type of a request: its `type` field where the engine sends one, else the URN's last type segment. */
function requestType(req: { getType(): string; getUrn(): string }): ResourceType {
  const type = req.getType() || (req.getUrn().split("::")[2] ?? "").split("$").pop() || "";
  return typeOf(type);
}

/** Top-level keys a type keeps secret in its outputs, besides those whose input was secret. */
const secretOutputs = (type: ResourceType, fromInputs: Iterable<string>) => [...fromInputs, ...(type.secretOutputs ?? [])];

/**
 * An error as the engine receives it: its message (already redacted by the lifecycle), and for a
 * create that made the object but could not finish (an error carrying `id`), the object's id and
 * properties packed as `ErrorResourceInitFailed`, so the engine keeps the object in the state.
 */
function grpcError(err: unknown, secretKeys: readonly string[] = []): Partial<grpcJs.StatusObject> {
  const e = err as Error & { id?: string; properties?: Props; reasons?: string[] };
  const message = e instanceof Error ? e.message : String(err);
  const metadata = new grpc.Metadata();
  if (e.id) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(struct(markSecret(withoutKeptInputs(e.properties ?? {}), secretKeys)));
    detail.setReasonsList(e.reasons ?? [message]);
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

/** A unary handler from an async function; a thrown error becomes the call's error. */
function unary<Req, Res>(run: (req: Req) => Promise<Res>, onError?: (req: Req, err: unknown) => Partial<grpcJs.StatusObject>) {
  return (call: Call<Req>, callback: Callback<Res>) => {
    run(call.request).then(
      (res) => callback(null, res),
      (err: unknown) => callback(onError ? onError(call.request, err) : grpcError(err), null),
    );
  };
}

/** The answer to an RPC the plugin does not serve; the engine treats it as "not supported". */
function unimplemented(name: string) {
  return (_call: unknown, callback: Callback<never>) => callback({ code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented by the chatwoot provider` }, null);
}

/** Detailed diff entries: each changed property, a replacement where it cannot change in place. */
function detailedDiff(res: provproto.DiffResponse, changed: readonly string[], replaces: readonly string[]): void {
  const map = res.getDetaileddiffMap();
  for (const key of changed) {
    const diff = new provproto.PropertyDiff();
    diff.setKind(replaces.includes(key) ? provproto.PropertyDiff.Kind.UPDATE_REPLACE : provproto.PropertyDiff.Kind.UPDATE);
    map.set(key, diff);
  }
  res.setHasdetaileddiff(true);
  res.setDiffsList([...changed]);
}

/** What the service reaches besides the provider: the engine's log, where the lifecycle's notices go (none: they are dropped). */
export interface ServiceOptions {
  log?: EngineLog;
}

/** The service's handlers, keyed as the generated service definition names them. */
export function providerService({ log }: ServiceOptions = {}): grpcJs.UntypedServiceImplementation {
  return {
    getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(PLUGIN_VERSION)),

    getSchema: unary(async () => new provproto.GetSchemaResponse().setSchema(JSON.stringify(schema))),

    checkConfig: unary(async (req: provproto.CheckRequest) => {
      const { inputs, failures } = checkProviderConfig(revealSecrets(plain(req.getNews())).props, explicitProviderName(req) !== undefined);
      return new provproto.CheckResponse().setInputs(struct(inputs)).setFailuresList(failures.map(checkFailure));
    }),

    diffConfig: unary(async (req: provproto.DiffRequest) => {
      const changed = diffProviderConfig(revealSecrets(plain(req.getOlds())).props, revealSecrets(plain(req.getNews())).props);
      const res = new provproto.DiffResponse().setChanges(changed.length > 0 ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE);
      detailedDiff(res, changed, []);
      return res;
    }),

    configure: unary(async (req: provproto.ConfigureRequest) => {
      const variables = Object.fromEntries(req.getVariablesMap().toArray());
      const values = configValues(revealSecrets(plain(req.getArgs())).props, variables);
      configureConnection(values, explicitProviderName(req));
      await checkConfiguredConnection(values);
      return new provproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true).setAcceptresources(false).setAcceptoutputs(false);
    }),

    check: unary(async (req: provproto.CheckRequest) => {
      const type = requestType(req);
      const olds = revealSecrets(plain(req.getOlds())).props;
      const news = revealSecrets(plain(req.getNews()));
      const checked = await type.lifecycle.check!(olds, news.props);
      const inputs = markSecret(checked.inputs as Props, [...news.secretKeys, ...(type.secretInputs ?? [])]);
      return new provproto.CheckResponse().setInputs(struct(inputs)).setFailuresList((checked.failures ?? []).map(checkFailure));
    }),

    diff: unary(async (req: provproto.DiffRequest) => {
      const type = requestType(req);
      const olds = withKeptInputs(revealSecrets(plain(req.getOlds())).props, revealSecrets(plain(req.getOldInputs())).props);
      const news = revealSecrets(plain(req.getNews())).props;
      const { changes, replaces = [], deleteBeforeReplace, changed } = await type.lifecycle.diff(req.getId(), olds, news);
      const res = new provproto.DiffResponse()
        .setChanges(changes ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE)
        .setReplacesList(replaces)
        .setDeletebeforereplace(deleteBeforeReplace === true);
      detailedDiff(res, changed, replaces);
      return res;
    }),

    create: unary(
      async (req: provproto.CreateRequest) => {
        const type = requestType(req);
        // A preview makes nothing: the planned outputs are the inputs, the server's own unknown.
        if (req.getPreview()) return new provproto.CreateResponse().setId("").setProperties(req.getProperties());
        const inputs = revealSecrets(plain(req.getProperties()));
        const { id, outs } = await type.lifecycle.create(inputs.props);
        return new provproto.CreateResponse().setId(id).setProperties(struct(markSecret(withoutKeptInputs(outs as Props), secretOutputs(type, inputs.secretKeys))));
      },
      (req, err) => {
        const keys = (() => {
          try {
            const type = requestType(req);
            return secretOutputs(type, revealSecrets(plain(req.getProperties())).secretKeys);
          } catch {
            return [];
          }
        })();
        return grpcError(err, keys);
      },
    ),

    read: unary(async (req: provproto.ReadRequest) => {
      const type = requestType(req);
      const props = revealSecrets(plain(req.getProperties()));
      const inputs = revealSecrets(plain(req.getInputs()));
      // `pulumi import` sends an id alone, `X.get` its mark: the object is read by its id, and its inputs made from what it holds.
      const byId = isExistingRead(props.props) || (Object.keys(props.props).length === 0 && Object.keys(inputs.props).length === 0);
      const result = byId
        ? await readExisting(type.lifecycle, `${TOKEN_PREFIX}${type.name}`, req.getId(), props.props)
        : await type.lifecycle.read!(req.getId(), withKeptInputs(props.props, inputs.props));
      const res = new provproto.ReadResponse().setId(result.id ?? "");
      if (!result.id) return res;
      res.setProperties(struct(markSecret(withoutKeptInputs(result.props as Props), secretOutputs(type, props.secretKeys))));
      if (result.inputs) res.setInputs(struct(markSecret(result.inputs as Props, [...inputs.secretKeys, ...(type.secretInputs ?? [])])));
      return res;
    }),

    update: unary(async (req: provproto.UpdateRequest) => {
      const type = requestType(req);
      const olds = withKeptInputs(revealSecrets(plain(req.getOlds())).props, revealSecrets(plain(req.getOldInputs())).props);
      const news = revealSecrets(plain(req.getNews()));
      // A preview changes nothing: the planned outputs are the old ones with the new inputs over them.
      if (req.getPreview()) return new provproto.UpdateResponse().setProperties(struct(markSecret(withoutKeptInputs({ ...olds, ...news.props }), secretOutputs(type, news.secretKeys))));
      const { outs } = await type.lifecycle.update!(req.getId(), olds, news.props);
      return new provproto.UpdateResponse().setProperties(struct(markSecret(withoutKeptInputs(outs as Props), secretOutputs(type, news.secretKeys))));
    }),

    delete: unary(async (req: provproto.DeleteRequest) => {
      const type = requestType(req);
      const remove = () => type.lifecycle.delete!(req.getId(), withKeptInputs(revealSecrets(plain(req.getProperties())).props, revealSecrets(plain(req.getOldInputs())).props));
      // What the delete did to an adopted object is said under the resource.
      await (log ? showingNotices((line) => log(req.getUrn(), line), remove) : remove());
      return new Empty();
    }),

    invoke: unary(async (req: provproto.InvokeRequest) => {
      const token = req.getTok();
      const source = token.startsWith(TOKEN_PREFIX) ? dataSourceType(token.slice(TOKEN_PREFIX.length)) : undefined;
      if (!source) throw new Error(`unknown function ${token}: this plugin serves ${TOKEN_PREFIX}get<X> for the data sources of its schema`);
      const result = await source.read(revealSecrets(plain(req.getArgs())).props as never);
      return new provproto.InvokeResponse().setReturn(struct(markSecretDeep(result, new Set(source.secretKeys ?? []))));
    }),

    cancel: unary(async () => new Empty()),

    getMapping: unary(async () => new provproto.GetMappingResponse().setProvider("").setData("")),
    handshake: unimplemented("Handshake"),
    parameterize: unimplemented("Parameterize"),
    construct: unimplemented("Construct"),
    call: unimplemented("Call"),
    attach: unimplemented("Attach"),
    getMappings: unimplemented("GetMappings"),
    list: (stream: grpcJs.ServerWritableStream<unknown, unknown>) => stream.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "List is not implemented by the chatwoot provider" }),
  };
}

function checkFailure(f: { property: string; reason: string }): provproto.CheckFailure {
  return new provproto.CheckFailure().setProperty(f.property).setReason(f.reason);
}

/** Serves the provider on a loopback port, logging to the engine at `engine`; resolves to the server and its port. */
export async function serve(engine?: string): Promise<{ server: grpcJs.Server; port: number }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 1 << 30, "grpc.max_send_message_length": 1 << 30 });
  server.addService(withConfigureTarget(provrpc.ResourceProviderService), providerService({ log: engine ? engineLog(engine) : undefined }));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { server, port };
}
