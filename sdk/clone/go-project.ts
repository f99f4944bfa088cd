/**
 * The files of the exported Pulumi Go project: `Pulumi.yaml` (the Go runtime), `go.mod` (Pulumi's
 * Go SDK and pulumi-chatwoot's generated one, with a `replace` where it comes from a directory),
 * `main.go` (the program) and a README (./plugin-readme.ts). Nothing in them depends on the time or
 * the machine, so an unchanged account exports byte-identical files.
 */
import type { AccountModel } from "./model";
import { ownPackage } from "./own-package";
import { pluginProjectReadme } from "./plugin-readme";
import { projectDescription, projectNameOf, templateConfigLines, type ProjectFiles } from "./project";
import { yamlSettings } from "./yaml-settings";
import { GO_SDK_MODULE, goProgramText } from "./go-program";

/** The oldest Pulumi Go SDK the generated one is meant for (Go takes the newest any module requires). */
const PULUMI_SDK = "github.com/pulumi/pulumi/sdk/v3 v3.139.0";

/**
 * Every file of the Go project exported from `model`: `project` is its Pulumi project name (and Go
 * module), `sdkDir` the directory of the generated SDK's module that go.mod replaces the module
 * with (a checkout's `sdk/go/chatwoot`), or none to fetch its release.
 */
export function goProjectFiles(model: AccountModel, project = projectNameOf(model), sdkDir?: string): ProjectFiles {
  const version = ownPackage().manifest.version;
  return {
    "Pulumi.yaml": [`name: ${project}`, `description: ${projectDescription(model)}`, "runtime: go", ...templateConfigLines(model, yamlSettings(model, { blank: true })), ""].join("\n"),
    "go.mod": [
      `module ${project}`,
      "",
      "go 1.24",
      "",
      "require (",
      `\t${GO_SDK_MODULE} v${version}`,
      `\t${PULUMI_SDK}`,
      ")",
      ...(sdkDir === undefined ? [] : ["", `replace ${GO_SDK_MODULE} => ${sdkDir}`]),
      "",
    ].join("\n"),
    "main.go": goProgramText(model),
    "README.md": pluginProjectReadme(model, project, {
      language: "go",
      file: "main.go",
      kind: "Pulumi Go program",
      dependencies: [
        "## The Go modules",
        "",
        `\`go.mod\` requires Pulumi's Go SDK and pulumi-chatwoot's (\`${GO_SDK_MODULE}\`), generated from the plugin's`,
        `schema${sdkDir === undefined ? "; where it is not published, export with `--package` naming a checkout's `sdk/go/chatwoot`, which go.mod then replaces the module with" : `, which go.mod replaces with \`${sdkDir}\``}.`,
        "Run `go mod tidy` once before the first `pulumi up`, which builds the program (`go build`) on every run.",
      ],
    }),
  };
}
