"use strict";
/**
 * The stand-in language hosts' Go half: `language-tools` (./language-tools, built beside the CLI by
 * `npm run setup:pulumi`), which answers the LanguageRuntime methods that Pulumi's hosts answer with
 * Pulumi's own Go packages (the code generators, the Node.js package managers, the Python
 * toolchains, go.mod files). The launcher of each host names it (`--language-tools=<path>`). A method
 * is one run of it: the request's protobuf on its stdin, the response's (or, when it exits 1, the
 * error's message) on its file descriptor 3, and what the method's work prints on its stdout and
 * stderr, which a streaming method (`InstallDependencies`) streams to the engine and the others
 * pass on to the host's stderr, which the engine logs.
 */
const { Buffer } = require("node:buffer");
const { spawn } = require("node:child_process");
const fs = require("node:fs");

const FLAG = "--language-tools=";
/** The tool's path, as the host's launcher gives it. */
const TOOLS = process.argv.find((arg) => arg.startsWith(FLAG))?.slice(FLAG.length);

/**
 * Runs one method in the tool; resolves with the response's bytes, rejects with the tool's message.
 * `write(stream, chunk)` receives its output; `track(child)` sees the process (to end it with the host).
 */
function callTools(language, method, request, write, track) {
  return new Promise((resolve, reject) => {
    if (!TOOLS || !fs.existsSync(TOOLS)) {
      reject(new Error(`${method} needs the language host's Go half (language-tools), which is not beside the CLI: run \`npm run setup:pulumi\` again to build it`));
      return;
    }
    const child = spawn(TOOLS, [language, method], { stdio: ["pipe", "pipe", "pipe", "pipe"] });
    track(child);
    const answer = [];
    let stderr = "";
    child.stdout.on("data", (chunk) => write("stdout", chunk));
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4000);
      write("stderr", chunk);
    });
    child.stdio[3].on("data", (chunk) => answer.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const bytes = Buffer.concat(answer);
      if (code === 0) return resolve(bytes);
      const message = bytes.toString("utf8").trim() || stderr.trim();
      reject(new Error(message || `language-tools ${language} ${method} ended ${signal ? `by ${signal}` : `with exit code ${code}`}`));
    });
    child.stdin.on("error", () => undefined); // a tool that fails before reading tells why on fd 3
    child.stdin.end(request.serializeBinary());
  });
}

/**
 * gRPC handlers for the `methods` (the service's camelCase keys) that the tool answers for
 * `language`: unary ones answer with the tool's response, `InstallDependencies` streams the tool's
 * output and ends when it does.
 */
function toolMethods(language, service, methods, { track, grpcStatus }) {
  const handlers = {};
  for (const key of methods) {
    const definition = service[key];
    if (!definition) continue; // not in this @pulumi/pulumi's protocol
    const name = definition.path.slice(definition.path.lastIndexOf("/") + 1);
    const failure = (err) => ({ code: grpcStatus.UNKNOWN, details: err.message });
    if (definition.responseStream) {
      // The streamed responses are the output; the tool's own response is empty.
      const Response = definition.responseType;
      handlers[key] = (call) => {
        const write = (stream, chunk) => {
          const response = new Response();
          if (stream === "stdout") response.setStdout(chunk);
          else response.setStderr(chunk);
          call.write(response);
        };
        callTools(language, name, call.request, write, track).then(
          () => call.end(),
          (err) => call.destroy(failure(err)),
        );
      };
    } else {
      const toStderr = (_stream, chunk) => process.stderr.write(chunk);
      handlers[key] = (call, callback) =>
        callTools(language, name, call.request, toStderr, track).then(
          (bytes) => callback(null, definition.responseDeserialize(bytes)),
          (err) => callback(failure(err)),
        );
    }
  }
  return handlers;
}

/**
 * Asks the tool a question of a host's own (not a LanguageRuntime method), whose answer is a
 * `google.protobuf.Struct`: resolves with it as a plain object.
 */
function askTools(language, method, request, track) {
  const { Struct } = require("google-protobuf/google/protobuf/struct_pb");
  return callTools(language, method, request, (_stream, chunk) => process.stderr.write(chunk), track).then((bytes) => Struct.deserializeBinary(bytes).toJavaScript());
}

module.exports = { askTools, FLAG, toolMethods };
