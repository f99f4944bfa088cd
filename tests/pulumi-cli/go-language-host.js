#!/usr/bin/env node
/**
 * A Go language host for the real `pulumi` CLI, where Pulumi's own `pulumi-language-go` cannot be
 * had: the Go module proxy does not serve its module
 * (github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3), so `npm run setup:pulumi` installs this
 * beside the CLI. A `pulumi-language-go` found on the PATH (an installed Pulumi) is always preferred.
 *
 * It answers what Pulumi's host answers:
 * - `Run` runs the binary Pulumi.yaml's `runtime.options.binary` names, or else the one `go build`
 *   makes of the program's directory (into `options.buildTarget` when given, kept; else a temporary
 *   file), with the engine's settings in the environment the Go SDK reads them from (`pulumi.Run`:
 *   PULUMI_MONITOR, PULUMI_ENGINE, PULUMI_PROJECT, PULUMI_STACK, PULUMI_ORGANIZATION,
 *   PULUMI_ROOT_DIRECTORY, PULUMI_CONFIG, PULUMI_CONFIG_SECRET_KEYS, PULUMI_DRY_RUN, PULUMI_PARALLEL).
 * - `RunPlugin` builds a plugin's folder the same way and runs it with the engine's environment.
 * - In its Go half (./language-tools.js): Go from Pulumi's generators (`pulumi import`, `pulumi
 *   convert`, `pulumi package gen-sdk`), `pulumi install` (`go mod tidy`), `pulumi about`,
 *   `pulumi package add` (a replace directive), `pulumi package pack-sdk`, and the plugins the
 *   required modules need.
 */
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { configEnv, engineAddress, load, messages, pluginEnv, programDirectory, runAnswer, runPlugin, runProgram, runStep, runtimeOptions, serveLanguageHost, tools } = require("./language-host-server");

const { version } = load("@pulumi/pulumi/package.json");
/** Pulumi's host's flags of `go build` (which the setup's warm-up of Go's build cache builds with too). */
const GO_BUILD_FLAGS = require("./go-build-flags.json");

/** The environment `pulumi.Run` reads the engine's settings from. */
function engineEnv(req) {
  const env = {
    PULUMI_MONITOR: req.getMonitorAddress(),
    PULUMI_ENGINE: engineAddress(),
    PULUMI_PROJECT: req.getProject(),
    PULUMI_STACK: req.getStack(),
    PULUMI_ORGANIZATION: req.getOrganization(),
    PULUMI_ROOT_DIRECTORY: req.getInfo()?.getRootDirectory() ?? "",
    PULUMI_DRY_RUN: String(req.getDryrun()),
    PULUMI_PARALLEL: String(req.getParallel()),
    ...configEnv(req),
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
}

/**
 * Builds the program in `dir` as Pulumi's host does (`go build -buildvcs=false -trimpath -ldflags
 * "-w -s"`), into `output` (kept) or a temporary file; resolves with the binary, or rejects with
 * `go build`'s output.
 */
async function build(dir, output) {
  if (!fs.readdirSync(dir).some((file) => file.endsWith(".go"))) throw new Error(`Failed to find go files for 'go build' matching ${path.join(dir, "*.go")}`);
  const temporary = output ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-go."));
  const binary = output ? path.resolve(dir, output) : path.join(temporary, "program");
  const dispose = () => temporary && fs.rmSync(temporary, { recursive: true, force: true });
  const done = await runStep("go", ["build", "-o", binary, ...GO_BUILD_FLAGS], { cwd: dir, env: process.env });
  if (done.code !== 0) {
    dispose();
    throw new Error(`unable to run \`go build\`: ${done.output.trim()}`);
  }
  return { binary, dispose };
}

/** The program's binary: `runtime.options.binary`, or a build (`binary` and `buildTarget` exclude each other). */
function program(req, dir) {
  const options = runtimeOptions(req);
  const binary = typeof options.binary === "string" && options.binary !== "" ? options.binary : undefined;
  const target = typeof options.buildTarget === "string" && options.buildTarget !== "" ? options.buildTarget : undefined;
  if (binary && target) return Promise.reject(new Error("binary and buildTarget cannot both be specified"));
  if (binary) return Promise.resolve({ binary: path.resolve(req.getInfo()?.getRootDirectory() || dir, binary), dispose: () => undefined });
  return build(dir, target);
}

function run(call, callback) {
  const req = call.request;
  program(req, programDirectory(req)).then(
    ({ binary, dispose }) =>
      runProgram(binary, req.getArgsList(), { cwd: req.getPwd() || programDirectory(req), env: { ...process.env, ...engineEnv(req) } }, (err, answer) => {
        dispose();
        callback(err, answer);
      }),
    (err) => callback(null, runAnswer(err.message)),
  );
}

function runGoPlugin(call) {
  const req = call.request;
  const dir = req.getInfo()?.getProgramDirectory() ?? "";
  build(dir).then(
    ({ binary, dispose }) => {
      call.on("close", dispose);
      runPlugin(call, binary, req.getArgsList(), { cwd: req.getPwd() || dir, env: pluginEnv(req) }, "code");
    },
    (err) => call.destroy({ code: 2, details: `error in compiling Go: ${err.message}` }),
  );
}

serveLanguageHost("pulumi-language-go", version, {
  run,
  runPlugin: runGoPlugin,
  // Go projects have no options to ask `pulumi new` for and no template to change.
  runtimeOptionsPrompts: (_call, callback) => callback(null, new messages.RuntimeOptionsResponse()),
  template: (_call, callback) => callback(null, new messages.TemplateResponse()),
  ...tools("go", ["getRequiredPackages", "installDependencies", "about", "getProgramDependencies", "pack", "link", "generateProgram", "generateProject", "generatePackage"]),
});
