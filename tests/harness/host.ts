/**
 * Spawns Pulumi's real dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) as a child
 * process and drives it over gRPC the way the engine does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { CallOptions, Metadata, ServiceError } from "@grpc/grpc-js";
import type * as structPb from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { HostError } from "./host-error";
import { dynamicProviderHostScript, Empty, grpc, nativePluginScript, Struct } from "./sdk-modules";
import { parseUrn } from "./urn";
import { wrapSecret, type PropertyMap } from "./wire";

/**
 * Which front door the host is: Pulumi's dynamic-provider host running the serialized shims, or the
 * package's native plugin (`pulumi-resource-chatwoot`, from the build).
 */
export type FrontDoor = "dynamic" | "native";

/** Options for {@link startHost}. */
export interface HostOptions {
  /** The host to start; default `dynamic`. */
  frontDoor?: FrontDoor;
  /** For the native plugin: the executable the engine starts (a launcher such as `pulumi-resource-chatwoot`), instead of the build's entry point on this Node.js. */
  executable?: string;
  /**
   * Working directory of the host. `require()` calls inside serialized providers resolve from
   * here, as the engine runs the host in the project directory. Default: `process.cwd()`.
   */
  cwd?: string;
  /** Extra environment variables for the host (added to this process's environment). */
  env?: NodeJS.ProcessEnv;
  /** Project name; `config.get("key")` inside a provider means `<project>:key`. Default `project`. */
  project?: string;
  /** Stack name passed in the environment, as the engine does. Default `stack`. */
  stack?: string;
  /** How long to wait for the port line. Default 15 s. */
  startTimeoutMs?: number;
  /** Deadline for each gRPC call. Default 60 s. */
  callTimeoutMs?: number;
}

/** What the provider's `check` returned. */
export interface CheckResult {
  /** Checked inputs (the host always puts `__provider` back in). */
  inputs: PropertyMap;
  failures: { property: string; reason: string }[];
}

/** What the provider's `diff` returned, as the engine receives it. */
export interface DiffResult {
  /** `unknown` when the provider has no `diff` or left `changes` undefined. */
  changes: "none" | "some" | "unknown";
  replaces: string[];
  /** Always empty with the Node.js host (it drops `stables`); kept to prove it. */
  stables: string[];
  deleteBeforeReplace: boolean;
}

/** What `configure` answered. */
export interface ConfigureResult {
  acceptSecrets: boolean;
  supportsPreview: boolean;
  acceptResources: boolean;
}

/** The RPCs {@link HostClient} counts. */
export type HostMethod = "configure" | "check" | "diff" | "create" | "read" | "update" | "delete";

/** Optional fields the engine adds to diff, update and delete requests. */
export interface OldInputsOption {
  /** The resource's previous inputs (the engine sends them since `sendsOldInputs`). */
  oldInputs?: PropertyMap;
}

/** A running host and typed wrappers around its RPCs. */
export interface HostClient {
  /** Port the host printed on its first stdout line. */
  readonly port: number;
  /** Process id of the host. */
  readonly pid: number;
  /** Everything the host wrote to stdout after the port line. */
  stdout(): string;
  /** Everything the host wrote to stderr. */
  stderr(): string;
  /** stdout and stderr together, in arrival order. */
  output(): string;
  /** How many times each RPC was called. */
  callCounts(): Record<HostMethod, number>;
  /**
   * Sends the stack configuration as the engine does for the `pulumi-nodejs` plugin: every key
   * with its namespace (bare keys get `<project>:`), secrets wrapped in `args` and plaintext in the
   * legacy `variables` map. The host unwraps them; providers see plaintext.
   */
  configure(config: Record<string, string>, secretKeys?: readonly string[]): Promise<ConfigureResult>;
  check(urn: string, olds: PropertyMap, news: PropertyMap): Promise<CheckResult>;
  diff(urn: string, id: string, olds: PropertyMap, news: PropertyMap, opts?: OldInputsOption): Promise<DiffResult>;
  create(urn: string, properties: PropertyMap): Promise<{ id: string; properties: PropertyMap }>;
  /** `id` is `""` when the provider reports the object gone. */
  read(urn: string, id: string, properties: PropertyMap, inputs?: PropertyMap): Promise<{ id: string; properties: PropertyMap; inputs?: PropertyMap }>;
  update(urn: string, id: string, olds: PropertyMap, news: PropertyMap, opts?: OldInputsOption): Promise<{ properties: PropertyMap }>;
  delete(urn: string, id: string, properties: PropertyMap, opts?: OldInputsOption): Promise<void>;
  /** The plugin's `CheckConfig` (a provider's own inputs; the native plugin only). */
  checkConfig(urn: string, news: PropertyMap): Promise<CheckResult>;
  /** The plugin's `DiffConfig`, with the properties its detailed diff names. */
  diffConfig(urn: string, olds: PropertyMap, news: PropertyMap): Promise<DiffResult & { diffs: string[] }>;
  /** An `Invoke` (a data source of the native plugin): its result, or the failures it reports. */
  invoke(token: string, args: PropertyMap): Promise<{ result: PropertyMap; failures: { property: string; reason: string }[] }>;
  /** `GetPluginInfo`: the version the plugin reports. */
  pluginVersion(): Promise<string>;
  /** Closes the channel and ends the host process; resolves once it has exited. */
  close(): Promise<void>;
}

// Hosts still running when this process exits are killed, so a failing test leaves no orphan.
const liveHosts = new Set<ChildProcess>();
process.once("exit", () => liveHosts.forEach((child) => child.kill("SIGKILL")));

/** Starts a dynamic-provider host and connects to it. */
export async function startHost(options: HostOptions = {}): Promise<HostClient> {
  const project = options.project ?? "project";
  const stack = options.stack ?? "stack";
  const frontDoor = options.frontDoor ?? "dynamic";
  const script = frontDoor === "dynamic" ? dynamicProviderHostScript : nativePluginScript;
  const [command, args] = options.executable && frontDoor === "native" ? [options.executable, []] : [process.execPath, [script]];
  const child = spawn(command, [...args, "127.0.0.1:0" /* engine address: never dialled */], {
    cwd: options.cwd ?? process.cwd(),
    env: {
      ...process.env,
      PULUMI_NODEJS_PROJECT: project,
      PULUMI_NODEJS_STACK: stack,
      PULUMI_PROJECT: project,
      PULUMI_STACK: stack,
      // The engine passes only `pulumi-nodejs:*` keys here; the stack config arrives via Configure.
      PULUMI_CONFIG: "{}",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  liveHosts.add(child);
  child.once("exit", () => liveHosts.delete(child));

  let stdout = "";
  let stderr = "";
  let combined = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
    combined += d;
  });
  const port = await readPort(child, options.startTimeoutMs ?? 15_000, () => stderr).catch((err: unknown) => {
    child.kill("SIGKILL");
    throw err;
  });
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
    combined += d;
  });

  const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const counts: Record<HostMethod, number> = { configure: 0, check: 0, diff: 0, create: 0, read: 0, update: 0, delete: 0 };
  const callTimeoutMs = options.callTimeoutMs ?? 60_000;

  // The generated client has one method per RPC with the same (request, metadata, options, callback) shape.
  type Unary<Req, Res> = (req: Req, md: Metadata, opts: Partial<CallOptions>, cb: (err: ServiceError | null, res: Res) => void) => unknown;
  const call = <Req, Res>(name: string, method: Unary<Req, Res>, req: Req): Promise<Res> =>
    new Promise((resolve, reject) => {
      method.call(client, req, new grpc.Metadata(), { deadline: Date.now() + callTimeoutMs }, (err, res) =>
        err ? reject(new HostError(name, err)) : resolve(res),
      );
    });
  const counted = <T>(method: HostMethod, run: () => Promise<T>): Promise<T> => {
    counts[method] += 1;
    return run();
  };
  const requestUrn = <R extends { setUrn(v: string): R; setName(v: string): R; setType(v: string): R }>(req: R, urn: string): R => {
    const { name, type } = parseUrn(urn);
    return req.setUrn(urn).setName(name).setType(type);
  };

  let closed: Promise<void> | undefined;
  return {
    port,
    pid: child.pid ?? -1,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => combined,
    callCounts: () => ({ ...counts }),

    configure: (config, secretKeys = []) =>
      counted("configure", async () => {
        const req = new provproto.ConfigureRequest();
        const args: PropertyMap = {};
        const variables = req.getVariablesMap();
        for (const [rawKey, value] of Object.entries(config)) {
          const key = rawKey.includes(":") ? rawKey : `${project}:${rawKey}`;
          const secret = secretKeys.includes(rawKey) || secretKeys.includes(key);
          if (frontDoor === "dynamic") {
            args[key] = secret ? wrapSecret(value) : value;
            variables.set(`pulumi-nodejs:config:${key}`, value);
            continue;
          }
          // A provider of its own gets its package's keys only, without the namespace.
          const [namespace, name] = key.split(":") as [string, string];
          if (namespace !== "chatwoot") continue;
          args[name] = secret ? wrapSecret(value) : value;
          variables.set(`chatwoot:config:${name}`, value);
        }
        req.setArgs(toStruct(args)).setAcceptsecrets(true).setAcceptresources(true);
        req.setSendsOldInputs(true).setSendsOldInputsToDelete(true);
        const res = await call("configure", client.configure, req);
        return { acceptSecrets: res.getAcceptsecrets(), supportsPreview: res.getSupportspreview(), acceptResources: res.getAcceptresources() };
      }),

    check: (urn, olds, news) =>
      counted("check", async () => {
        const req = requestUrn(new provproto.CheckRequest(), urn).setOlds(toStruct(olds)).setNews(toStruct(news));
        const res = await call("check", client.check, req);
        return {
          inputs: fromStruct(res.getInputs()),
          failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
        };
      }),

    diff: (urn, id, olds, news, opts = {}) =>
      counted("diff", async () => {
        const req = requestUrn(new provproto.DiffRequest(), urn).setId(id).setOlds(toStruct(olds)).setNews(toStruct(news));
        if (opts.oldInputs) req.setOldInputs(toStruct(opts.oldInputs));
        const res = await call("diff", client.diff, req);
        const kinds = provproto.DiffResponse.DiffChanges;
        const changes = res.getChanges() === kinds.DIFF_SOME ? "some" : res.getChanges() === kinds.DIFF_NONE ? "none" : "unknown";
        return { changes, replaces: res.getReplacesList(), stables: res.getStablesList(), deleteBeforeReplace: res.getDeletebeforereplace() };
      }),

    create: (urn, properties) =>
      counted("create", async () => {
        const req = requestUrn(new provproto.CreateRequest(), urn).setProperties(toStruct(properties));
        const res = await call("create", client.create, req);
        return { id: res.getId(), properties: fromStruct(res.getProperties()) };
      }),

    read: (urn, id, properties, inputs) =>
      counted("read", async () => {
        const req = requestUrn(new provproto.ReadRequest(), urn).setId(id).setProperties(toStruct(properties));
        if (inputs) req.setInputs(toStruct(inputs));
        const res = await call("read", client.read, req);
        const returnedInputs = res.getInputs();
        return { id: res.getId(), properties: fromStruct(res.getProperties()), ...(returnedInputs ? { inputs: fromStruct(returnedInputs) } : {}) };
      }),

    update: (urn, id, olds, news, opts = {}) =>
      counted("update", async () => {
        const req = requestUrn(new provproto.UpdateRequest(), urn).setId(id).setOlds(toStruct(olds)).setNews(toStruct(news));
        if (opts.oldInputs) req.setOldInputs(toStruct(opts.oldInputs));
        const res = await call("update", client.update, req);
        return { properties: fromStruct(res.getProperties()) };
      }),

    delete: (urn, id, properties, opts = {}) =>
      counted("delete", async () => {
        const req = requestUrn(new provproto.DeleteRequest(), urn).setId(id).setProperties(toStruct(properties));
        if (opts.oldInputs) req.setOldInputs(toStruct(opts.oldInputs));
        await call("delete", client.delete, req);
      }),

    checkConfig: async (urn, news) => {
      const res = await call("checkConfig", client.checkConfig, requestUrn(new provproto.CheckRequest(), urn).setNews(toStruct(news)).setOlds(toStruct({})));
      return { inputs: fromStruct(res.getInputs()), failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })) };
    },

    diffConfig: async (urn, olds, news) => {
      const req = requestUrn(new provproto.DiffRequest(), urn).setOlds(toStruct(olds)).setNews(toStruct(news));
      const res = await call("diffConfig", client.diffConfig, req);
      const kinds = provproto.DiffResponse.DiffChanges;
      const changes = res.getChanges() === kinds.DIFF_SOME ? "some" : res.getChanges() === kinds.DIFF_NONE ? "none" : "unknown";
      return { changes, replaces: res.getReplacesList(), stables: res.getStablesList(), deleteBeforeReplace: res.getDeletebeforereplace(), diffs: res.getDiffsList() };
    },

    invoke: async (token, args) => {
      const res = await call("invoke", client.invoke, new provproto.InvokeRequest().setTok(token).setArgs(toStruct(args)));
      return { result: fromStruct(res.getReturn()), failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })) };
    },

    pluginVersion: async () => (await call("getPluginInfo", client.getPluginInfo, new Empty())).getVersion(),

    close: () => {
      closed ??= stopHost(child, () => client.close());
      return closed;
    },
  };
}

/** The engine reads exactly one line from the plugin's stdout: the port. */
function readPort(child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const fail = (why: string) => {
      cleanup();
      reject(new Error(`dynamic-provider host did not start: ${why}\n${stderr()}`));
    };
    const timer = setTimeout(() => fail(`no port line within ${timeoutMs} ms`), timeoutMs);
    const onExit = (code: number | null) => fail(`exited with code ${code}`);
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const newline = buffer.indexOf("\n");
      if (newline < 0) return;
      cleanup();
      const port = Number.parseInt(buffer.slice(0, newline).trim(), 10);
      if (Number.isInteger(port) && port > 0) resolve(port);
      else reject(new Error(`dynamic-provider host printed no port: ${JSON.stringify(buffer.slice(0, newline))}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
    };
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}

async function stopHost(child: ChildProcess, closeChannel: () => void): Promise<void> {
  closeChannel();
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

// The engine's PropertyMap cannot hold `undefined`; a JSON round-trip drops such keys the same way.
function toStruct(props: PropertyMap): structPb.Struct {
  return Struct.fromJavaScript(JSON.parse(JSON.stringify(props)) as Parameters<typeof Struct.fromJavaScript>[0]);
}

function fromStruct(struct: structPb.Struct | undefined): PropertyMap {
  return (struct?.toJavaScript() ?? {}) as PropertyMap;
}
