"use strict";
/**
 * What the checkout's stand-in language hosts share (./language-host.js for Node.js,
 * ./python-language-host.js, ./go-language-host.js): the LanguageRuntime gRPC server on a port the
 * kernel picks, printed as the first line of stdout where the engine reads it; the engine's address
 * (the last argument, or the handshake's); every method a host does not implement answering
 * "unimplemented", which the engine handles; running the program as a child whose exit becomes the
 * `Run` answer as Pulumi's hosts give it (exit code 32: the program reported its error already, so
 * the engine bails without another message); and the end of the host and its programs when the
 * engine is gone (./engine-watch.js).
 */
const { spawn } = require("node:child_process");
const path = require("node:path");
const { watchEngine } = require("./engine-watch");

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
 * Runs a step of a host's own (a virtual environment, a build) to its end, its output going to
 * `write(stream, chunk)`; resolves with the exit code and the output.
 */
function runStep(command, args, options, write = () => undefined) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    programs.add(child);
    let output = "";
    const take = (stream) => (chunk) => {
      output += chunk.toString("utf8");
      write(stream, chunk);
    };
    child.stdout.on("data", take("stdout"));
    child.stderr.on("data", take("stderr"));
    child.on("error", (err) => {
      programs.delete(child);
      resolve({ code: -1, output: `${output}${err.message}` });
    });
    child.on("close", (code) => {
      programs.delete(child);
      resolve({ code: code ?? -1, output });
    });
  });
}

/**
 * `InstallDependencies` from a function that installs them, its output streamed to the engine
 * (`pulumi install` shows it); a failure ends the stream with its message.
 */
function installDependencies(install) {
  return (call) => {
    const write = (stream, chunk) => {
      const answer = new messages.InstallDependenciesResponse();
      if (stream === "stdout") answer.setStdout(chunk);
      else answer.setStderr(chunk);
      call.write(answer);
    };
    install(call.request, write).then(
      () => call.end(),
      (err) => call.destroy({ code: grpc.status.UNKNOWN, details: err instanceof Error ? err.message : String(err) }),
    );
  };
}

const unimplemented = (_call, callback) => callback({ code: grpc.status.UNIMPLEMENTED, details: "not implemented by this language host" });

/**
 * Serves the LanguageRuntime service with `methods` (camelCase, as @grpc/grpc-js names them) over
 * the defaults: the handshake, no required plugins or packages, `version` as the plugin's version.
 */
function serveLanguageHost(name, version, methods) {
  watchEngine(engineAddress, () => {
    for (const child of programs) child.kill("SIGKILL");
    process.exit(0);
  });
  const implementation = {};
  for (const method of Object.keys(services.LanguageRuntimeService)) implementation[method] = unimplemented;
  Object.assign(
    implementation,
    {
      handshake(call, callback) {
        engineAddress = call.request.getEngineAddress() || engineAddress;
        callback(null, new messages.LanguageHandshakeResponse());
      },
      getRequiredPlugins: (_call, callback) => callback(null, new messages.GetRequiredPluginsResponse()),
      getRequiredPackages: (_call, callback) => callback(null, new messages.GetRequiredPackagesResponse()),
      getPluginInfo: (_call, callback) => callback(null, new plugin.PluginInfo().setVersion(version)),
    },
    methods,
  );
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
  configEnv,
  engineAddress: () => engineAddress,
  flagArgs,
  installDependencies,
  load,
  messages,
  programDirectory,
  programPath,
  REPORTED_AND_EXITED,
  runAnswer,
  runProgram,
  runStep,
  runtimeOptions,
  serveLanguageHost,
};
