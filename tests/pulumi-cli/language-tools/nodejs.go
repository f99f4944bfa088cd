package main

// The Node.js host's methods that are Pulumi's Go packages: its generators (TypeScript programs,
// projects and SDKs), and what it asks the project's package manager (npm, Yarn, pnpm or Bun, by the
// `packagemanager` runtime option or the lock file there): `pulumi install`, `pulumi about` and
// `pulumi package add`.

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/cgstrings"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/fsutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/nodejs/npm"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

var nodejsMethods = merge(
	codegenMethods(generators{
		honoursStrict: true,
		program: func(p *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
			return nodejs.GenerateProgramWithOptions(p, nodejs.ProgramOptions{Runtime: "nodejs"})
		},
		project: func(dir string, project workspace.Project, program *pcl.Program, local map[string]string) error {
			return nodejs.GenerateProject(dir, project, program, local, false /* forceTsc */, "nodejs")
		},
		sdk: func(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest, loader schema.ReferenceLoader) (map[string][]byte, error) {
			return nodejs.GeneratePackage("pulumi-language-nodejs", pkg, req.ExtraFiles, req.LocalDependencies, req.Local, loader)
		},
	}),
	map[string]method{
		"GetRequiredPackages":    requiredPackages(nodejsRequiredPackages),
		"InstallDependencies":    unary(func() *pulumirpc.InstallDependenciesRequest { return &pulumirpc.InstallDependenciesRequest{} }, nodejsInstall),
		"About":                  unary(func() *pulumirpc.AboutRequest { return &pulumirpc.AboutRequest{} }, nodejsAbout),
		"GetProgramDependencies": unary(func() *pulumirpc.GetProgramDependenciesRequest { return &pulumirpc.GetProgramDependenciesRequest{} }, nodejsDependencies),
		"RuntimeOptionsPrompts":  unary(func() *pulumirpc.RuntimeOptionsRequest { return &pulumirpc.RuntimeOptionsRequest{} }, nodejsPrompts),
		"Link":                   linkMethod("nodejs", nodejs.Importer, none, nodejsLink),
	},
)

// The Node.js runtime options of Pulumi.yaml that these methods read.
type nodeOptions struct {
	typescript     bool
	tsconfig       string
	packagemanager npm.PackageManagerType
}

// parseNodeOptions reads them as Pulumi's host does, refusing a value of the wrong kind by its option's name.
func parseNodeOptions(info *pulumirpc.ProgramInfo) (nodeOptions, error) {
	options := nodeOptions{typescript: true, packagemanager: npm.AutoPackageManager}
	raw := info.GetOptions().AsMap()
	if v, ok := raw["typescript"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			return options, errors.New("typescript option must be a boolean")
		}
		options.typescript = b
	}
	if v, ok := raw["tsconfig"]; ok {
		s, isString := v.(string)
		if !isString {
			return options, errors.New("tsconfigpath option must be a string")
		}
		options.tsconfig = s
	}
	if v, ok := raw["packagemanager"]; ok {
		s, isString := v.(string)
		if !isString {
			return options, errors.New("packagemanager option must be a string")
		}
		switch pm := npm.PackageManagerType(s); pm {
		case npm.AutoPackageManager, npm.NpmPackageManager, npm.YarnPackageManager, npm.PnpmPackageManager, npm.BunPackageManager:
			options.packagemanager = pm
		default:
			return options, fmt.Errorf("packagemanager option must be one of auto, npm, yarn, pnpm or bun, got %q", s)
		}
	}
	return options, nil
}

// packageManager is the project's package manager.
func packageManager(info *pulumirpc.ProgramInfo) (npm.PackageManager, error) {
	options, err := parseNodeOptions(info)
	if err != nil {
		return nil, fmt.Errorf("failed to parse options: %w", err)
	}
	return npm.ResolvePackageManager(options.packagemanager, info.GetProgramDirectory())
}

// nodejsInstall installs the project's dependencies (in its workspace's root, when it is in an npm or
// Yarn workspace), as `pulumi install` and the first `pulumi up` of a new project do.
func nodejsInstall(ctx context.Context, req *pulumirpc.InstallDependenciesRequest, out streams) (*pulumirpc.InstallDependenciesResponse, error) {
	fmt.Fprint(out.stdout, "Installing dependencies...\n\n")
	root := req.GetInfo().GetProgramDirectory()
	switch workspaceRoot, err := npm.FindWorkspaceRoot(root); {
	case err == nil:
		fmt.Fprintf(out.stdout, "Detected workspace root at %s\n", workspaceRoot)
		root = workspaceRoot
	case !errors.Is(err, npm.ErrNotInWorkspace):
		return nil, fmt.Errorf("failure while trying to find workspace root: %w", err)
	}
	options, err := parseNodeOptions(req.GetInfo())
	if err != nil {
		return nil, fmt.Errorf("failed to parse options: %w", err)
	}
	if _, err := npm.Install(ctx, options.packagemanager, root, false /* production */, out.stdout, out.stderr); err != nil {
		return nil, err
	}
	fmt.Fprint(out.stdout, "Finished installing dependencies\n\n")
	return &pulumirpc.InstallDependenciesResponse{}, nil
}

// nodejsAbout names node, its version and the package manager (`pulumi about`).
func nodejsAbout(ctx context.Context, req *pulumirpc.AboutRequest, _ streams) (*pulumirpc.AboutResponse, error) {
	pm, err := packageManager(req.GetInfo())
	if err != nil {
		return nil, fmt.Errorf("could not resolve packagemanager: %w", err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("could not find executable %q: %w", "node", err)
	}
	response := &pulumirpc.AboutResponse{Executable: node, Metadata: map[string]string{"packagemanager": pm.Name()}}
	// Neither version is worth failing for.
	if version, err := exec.CommandContext(ctx, node, "--version").Output(); err == nil {
		response.Version = strings.TrimSpace(string(version))
	}
	if version, err := pm.Version(); err == nil {
		response.Metadata["packagemanagerVersion"] = version.String()
	}
	return response, nil
}

// nodejsDependencies lists the project's packages as its package manager has installed them (`pulumi about`).
func nodejsDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest, _ streams) (*pulumirpc.GetProgramDependenciesResponse, error) {
	pm, err := packageManager(req.GetInfo())
	if err != nil {
		return nil, fmt.Errorf("failed to determine package manager: %w", err)
	}
	packages, err := pm.ListPackages(ctx, req.GetInfo().GetProgramDirectory(), req.TransitiveDependencies)
	if err != nil {
		return nil, fmt.Errorf("failed to get node dependencies: %w", err)
	}
	return dependencyInfos(packages), nil
}

// dependencyInfos is a GetProgramDependencies answer.
func dependencyInfos(packages []plugin.DependencyInfo) *pulumirpc.GetProgramDependenciesResponse {
	response := &pulumirpc.GetProgramDependenciesResponse{Dependencies: make([]*pulumirpc.DependencyInfo, len(packages))}
	for i, p := range packages {
		response.Dependencies[i] = &pulumirpc.DependencyInfo{Name: p.Name, Version: p.Version}
	}
	return response
}

// nodejsPrompts asks `pulumi new` for the package manager, when the template does not name one.
func nodejsPrompts(_ context.Context, req *pulumirpc.RuntimeOptionsRequest, _ streams) (*pulumirpc.RuntimeOptionsResponse, error) {
	response := &pulumirpc.RuntimeOptionsResponse{}
	if _, named := req.GetInfo().GetOptions().AsMap()["packagemanager"]; named {
		return response, nil
	}
	response.Prompts = append(response.Prompts, &pulumirpc.RuntimeOptionPrompt{
		Key:         "packagemanager",
		Description: "The package manager to use for installing dependencies",
		PromptType:  pulumirpc.RuntimeOptionPrompt_STRING,
		Choices:     plugin.MakeExecutablePromptChoices("npm", "pnpm", "yarn", "bun"),
		Default:     &pulumirpc.RuntimeOptionPrompt_RuntimeOptionValue{PromptType: pulumirpc.RuntimeOptionPrompt_STRING, StringValue: "npm"},
	})
	return response, nil
}

// nodejsLink adds each package to the project's package.json as a `file:` dependency, and says how a
// TypeScript (or an ES module's) or a CommonJS program imports it.
func nodejsLink(ctx context.Context, req *pulumirpc.LinkRequest, packages []linked, _ streams) (string, error) {
	info := req.GetInfo()
	options, err := parseNodeOptions(info)
	if err != nil {
		return "", err
	}
	pm, err := npm.ResolvePackageManager(options.packagemanager, info.GetProgramDirectory())
	if err != nil {
		return "", err
	}
	typescript := options.typescript || options.tsconfig != ""
	if !typescript {
		_, err := fsutil.Searchup(info.GetProgramDirectory(), "tsconfig.json")
		typescript = err == nil
	}
	modules := typescript || isESModule(info.GetProgramDirectory())
	var instructions strings.Builder
	if typescript {
		instructions.WriteString("You can import the SDK in your TypeScript code with:\n\n")
	} else {
		instructions.WriteString("You can import the SDK in your JavaScript code with:\n\n")
	}
	for _, p := range packages {
		name := nodejsPackageName(p.pkg)
		if err := pm.Link(ctx, info.GetProgramDirectory(), name, p.path); err != nil {
			return "", err
		}
		alias := cgstrings.Camel(p.ref.Name())
		if modules {
			fmt.Fprintf(&instructions, "  import * as %s from \"%s\";\n", alias, name)
		} else {
			fmt.Fprintf(&instructions, "  const %s = require(\"%s\");\n", alias, name)
		}
	}
	return instructions.String(), nil
}

// isESModule is whether the nearest package.json says `"type": "module"`.
func isESModule(dir string) bool {
	manifest, err := npm.SearchupPackageManifest(dir)
	if err != nil {
		return false
	}
	data, _, err := npm.ReadPackageManifest(filepath.Dir(manifest))
	return err == nil && data["type"] == "module"
}

// nodejsPackageName is the npm package of a Pulumi package: its schema's language.nodejs.packageName, else
// @<namespace or pulumi>/<name>.
func nodejsPackageName(pkg *schema.Package) string {
	if info, ok := pkg.Language["nodejs"].(nodejs.NodePackageInfo); ok && info.PackageName != "" {
		return info.PackageName
	}
	if pkg.Namespace != "" {
		return "@" + pkg.Namespace + "/" + pkg.Name
	}
	return "@pulumi/" + pkg.Name
}
