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
 * An engine that ends without closing it (killed) ends it too, with its program. The gRPC plumbing
 * is the stand-in hosts' shared one (./language-host-server.js).
 */
"use strict";
const { configEnv, engineAddress, flagArgs, load, programDirectory, programPath, runAnswer, runProgram, runtimeOptions, serveLanguageHost } = require("./language-host-server");

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

function run(call, callback) {
  const req = call.request;
  const cwd = programDirectory(req);
  const options = nodeOptions(req);
  let runPath;
  try {
    runPath = require.resolve("@pulumi/pulumi/cmd/run", { paths: [cwd] });
  } catch {
    return callback(null, runAnswer("It looks like the Pulumi SDK has not been installed. Have you run npm install or yarn install?"));
  }
  const env = { ...process.env, ...configEnv(req) };
  if (options.typescript) env.PULUMI_NODEJS_TYPESCRIPT = "true";
  if (options.tsconfig) env.PULUMI_NODEJS_TSCONFIG_PATH = options.tsconfig;
  runProgram(process.execPath, [...options.nodeargs, ...runArguments(req, runPath)], { cwd, env }, callback);
}

serveLanguageHost("pulumi-language-nodejs", version, { run });
