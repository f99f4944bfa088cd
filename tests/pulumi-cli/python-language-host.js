#!/usr/bin/env node
/**
 * A Python language host for the real `pulumi` CLI, where Pulumi's own `pulumi-language-python`
 * cannot be had: the Go module proxy does not serve its module
 * (github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3), so `npm run setup:pulumi`
 * installs this beside the CLI. A `pulumi-language-python` found on the PATH (an installed Pulumi)
 * is always preferred.
 *
 * It runs a program as Pulumi's host does with the `pip` toolchain: Pulumi.yaml's
 * `runtime.options.virtualenv` names the virtual environment (relative to the project's root
 * directory); when it is not one yet, the host makes it (`python -m venv`, pip, setuptools and
 * wheel upgraded, then `pip install -r requirements.txt`), as Pulumi's does on the first `pulumi up`
 * or `pulumi install`. Without that option the program runs on the `python3` of the PATH (or
 * `PULUMI_PYTHON_CMD`). `Run` starts ./python-exec.py (Pulumi's `pulumi-language-python-exec`, which
 * ships with the CLI rather than the `pulumi` package) in that environment with the same flags and
 * environment, so the program meets the SDK as under Pulumi's host. Other toolchains (`poetry`,
 * `uv`) are refused by name. Everything else a language host can do (templates, code generation,
 * required plugins, which the engine then loads as resources need them) answers "unimplemented".
 */
"use strict";
const { Buffer } = require("node:buffer");
const fs = require("node:fs");
const path = require("node:path");
const { configEnv, engineAddress, flagArgs, installDependencies, load, programDirectory, programPath, runAnswer, runProgram, runStep, runtimeOptions, serveLanguageHost } = require("./language-host-server");

const EXEC = path.join(__dirname, "python-exec.py");
const { version } = load("@pulumi/pulumi/package.json");

/** The Python runtime options of Pulumi.yaml: the toolchain and the virtual environment's directory (absolute). */
function pythonOptions(req) {
  const options = runtimeOptions(req);
  const root = req.getInfo()?.getRootDirectory() || process.cwd();
  const toolchain = typeof options.toolchain === "string" ? options.toolchain : "pip";
  const virtualenv = typeof options.virtualenv === "string" && options.virtualenv !== "" ? path.resolve(root, options.virtualenv) : undefined;
  return { toolchain, virtualenv, root };
}

/** The Python that makes the virtual environment or runs a program without one. */
const systemPython = () => process.env.PULUMI_PYTHON_CMD || "python3";

/** The interpreter of a virtual environment. */
const venvPython = (venv) => path.join(venv, process.platform === "win32" ? "Scripts" : "bin", process.platform === "win32" ? "python.exe" : "python");

/** The environment of a process inside the virtual environment, as `activate` makes it. */
function venvEnv(venv) {
  const env = { ...process.env, PYTHONUNBUFFERED: "true" };
  if (!venv) return env;
  delete env.PYTHONHOME;
  env.VIRTUAL_ENV = venv;
  env.PATH = `${path.dirname(venvPython(venv))}${path.delimiter}${process.env.PATH ?? ""}`;
  return env;
}

/**
 * Makes the virtual environment when it is not one yet and installs requirements.txt into it,
 * its output going to `write`; a failure rejects with the step's output.
 */
async function ensureVirtualenv({ virtualenv, root }, write) {
  if (!virtualenv || fs.existsSync(venvPython(virtualenv))) return;
  const step = async (what, command, args) => {
    const done = await runStep(command, args, { cwd: root, env: venvEnv(command === systemPython() ? undefined : virtualenv) }, write);
    if (done.code !== 0) {
      fs.rmSync(virtualenv, { recursive: true, force: true }); // half an environment would pass for one next time
      throw new Error(`${what} failed (exit ${done.code}):\n${done.output.trim().split("\n").slice(-20).join("\n")}`);
    }
  };
  write("stdout", Buffer.from(`Creating virtual environment in ${virtualenv}...\n`));
  await step("creating the virtual environment", systemPython(), ["-m", "venv", virtualenv]);
  await step("upgrading pip, setuptools and wheel", venvPython(virtualenv), ["-m", "pip", "install", "--upgrade", "pip", "setuptools", "wheel"]);
  const requirements = path.join(root, "requirements.txt");
  if (fs.existsSync(requirements)) {
    write("stdout", Buffer.from("Installing dependencies...\n"));
    await step("pip install -r requirements.txt", venvPython(virtualenv), ["-m", "pip", "install", "-r", requirements]);
  }
  write("stdout", Buffer.from("Finished installing dependencies\n"));
}

/** Refuses the toolchains this host does not run. */
function checkToolchain({ toolchain }) {
  if (toolchain !== "pip") throw new Error(`this Python language host runs the pip toolchain only, not ${toolchain} (install Pulumi for the others)`);
}

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

function run(call, callback) {
  const req = call.request;
  const options = pythonOptions(req);
  // The engine shows the host's output as the program's: the first run's installation is seen as Pulumi's is.
  const write = (stream, chunk) => (stream === "stdout" ? process.stdout : process.stderr).write(chunk);
  Promise.resolve()
    .then(() => checkToolchain(options))
    .then(() => ensureVirtualenv(options, write))
    .then(
      () => {
        const python = options.virtualenv ? venvPython(options.virtualenv) : systemPython();
        runProgram(python, execArguments(req), { cwd: programDirectory(req), env: { ...venvEnv(options.virtualenv), ...configEnv(req) } }, callback);
      },
      (err) => callback(null, runAnswer(err.message)),
    );
}

serveLanguageHost("pulumi-language-python", version, {
  run,
  installDependencies: installDependencies(async (req, write) => {
    const options = pythonOptions(req);
    checkToolchain(options);
    await ensureVirtualenv(options, write);
  }),
});
