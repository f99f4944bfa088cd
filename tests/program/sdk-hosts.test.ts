/**
 * The Python and Go language hosts that `npm run setup:pulumi` puts beside the CLI
 * (tests/pulumi-cli/python-language-host.js, go-language-host.js), through the real `pulumi`, with
 * programs that declare no resource, so that what is checked is the host's part: `pulumi install`
 * makes the virtual environment (Python) or fetches the modules (Go); the engine's settings reach
 * the program (the project, the stack, the config with its secret, `dry_run` in preview only); a
 * program that fails shows its error once and fails the command; a Go program that does not
 * compile shows the compiler's message.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { PulumiProject } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(240_000);

const PYTHON_PROGRAM = `import pulumi

config = pulumi.Config()
if config.get_bool("fail"):
    raise ValueError("the program gave up on purpose")
pulumi.export("where", f"{pulumi.get_project()}/{pulumi.get_stack()}")
pulumi.export("dryRun", pulumi.runtime.is_dry_run())
pulumi.export("token", config.require_secret("token"))
`;

const GO_PROGRAM = `package main

import (
	"errors"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		if cfg.GetBool("fail") {
			return errors.New("the program gave up on purpose")
		}
		ctx.Export("where", pulumi.String(ctx.Project()+"/"+ctx.Stack()))
		ctx.Export("dryRun", pulumi.Bool(ctx.DryRun()))
		ctx.Export("token", cfg.RequireSecret("token"))
		return nil
	})
}
`;

/** The Go example's go.mod and go.sum, whose Pulumi SDK the program uses (its own module name). */
function goModule(): Record<string, string> {
  const example = path.resolve(__dirname, "../../examples/quickstart-go");
  const goMod = fs.readFileSync(path.join(example, "go.mod"), "utf8").replace(/^module .*$/m, "module hostcheck").replace(/^replace .*$/m, "");
  return { "go.mod": goMod.replace(/^\s*github\.com\/pulumi-chatwoot\/\S+ v\S+\n/m, ""), "go.sum": fs.readFileSync(path.join(example, "go.sum"), "utf8") };
}

const LANGUAGES = [
  {
    runtime: "python" as const,
    files: () => ({
      "Pulumi.yaml": "name: python-host-check\nruntime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv\n",
      "requirements.txt": "pulumi>=3.139.0,<4.0.0\n",
      "__main__.py": PYTHON_PROGRAM,
    }),
    installed: (dir: string) => fs.existsSync(path.join(dir, "venv", "bin", "python")),
  },
  {
    runtime: "go" as const,
    files: () => ({ "Pulumi.yaml": "name: go-host-check\nruntime: go\n", "main.go": GO_PROGRAM, ...goModule() }),
    // The modules are in Go's module cache: listed without the proxy.
    installed: (dir: string) => spawnSync("go", ["list", "-m", "github.com/pulumi/pulumi/sdk/v3"], { cwd: dir, env: { ...process.env, GOPROXY: "off" } }).status === 0,
  },
];

for (const language of LANGUAGES) {
  realEngine.describeRuntime(language.runtime, `the ${language.runtime} language host beside \`pulumi\``, () => {
    let project: PulumiProject;
    beforeAll(() => {
      project = new PulumiProject(language.files());
    });
    afterAll(() => project?.dispose());

    test("`pulumi install` readies the program's dependencies", async () => {
      const install = await project.cli(["install"]);
      expectSuccess(install);
      expect(language.installed(project.dir)).toBe(true);
    });

    test("the engine's settings and the stack's config reach the program; dry_run only in preview; the secret stays secret", async () => {
      await project.init("dev", { config: { token: "not-a-real-token" }, secretKeys: ["token"] });
      const preview = await project.preview();
      expectSuccess(preview);
      expect(preview.stdout).toMatch(/^ *dryRun *: *true$/m);
      const up = await project.up();
      expectSuccess(up);
      const outputs = await project.outputs();
      const name = `${language.runtime}-host-check`;
      expect(outputs).toEqual({ where: `${name}/dev`, dryRun: false, token: "[secret]" });
      expect(await project.exportText()).not.toContain("not-a-real-token");
    });

    test("a program that fails shows its error once and fails the command", async () => {
      await project.setConfig({ config: { fail: "true" } });
      const preview = await project.preview();
      expect(preview.code).not.toBe(0);
      const shown = preview.errors.join("\n");
      // Once (in Python's traceback, besides the line of source that raised it).
      expect(shown.match(/(?<!raise ValueError\(")the program gave up on purpose/g)).toHaveLength(1);
      // Reported by the program, so the host answers with a bail, not "exited with non-zero exit code".
      expect(shown).not.toContain("non-zero exit code");
      await project.ok(["config", "rm", "fail"]);
    });

    if (language.runtime === "go") {
      test("a program that does not compile shows the compiler's message", async () => {
        project.write({ "main.go": GO_PROGRAM.replace("return nil\n", "return nil + 1\n") });
        const preview = await project.preview();
        expect(preview.code).not.toBe(0);
        expect(`${preview.errors.join("\n")}\n${preview.stdout}`).toMatch(/unable to run `go build`: [\s\S]*main\.go:\d+:\d+: /);
      });
    }
  });
}
