#!/usr/bin/env node
"use strict";
/**
 * The dynamic-provider plugin of the checkout's CLI (`pulumi-resource-pulumi-nodejs`): Pulumi's own
 * host script, `@pulumi/pulumi/cmd/dynamic-provider` resolved from the program's directory as the
 * script `@pulumi/pulumi` ships does, run in this process once it ends with its engine
 * (./engine-watch.js), which Pulumi's script does not.
 */
const path = require("node:path");
const { watchEngine } = require("./engine-watch");

// The engine's address is the first argument, as for Pulumi's script.
watchEngine(process.argv[2] ?? "", () => process.exit(0));
const script = require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [process.cwd(), path.resolve(__dirname, "../..")] });
require(script);
