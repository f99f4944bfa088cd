"use strict";
/**
 * What the checkout's stand-in language hosts share (./language-host.js for Node.js,
 * ./python-language-host.js, ./go-language-host.js): the LanguageRuntime gRPC server on a port the
 * kernel picks, printed as the first line of stdout where the engine reads it; the engine's address
 * (the last argument, or the handshake's); the methods every host answers alike (the handshake, its
 * version, `GetRequiredPlugins` as Pulumi's hosts answer it, `Cancel`); the methods answered by the
 * hosts' Go half (./language-tools.js); running the program as a child whose exit becomes the
 * `Run` answer as Pulumi's hosts give it (exit code 32: the program reported its error already, so
 * the engine bails without another message); and the end of the host and its programs when the
 * engine is gone (./engine-watch.js). A host must answer every method of the service: it refuses to
 * start otherwise.
 */
const { spawn } = require("node:child_process");
const path = require("node:path");
const { watchEngine } = require("./engine-watch");
const { askTools, toolMethods } = require("./language-tools");

/** The exit code with which Pulumi's SDKs say the error is already reported (Go's `constant.ExitStatusLoggedError`). */
const REPORTED_AND_EXITED = 32;

/** Loads a module from `first` (a program's directory, whose own copy wins), else from beside this file. */
function load(id, first = process.cwd()) {
  return require(require.resolve(id, { paths: [first, __dirname] }));
}

const grpc = load("@grpc/grpc-js");
const services = load("@pulumi/pulumi/proto/language_grpc_pb");
const messages = load("@pulumi/pulumi/proto/language_pb");
const plugin = load("@pulumi/pulumi/proto/plugin_pb");

/** The engine's address: the host's last argument, until the handshake gives it. */
let engineAddress = process.argv.slice(2).filter((a) => !a.startsWith("-")).pop() ?? "";

/** The programs running now: ended with this host when its engine is gone. */
const programs = new Set();

/** `PULUMI_CONFIG` and `PULUMI_CONFIG_SECRET_KEYS` of a `Run` request, as every Pulumi SDK reads them. */
function configEnv(req) {
  return {
    PULUMI_CONFIG: JSON.stringify(Object.fromEntries(req.getConfigMap().toArray())),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(req.getConfigsecretkeysList()),
  };
}

/** The runtime options of Pulumi.yaml (`runtime: { name, options: {...} }`) of a request's program. */
const runtimeOptions = (req) => req.getInfo()?.getOptions()?.toJavaScript() ?? {};

/** Where the program is: its directory (Pulumi.yaml's `main:` taken into account), else the working directory. */
const programDirectory = (req) => req.getInfo()?.getProgramDirectory() || req.getPwd();

/** `--name value` for each value given, as Pulumi's hosts build a program's command line (they leave out the empty ones). */
const flagArgs = (pairs) => pairs.flatMap(([name, value]) => (value === undefined || value === "" ? [] : [`--${name}`, String(value)]));

/** The program to run: Pulumi.yaml's `main:` entry point or the request's program, absolute; `.` for the program's directory. */
function programPath(req) {
  const entry = req.getInfo()?.getEntryPoint() || req.getProgram() || ".";
  return entry === "." ? "." : path.resolve(programDirectory(req), entry);
}

/** A `Run` answer: an error, or none. */
function runAnswer(error) {
  const answer = new messages.RunResponse();
  if (error) answer.setError(error);
  return answer;
}

/**
 * Runs the program, its output going where the host's goes (the engine shows it), and answers
 * `Run` with its exit as Pulumi's hosts do.
 */
function runProgram(command, args, options, callback) {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "inherit", "inherit"] });
  programs.add(child);
  let answered = false;
  const answer = (response) => {
    if (answered) return;
    answered = true;
    programs.delete(child);
    callback(null, response);
  };
  child.on("error", (err) => answer(runAnswer(`Problem executing program (could not run language executor): ${err.message}`)));
  child.on("exit", (code, signal) => {
    if (code === REPORTED_AND_EXITED) return answer(new messages.RunResponse().setBail(true));
    if (code === 0) return answer(runAnswer());
    answer(runAnswer(signal ? `Program exited unexpectedly: ${signal}` : `Program exited with non-zero exit code: ${code}`));
  });
}

/**
 * Runs a step of a host's own (a build, a package) to its end, its output going to
 * `write(stream, chunk)`; resolves with the exit code, the whole output and the standard output.
 */
function runStep(command, args, options, write = () => undefined) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    track(child);
    let output = "";
    let stdout = "";
    const take = (stream) => (chunk) => {
      output += chunk.toString("utf8");
      if (stream === "stdout") stdout += chunk.toString("utf8");
      write(stream, chunk);
    };
    child.stdout.on("data", take("stdout"));
    child.stderr.on("data", take("stderr"));
    child.on("error", (err) => resolve({ code: -1, output: `${output}${err.message}`, stdout }));
    child.on("close", (code) => resolve({ code: code ?? -1, output, stdout }));
  });
}

/**
 * `RunPlugin`: runs a plugin's program (a provider run from its source folder, say) with the
 * engine's environment and arguments, streaming its output to the engine, which reads the plugin's
 * port from it. Its exit ends the stream: with its exit code (Pulumi's Python and Go hosts) or, when
 * it is not 0, an error (Pulumi's Node.js host), as `exit` says.
 */
function runPlugin(call, command, args, options, exit) {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  track(child);
  const send = (set) => (chunk) => call.write(set(new messages.RunPluginResponse(), chunk));
  child.stdout.on("data", send((r, chunk) => r.setStdout(chunk)));
  child.stderr.on("data", send((r, chunk) => r.setStderr(chunk)));
  // The engine closes the stream when it is done with the plugin: the plugin ends with it.
  call.on("cancelled", () => child.kill("SIGKILL"));
  child.on("error", (err) => call.destroy({ code: grpc.status.UNKNOWN, details: `Problem executing plugin program (could not run language executor): ${err.message}` }));
  child.on("close", (code, signal) => {
    if (exit === "code" && code !== null) {
      call.write(new messages.RunPluginResponse().setExitcode(code));
      return call.end();
    }
    if (code === 0) return call.end();
    call.destroy({ code: grpc.status.UNKNOWN, details: signal ? `Program exited unexpectedly: ${signal}` : `Program exited with non-zero exit code: ${code}` });
  });
}

/** The environment a `RunPlugin` request gives its plugin (`NAME=value` entries), over `extra`. */
function pluginEnv(req, extra = {}) {
  const env = {};
  for (const entry of req.getEnvList()) {
    const at = entry.indexOf("=");
    if (at > 0) env[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return { ...env, ...extra };
}

/** The handlers of `methods` (the service's camelCase keys) that the hosts' Go half answers for `language`. */
const tools = (language, methods) => toolMethods(language, services.LanguageRuntimeService, methods, { track, grpcStatus: grpc.status });

/** The answer of the hosts' Go half to a question of `language`'s host (see ./language-tools.js). */
const ask = (language, method, request) => askTools(language, method, request, track);

/** Ends a child of this host with it when its engine is gone (and interrupts it on `Cancel`). */
function track(child) {
  programs.add(child);
  child.on("exit", () => programs.delete(child));
}

/**
 * Serves the LanguageRuntime service with `methods` (camelCase, as @grpc/grpc-js names them) over
 * what every host answers alike: the handshake; `GetRequiredPlugins`, which Pulumi's hosts no longer
 * answer (the engine asks `GetRequiredPackages`); `version` as the plugin's version; `Cancel`, which
 * interrupts what the host is running, as Pulumi's hosts cancel their work.
 */
function serveLanguageHost(name, version, methods) {
  watchEngine(engineAddress, () => {
    for (const child of programs) child.kill("SIGKILL");
    process.exit(0);
  });
  const implementation = {
    handshake(call, callback) {
      engineAddress = call.request.getEngineAddress() || engineAddress;
      callback(null, new messages.LanguageHandshakeResponse());
    },
    getRequiredPlugins: (_call, callback) => callback({ code: grpc.status.UNIMPLEMENTED, details: "method GetRequiredPlugins not implemented" }),
    getPluginInfo: (_call, callback) => callback(null, new plugin.PluginInfo().setVersion(version)),
    cancel(_call, callback) {
      for (const child of programs) child.kill("SIGINT");
      // The service's own Empty: grpc-js checks the class of what it serializes.
      callback(null, new services.LanguageRuntimeService.cancel.responseType());
    },
    ...methods,
  };
  const missing = Object.keys(services.LanguageRuntimeService).filter((method) => !implementation[method]);
  if (missing.length > 0) {
    console.error(`${name}: no answer to ${missing.join(", ")} (every method of the LanguageRuntime service needs one)`);
    process.exit(1);
  }
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(services.LanguageRuntimeService, implementation);
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) {
      console.error(`${name}: ${err.message}`);
      process.exit(1);
    }
    // The engine reads the port from the first line of stdout.
    process.stdout.write(`${port}\n`);
  });
}

module.exports = {
  ask,
  configEnv,
  engineAddress: () => engineAddress,
  flagArgs,
  load,
  messages,
  programDirectory,
  programPath,
  REPORTED_AND_EXITED,
  runAnswer,
  pluginEnv,
  runPlugin,
  runProgram,
  runStep,
  runtimeOptions,
  serveLanguageHost,
  tools,
  track,
};
