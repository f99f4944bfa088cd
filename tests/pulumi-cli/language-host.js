#!/usr/bin/env node
/**
 * A Node.js language host for the real `pulumi` CLI, where Pulumi's own `pulumi-language-nodejs`
 * cannot be had: the Go module proxy does not serve its module
 * (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3), so `npm run setup:pulumi`
 * builds the CLI alone and installs this beside it. A `pulumi-language-nodejs` found on the PATH
 * (an installed Pulumi) is always preferred.
 *
 * It does what Pulumi's host does for `pulumi preview/up/refresh/destroy`, and nothing more: the
 * engine starts it with its own address as the last argument and reads the port it prints; `Run`
 * starts the program under the SDK's own program runner (`@pulumi/pulumi/cmd/run`, resolved from
 * the program's directory, as the real host does) with the same arguments and environment
 * (`PULUMI_CONFIG`, `PULUMI_CONFIG_SECRET_KEYS`, the runtime options `typescript`, `nodeargs` and
 * `tsconfig`), and reports its exit the same way (exit code 32: the program already reported its
 * error, so the engine bails without another message). Everything else a language host can do
 * (templates, code generation, `pulumi install`) answers "unimplemented", which the engine handles.
 * An engine that ends without closing it (killed) ends it too, with its program (./engine-watch.js).
 */
"use strict";
const { spawn } = require("node:child_process");
const path = require("node:path");
const { watchEngine } = require("./engine-watch");

/** Loads a module as the program sees it: from its own node_modules first, then beside this file. */
function load(id, programDirectory) {
  return require(require.resolve(id, { paths: [programDirectory ?? process.cwd(), __dirname] }));
}

const grpc = load("@grpc/grpc-js");
const services = load("@pulumi/pulumi/proto/language_grpc_pb");
const messages = load("@pulumi/pulumi/proto/language_pb");
const plugin = load("@pulumi/pulumi/proto/plugin_pb");
const { version } = load("@pulumi/pulumi/package.json");

/** The exit code with which `@pulumi/pulumi/cmd/run` says the error is already reported. */
const REPORTED_AND_EXITED = 32;

let engineAddress = process.argv.slice(2).filter((a) => !a.startsWith("-")).pop() ?? "";

/** The runtime options of Pulumi.yaml (`runtime: { name: nodejs, options: {...} }`). */
function runtimeOptions(info) {
  const options = info?.getOptions()?.toJavaScript() ?? {};
  return {
    typescript: options.typescript !== false,
    nodeargs: typeof options.nodeargs === "string" ? options.nodeargs.split(/\s+/).filter(Boolean) : [],
    tsconfig: typeof options.tsconfig === "string" ? options.tsconfig : undefined,
  };
}

/** The command line of `@pulumi/pulumi/cmd/run`, flag for flag as Pulumi's host builds it. */
function runArguments(req, runPath) {
  const info = req.getInfo();
  const args = [runPath];
  const flag = (name, value) => {
    if (value !== undefined && value !== "") args.push(`--${name}`, String(value));
  };
  flag("monitor", req.getMonitorAddress());
  flag("engine", engineAddress);
  flag("organization", req.getOrganization());
  flag("project", req.getProject());
  flag("root-directory", info?.getRootDirectory());
  flag("stack", req.getStack());
  flag("pwd", req.getPwd());
  if (req.getDryrun()) args.push("--dry-run");
  flag("parallel", req.getParallel());
  const entry = info?.getEntryPoint() || req.getProgram() || ".";
  args.push(entry === "." ? "." : path.resolve(info?.getProgramDirectory() || req.getPwd(), entry));
  args.push(...req.getArgsList());
  return args;
}

function run(call, callback) {
  const req = call.request;
  const info = req.getInfo();
  const programDirectory = info?.getProgramDirectory() || req.getPwd();
  const options = runtimeOptions(info);
  let runPath;
  try {
    runPath = require.resolve("@pulumi/pulumi/cmd/run", { paths: [programDirectory] });
  } catch {
    const answer = new messages.RunResponse();
    answer.setError("It looks like the Pulumi SDK has not been installed. Have you run npm install or yarn install?");
    return callback(null, answer);
  }
  const config = Object.fromEntries(req.getConfigMap().toArray());
  const env = {
    ...process.env,
    PULUMI_CONFIG: JSON.stringify(config),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(req.getConfigsecretkeysList()),
  };
  if (options.typescript) env.PULUMI_NODEJS_TYPESCRIPT = "true";
  if (options.tsconfig) env.PULUMI_NODEJS_TSCONFIG_PATH = options.tsconfig;
  const child = spawn(process.execPath, [...options.nodeargs, ...runArguments(req, runPath)], {
    cwd: programDirectory,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  programs.add(child);
  child.on("exit", () => programs.delete(child));
  child.on("error", (err) => {
    const answer = new messages.RunResponse();
    answer.setError(`Problem executing program (could not run language executor): ${err.message}`);
    callback(null, answer);
  });
  child.on("exit", (code, signal) => {
    const answer = new messages.RunResponse();
    if (code === REPORTED_AND_EXITED) answer.setBail(true);
    else if (code !== 0) answer.setError(signal ? `Program exited unexpectedly: ${signal}` : `Program exited with non-zero exit code: ${code}`);
    callback(null, answer);
  });
}

/** The programs running now: ended with this host when its engine is gone. */
const programs = new Set();
watchEngine(engineAddress, () => {
  for (const child of programs) child.kill("SIGKILL");
  process.exit(0);
});

const unimplemented = (_call, callback) => callback({ code: grpc.status.UNIMPLEMENTED, details: "not implemented by this language host" });

const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
const implementation = {};
for (const method of Object.keys(services.LanguageRuntimeService)) implementation[method] = unimplemented;
Object.assign(implementation, {
  handshake(call, callback) {
    engineAddress = call.request.getEngineAddress() || engineAddress;
    callback(null, new messages.LanguageHandshakeResponse());
  },
  getRequiredPlugins: (_call, callback) => callback(null, new messages.GetRequiredPluginsResponse()),
  getRequiredPackages: (_call, callback) => callback(null, new messages.GetRequiredPackagesResponse()),
  getPluginInfo: (_call, callback) => callback(null, new plugin.PluginInfo().setVersion(version)),
  run,
});
server.addService(services.LanguageRuntimeService, implementation);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) {
    console.error(`pulumi-language-nodejs: ${err.message}`);
    process.exit(1);
  }
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${port}\n`);
});
