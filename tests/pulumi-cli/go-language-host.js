#!/usr/bin/env node
/**
 * A Go language host for the real `pulumi` CLI, where Pulumi's own `pulumi-language-go` cannot be
 * had: the Go module proxy does not serve its module
 * (github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3), so `npm run setup:pulumi` installs this
 * beside the CLI. A `pulumi-language-go` found on the PATH (an installed Pulumi) is always preferred.
 *
 * It runs a program as Pulumi's host does: the binary Pulumi.yaml's `runtime.options.binary` names,
 * or else one `go build` makes of the program's directory (or of `options.buildTarget`) into a
 * temporary file on every run, started with the engine's settings in the environment the Go SDK
 * reads them from (`pulumi.Run`: PULUMI_MONITOR, PULUMI_ENGINE, PULUMI_PROJECT, PULUMI_STACK,
 * PULUMI_ORGANIZATION, PULUMI_ROOT_DIRECTORY, PULUMI_CONFIG, PULUMI_CONFIG_SECRET_KEYS,
 * PULUMI_DRY_RUN, PULUMI_PARALLEL). `InstallDependencies` (`pulumi install`) downloads the module's
 * dependencies (`go mod download`). Everything else a language host can do (templates, code
 * generation, required plugins, which the engine then loads as resources need them) answers
 * "unimplemented".
 */
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { configEnv, engineAddress, installDependencies, load, programDirectory, runAnswer, runProgram, runStep, runtimeOptions, serveLanguageHost } = require("./language-host-server");

const { version } = load("@pulumi/pulumi/package.json");

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

/** Builds the program into a temporary directory; resolves with the binary, or rejects with `go build`'s output. */
async function build(req, target) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-go."));
  const binary = path.join(dir, process.platform === "win32" ? "program.exe" : "program");
  const done = await runStep("go", ["build", "-o", binary, target], { cwd: programDirectory(req), env: process.env });
  if (done.code !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`unable to run \`go build\`: ${done.output.trim()}`);
  }
  return { binary, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function run(call, callback) {
  const req = call.request;
  const options = runtimeOptions(req);
  const root = req.getInfo()?.getRootDirectory() || programDirectory(req);
  const program =
    typeof options.binary === "string" && options.binary !== ""
      ? Promise.resolve({ binary: path.resolve(root, options.binary), dispose: () => undefined })
      : build(req, typeof options.buildTarget === "string" && options.buildTarget !== "" ? options.buildTarget : ".");
  program.then(
    ({ binary, dispose }) =>
      runProgram(binary, req.getArgsList(), { cwd: req.getPwd() || programDirectory(req), env: { ...process.env, ...engineEnv(req) } }, (err, answer) => {
        dispose();
        callback(err, answer);
      }),
    (err) => callback(null, runAnswer(err.message)),
  );
}

serveLanguageHost("pulumi-language-go", version, {
  run,
  installDependencies: installDependencies(async (req, write) => {
    const done = await runStep("go", ["mod", "download"], { cwd: programDirectory(req), env: process.env }, write);
    if (done.code !== 0) throw new Error(`go mod download failed (exit ${done.code})`);
  }),
});
