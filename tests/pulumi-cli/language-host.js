#!/usr/bin/env node
/**
 * A Node.js language host for the real `pulumi` CLI, where Pulumi's own `pulumi-language-nodejs`
 * cannot be had: the Go module proxy does not serve its module
 * (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3), so `npm run setup:pulumi`
 * builds the CLI alone and installs this beside it. A `pulumi-language-nodejs` found on the PATH
 * (an installed Pulumi) is always preferred.
 *
 * It answers what Pulumi's host answers, for every command:
 * - `Run` (`pulumi preview/up/refresh/destroy`) starts the program under the SDK's own program
 *   runner (`@pulumi/pulumi/cmd/run`, resolved from the program's directory, as the real host does)
 *   with the same arguments and environment (`PULUMI_CONFIG`, `PULUMI_CONFIG_SECRET_KEYS`, the
 *   runtime options `typescript`, `nodeargs` and `tsconfig`), and reports its exit the same way.
 * - `RunPlugin` (a provider run from its source folder, `runtime: nodejs` in its PulumiPlugin.yaml)
 *   runs `@pulumi/pulumi/cmd/run-plugin` on it. Policy packs are refused: Pulumi's host runs them
 *   through its policy proxy, a Go package of its own module, which the proxy does not serve.
 * - `Pack` (`pulumi package pack-sdk`) builds and packs a generated SDK with npm.
 * - In its Go half (./language-tools.js): TypeScript from Pulumi's generators for `pulumi import`
 *   (`GenerateProgram`), `pulumi convert` (`GenerateProject`) and `pulumi package gen-sdk`
 *   (`GeneratePackage`); `pulumi install` (`InstallDependencies`, with the project's package
 *   manager), `pulumi about` (`About`, `GetProgramDependencies`), `pulumi package add` (`Link`),
 *   `pulumi new`'s question for the package manager (`RuntimeOptionsPrompts`) and the packages the
 *   program's node_modules require plugins of (`GetRequiredPackages`).
 * An engine that ends without closing it (killed) ends it too, with its program. The gRPC plumbing
 * is the stand-in hosts' shared one (./language-host-server.js).
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const {
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
  runtimeOptions,
  serveLanguageHost,
  tools,
} = require("./language-host-server");

const { version } = load("@pulumi/pulumi/package.json");

/** The Node.js runtime options of Pulumi.yaml. */
function nodeOptions(req) {
  const options = runtimeOptions(req);
  return {
    typescript: options.typescript !== false,
    nodeargs: typeof options.nodeargs === "string" ? options.nodeargs.split(/\s+/).filter(Boolean) : [],
    tsconfig: typeof options.tsconfig === "string" ? options.tsconfig : undefined,
  };
}

/** The environment the TypeScript runtime options set for the SDK's runners. */
function typescriptEnv(options) {
  return {
    ...(options.typescript ? { PULUMI_NODEJS_TYPESCRIPT: "true" } : {}),
    ...(options.tsconfig ? { PULUMI_NODEJS_TSCONFIG_PATH: options.tsconfig } : {}),
  };
}

/** The command line of `@pulumi/pulumi/cmd/run`, flag for flag as Pulumi's host builds it. */
function runArguments(req, runPath) {
  const info = req.getInfo();
  return [
    runPath,
    ...flagArgs([
      ["monitor", req.getMonitorAddress()],
      ["engine", engineAddress()],
      ["organization", req.getOrganization()],
      ["project", req.getProject()],
      ["root-directory", info?.getRootDirectory()],
      ["stack", req.getStack()],
      ["pwd", req.getPwd()],
    ]),
    ...(req.getDryrun() ? ["--dry-run"] : []),
    ...flagArgs([["parallel", req.getParallel()]]),
    programPath(req),
    ...req.getArgsList(),
  ];
}

/** A module of the SDK resolved from `dir` as Pulumi's host resolves it, or `undefined` when the SDK is not installed there. */
function sdkModule(id, dir) {
  try {
    return require.resolve(id, { paths: [dir] });
  } catch {
    return undefined;
  }
}

function run(call, callback) {
  const req = call.request;
  const cwd = programDirectory(req);
  const options = nodeOptions(req);
  const runPath = sdkModule(process.env.PULUMI_LANGUAGE_NODEJS_RUN_PATH || "@pulumi/pulumi/cmd/run", cwd);
  if (!runPath) return callback(null, runAnswer("It looks like the Pulumi SDK has not been installed. Have you run pulumi install?"));
  const env = { ...process.env, ...configEnv(req), ...typescriptEnv(options) };
  runProgram(process.execPath, [...options.nodeargs, ...runArguments(req, runPath)], { cwd, env }, callback);
}

function runNodePlugin(call) {
  const req = call.request;
  const info = req.getInfo();
  const dir = info?.getProgramDirectory() ?? "";
  if (req.getKind() === "analyzer") {
    return call.destroy({
      code: 2,
      details: "this Node.js language host (the checkout's stand-in) does not run policy packs: Pulumi's host runs them through its policy proxy, a Go package the module proxy does not serve. Install Pulumi to run policy packs.",
    });
  }
  const runPath = sdkModule(process.env.PULUMI_LANGUAGE_NODEJS_RUN_PATH || "@pulumi/pulumi/cmd/run-plugin", dir);
  if (!runPath) return call.destroy({ code: 2, details: `It looks like the Pulumi SDK has not been installed. Have you run npm install in ${dir}?` });
  const options = nodeOptions(req);
  runPlugin(call, process.execPath, [runPath, ...options.nodeargs, dir, ...req.getArgsList()], { cwd: req.getPwd() || dir, env: pluginEnv(req, typescriptEnv(options)) }, "error");
}

/**
 * `Pack`: installs the SDK's dependencies, builds it (`npm run build`, into bin/, as Pulumi's
 * generated SDKs do), puts its package.json beside the build and packs that, into the destination.
 */
async function pack(call, callback) {
  const req = call.request;
  const dir = req.getPackageDirectory();
  const write = (_stream, chunk) => process.stderr.write(chunk);
  const step = async (args, cwd) => {
    process.stderr.write(`$ npm ${args.join(" ")}\n`);
    const done = await runStep("npm", args, { cwd, env: process.env }, write);
    if (done.code !== 0) throw new Error(`npm ${args[0]}: exit code ${done.code}\n${done.output.trim().split("\n").slice(-20).join("\n")}`);
    return done.output;
  };
  try {
    await step(["install"], dir);
    await step(["run", "build"], dir);
    fs.copyFileSync(path.join(dir, "package.json"), path.join(dir, "bin", "package.json"));
    process.stderr.write("$ npm pack\n");
    const packed = await runStep("npm", ["pack", path.join(dir, "bin"), "--pack-destination", req.getDestinationDirectory()], { cwd: dir, env: process.env }, (stream, chunk) => stream === "stderr" && write(stream, chunk));
    if (packed.code !== 0) throw new Error(`npm pack: exit code ${packed.code}`);
    const artifact = packed.stdout.trim().split("\n").pop() ?? "";
    callback(null, new messages.PackResponse().setArtifactPath(path.join(req.getDestinationDirectory(), artifact)));
  } catch (err) {
    callback({ code: 2, details: err.message });
  }
}

serveLanguageHost("pulumi-language-nodejs", version, {
  run,
  runPlugin: runNodePlugin,
  pack: (call, callback) => void pack(call, callback),
  template: (_call, callback) => callback(null, new messages.TemplateResponse()),
  ...tools("nodejs", ["getRequiredPackages", "installDependencies", "about", "getProgramDependencies", "runtimeOptionsPrompts", "link", "generateProgram", "generateProject", "generatePackage"]),
});
