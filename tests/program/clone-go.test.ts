/**
 * Cloning an account in Go (./support/clone-sdk.ts): the project `export --language go` writes,
 * its go.mod replacing the generated SDK's module with this checkout's sdk/go/chatwoot, made ready
 * with `go mod tidy` as its README says, and built by the Go language host on every run.
 */
import * as path from "node:path";
import { runCommand } from "../harness/pulumi-cli";
import { REPO_ROOT } from "../pulumi-cli/install";
import { sdkCloneTests } from "./support/clone-sdk";

// A first build compiles the Pulumi Go SDK, unless Go's build cache has it.
jest.setTimeout(600_000);

const SDK = path.join(REPO_ROOT, "sdk", "go", "chatwoot");

sdkCloneTests({
  language: "go",
  files: ["Pulumi.yaml", "go.mod", "main.go", "README.md"],
  program: "main.go",
  sdk: SDK,
  checkFiles(files) {
    expect(files["Pulumi.yaml"]).toMatch(/^runtime: go$/m);
    expect(files["go.mod"]).toContain(`\nreplace github.com/pulumi-chatwoot/pulumi-chatwoot/sdk/go/chatwoot => ${SDK}\n`);
    expect(files["main.go"]).toMatch(/^\t{3}AdoptId: +pulumi\.Int\(inboxAcmeSupportEmailId\),$/m);
  },
  async prepare(project) {
    const tidy = await runCommand("go", ["mod", "tidy"], { cwd: project.dir, env: project.env, timeoutMs: 300_000 });
    if (tidy.code !== 0) throw new Error(`go mod tidy failed:\n${tidy.stderr}`);
  },
});
