#!/usr/bin/env node
/**
 * A Python language host for the real `pulumi` CLI, where Pulumi's own `pulumi-language-python`
 * cannot be had: the Go module proxy does not serve its module
 * (github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3), so `npm run setup:pulumi`
 * installs this beside the CLI. A `pulumi-language-python` found on the PATH (an installed Pulumi)
 * is always preferred.
 *
 * It answers what Pulumi's host answers, with Pulumi's own toolchain package (in its Go half,
 * ./language-tools.js) for everything about the project's Python: pip with the virtual environment
 * `runtime.options.virtualenv` names, Poetry or uv (`runtime.options.toolchain`, else the lock file
 * there).
 * - `Run` starts ./python-exec.py (Pulumi's `pulumi-language-python-exec`, which ships with the CLI
 *   rather than the `pulumi` package) with the same flags and environment, under the command the
 *   toolchain gives (the environment's python, `poetry run`, ...), after the typechecker of
 *   `runtime.options.typechecker`, so the program meets the SDK as under Pulumi's host. The
 *   environment is made before the first run, as by Pulumi's host, when the engine asks for the
 *   program's plugins (`GetRequiredPackages`).
 * - `RunPlugin` runs a plugin from its folder (`__main__.py`, or a buildable package through
 *   `pulumi.run.plugin`). Policy packs are refused: Pulumi's host runs them through its policy
 *   proxy, a Go package of its own module, which the proxy does not serve.
 * - `Pack` (`pulumi package pack-sdk`) builds a generated SDK's wheel with `build`.
 * - In its Go half: Python from Pulumi's generators (`pulumi import`, `pulumi convert`,
 *   `pulumi package gen-sdk`), `pulumi install`, `pulumi about`, `pulumi package add`, `pulumi
 *   new`'s questions (toolchain, virtual environment) and template, and the plugins the
 *   environment's packages require.
 */
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const {
  ask,
  configEnv,
  engineAddress,
  flagArgs,
  load,
  messages,
  pluginEnv,
  programDirectory,
  programPath,
  runAnswer,
  runPlugin,
  runProgram,
  runStep,
  serveLanguageHost,
  tools,
} = require("./language-host-server");

const EXEC = path.join(__dirname, "python-exec.py");
const { version } = load("@pulumi/pulumi/package.json");

/** The command line of the exec script, flag for flag as Pulumi's host builds it. */
function execArguments(req) {
  const flags = flagArgs([
    ["monitor", req.getMonitorAddress()],
    ["engine", engineAddress()],
    ["organization", req.getOrganization()],
    ["project", req.getProject()],
    ["root_directory", req.getInfo()?.getRootDirectory()],
    ["stack", req.getStack()],
    ["pwd", req.getPwd()],
    ["dry_run", String(req.getDryrun())],
    ["parallel", req.getParallel()],
  ]);
  return ["-u", EXEC, ...flags, programPath(req), ...req.getArgsList()];
}

/** An environment given as `NAME=value` entries, as an object. */
const envObject = (entries) => Object.fromEntries(entries.map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]));

/** What the toolchain runs a program or plugin with (`kind` empty for a program): `{ command, env }`. */
function toolchainCommand(info, args, kind = "", pwd = "") {
  const request = new messages.RunPluginRequest().setInfo(info).setArgsList(args).setKind(kind).setPwd(pwd);
  return ask("python", "Command", request);
}

function run(call, callback) {
  const req = call.request;
  toolchainCommand(req.getInfo(), execArguments(req)).then(
    ({ command, env }) => {
      const base = env ? envObject(env) : process.env;
      runProgram(command[0], command.slice(1), { cwd: programDirectory(req), env: { ...base, ...configEnv(req) } }, callback);
    },
    (err) => callback(null, runAnswer(err.message)),
  );
}

function runPythonPlugin(call) {
  const req = call.request;
  toolchainCommand(req.getInfo(), req.getArgsList(), req.getKind(), req.getPwd()).then(
    // The toolchain's environment (an activated virtual environment), with the engine's over it.
    ({ command, env }) => runPlugin(call, command[0], command.slice(1), { cwd: req.getPwd(), env: { ...envObject(env ?? []), ...pluginEnv(req) } }, "code"),
    (err) => call.destroy({ code: 2, details: err.message }),
  );
}

/**
 * `Pack`: the SDK's wheel (or, without one, its source archive), built with `build` in a throw-away
 * virtual environment, copied into the destination.
 */
async function pack(call, callback) {
  const req = call.request;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-python-pack"));
  const write = (_stream, chunk) => process.stderr.write(chunk);
  const step = async (what, command, args, cwd = tmp) => {
    const done = await runStep(command, args, { cwd, env: process.env }, write);
    if (done.code !== 0) throw new Error(`${what}: exit code ${done.code}\n${done.output.trim().split("\n").slice(-20).join("\n")}`);
  };
  try {
    const venv = path.join(tmp, ".venv");
    await step("create virtual environment using venv", process.env.PULUMI_PYTHON_CMD || "python3", ["-m", "venv", venv]);
    const python = path.join(venv, "bin", "python");
    await step("install build", python, ["-m", "pip", "install", "build"]);
    await step("run python build", python, ["-m", "build", "--wheel", "--outdir", tmp], req.getPackageDirectory());
    const built = fs.readdirSync(tmp);
    const found = built.find((f) => f.endsWith(".whl")) ?? built.find((f) => f.endsWith(".tar.gz"));
    if (!found) throw new Error("no .whl or .tar.gz file found");
    const artifact = path.join(req.getDestinationDirectory(), found);
    fs.copyFileSync(path.join(tmp, found), artifact);
    callback(null, new messages.PackResponse().setArtifactPath(artifact));
  } catch (err) {
    callback({ code: 2, details: err.message });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

serveLanguageHost("pulumi-language-python", version, {
  run,
  runPlugin: runPythonPlugin,
  pack: (call, callback) => void pack(call, callback),
  ...tools("python", ["getRequiredPackages", "installDependencies", "about", "getProgramDependencies", "runtimeOptionsPrompts", "template", "link", "generateProgram", "generateProject", "generatePackage"]),
});
