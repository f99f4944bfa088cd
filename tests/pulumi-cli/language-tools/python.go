package main

// The Python host's methods that are Pulumi's Go packages: its generators (Python programs,
// projects and SDKs), and everything it asks the project's toolchain (pip with a virtual
// environment, Poetry or uv: `runtime.options.toolchain`, else the lock file there), through
// Pulumi's own toolchain package: the environment and its packages (`pulumi install`, and the
// program's plugins before it runs), `pulumi about`, `pulumi new`'s questions and template,
// `pulumi package add`, and the command that runs a program or a plugin in it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/python/toolchain"
	"google.golang.org/protobuf/types/known/structpb"
)

var pythonMethods = merge(
	codegenMethods(generators{
		honoursStrict: true,
		program:       python.GenerateProgram,
		project: func(dir string, project workspace.Project, program *pcl.Program, local map[string]string) error {
			// The typechecker and toolchain of the project are the generator's defaults, as Pulumi's host leaves them.
			return python.GenerateProject(dir, project, program, local, "", "")
		},
		sdk: func(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest, loader schema.ReferenceLoader) (map[string][]byte, error) {
			return python.GeneratePackage("pulumi-language-python", pkg, req.ExtraFiles, loader)
		},
	}),
	map[string]method{
		"GetRequiredPackages":    requiredPackages(pythonRequiredPackages),
		"InstallDependencies":    unary(func() *pulumirpc.InstallDependenciesRequest { return &pulumirpc.InstallDependenciesRequest{} }, pythonInstall),
		"About":                  unary(func() *pulumirpc.AboutRequest { return &pulumirpc.AboutRequest{} }, pythonAbout),
		"GetProgramDependencies": unary(func() *pulumirpc.GetProgramDependenciesRequest { return &pulumirpc.GetProgramDependenciesRequest{} }, pythonDependencies),
		"RuntimeOptionsPrompts":  unary(func() *pulumirpc.RuntimeOptionsRequest { return &pulumirpc.RuntimeOptionsRequest{} }, pythonPrompts),
		"Template":               unary(func() *pulumirpc.TemplateRequest { return &pulumirpc.TemplateRequest{} }, pythonTemplate),
		"Link":                   linkMethod("python", python.Importer, isPulumiSDK, pythonLink),
		// Not a LanguageRuntime method: the host runs what this answers (see pythonCommand).
		"Command": unary(func() *pulumirpc.RunPluginRequest { return &pulumirpc.RunPluginRequest{} }, pythonCommand),
	},
)

// parsePythonOptions reads the Python runtime options of Pulumi.yaml as Pulumi's host does: a plugin on pip
// (or no toolchain named) gets the virtual environment `venv` when it names none, as Pulumi runs no plugin
// on the ambient Python.
func parsePythonOptions(info *pulumirpc.ProgramInfo, isPlugin bool) (toolchain.PythonOptions, error) {
	options := toolchain.PythonOptions{Root: info.GetRootDirectory(), ProgramDir: info.GetProgramDirectory()}
	raw := info.GetOptions().AsMap()
	text := func(name string) (string, bool, error) {
		v, ok := raw[name]
		if !ok {
			return "", false, nil
		}
		s, isString := v.(string)
		if !isString {
			return "", true, fmt.Errorf("%s option must be a string", name)
		}
		return s, true, nil
	}
	virtualenv, _, err := text("virtualenv")
	if err != nil {
		return options, err
	}
	options.Virtualenv = virtualenv
	switch checker, named, err := text("typechecker"); {
	case err != nil:
		return options, err
	case !named:
	case checker == "mypy":
		options.Typechecker = toolchain.TypeCheckerMypy
	case checker == "pyright":
		options.Typechecker = toolchain.TypeCheckerPyright
	default:
		return options, fmt.Errorf("unsupported typechecker option: %s", checker)
	}
	switch tc, named, err := text("toolchain"); {
	case err != nil:
		return options, err
	case !named:
	case tc == "pip":
		options.Toolchain = toolchain.Pip
	case tc == "poetry":
		options.Toolchain = toolchain.Poetry
	case tc == "uv":
		options.Toolchain = toolchain.Uv
	default:
		return options, fmt.Errorf("unsupported toolchain option: %s", tc)
	}
	if isPlugin && (options.Toolchain == toolchain.Pip || options.Toolchain == toolchain.Auto) && options.Virtualenv == "" {
		options.Virtualenv = "venv"
	}
	return options, nil
}

// pythonToolchain is the project's toolchain, with the options it was resolved from.
func pythonToolchain(info *pulumirpc.ProgramInfo, isPlugin bool) (toolchain.Toolchain, toolchain.PythonOptions, error) {
	options, err := parsePythonOptions(info, isPlugin)
	if err != nil {
		return nil, options, err
	}
	tc, err := toolchain.ResolveToolchain(options)
	return tc, options, err
}

// pythonRequiredPackages makes the environment when it is not there yet (the engine asks this before the
// program's first run) and lists the plugins its packages say they need.
func pythonRequiredPackages(ctx context.Context, info *pulumirpc.ProgramInfo, out streams) ([]*pulumirpc.PackageDependency, error) {
	tc, _, err := pythonToolchain(info, false)
	if err != nil {
		return nil, err
	}
	if err := tc.EnsureVenv(ctx, info.GetProgramDirectory(), false, true, out.stdout, out.stderr); err != nil {
		return nil, err
	}
	installed, err := tc.ListPackages(ctx, true)
	if err != nil {
		return nil, err
	}
	metadata, err := pluginMetadataFiles(ctx, tc, installed)
	if err != nil {
		return nil, err
	}
	packages := []*pulumirpc.PackageDependency{}
	for _, p := range installed {
		if dep := pythonPlugin(p, metadata[p.Name]); dep != nil {
			packages = append(packages, dep)
		}
	}
	return packages, nil
}

// Distributions known to have no plugin, though their names say `pulumi-`.
var withoutPlugins = map[string]bool{"pulumi-policy": true, "pulumi-esc-sdk": true}

// pythonPlugin is the plugin a distribution needs: its pulumi-plugin.json's (`resource: false` says none),
// else, for a distribution named `pulumi-<name>`, plugin <name> of the distribution's version.
func pythonPlugin(p plugin.DependencyInfo, metadataFile string) *pulumirpc.PackageDependency {
	if withoutPlugins[p.Name] {
		return nil
	}
	meta := &plugin.PulumiPluginJSON{Resource: true}
	if metadataFile != "" {
		read, err := plugin.LoadPulumiPluginJSON(metadataFile)
		if err != nil || !read.Resource {
			return nil
		}
		meta = read
	} else if !strings.HasPrefix(p.Name, "pulumi-") {
		return nil
	}
	name, version := meta.Name, meta.Version
	if name == "" {
		name = strings.TrimPrefix(p.Name, "pulumi-")
	}
	if version == "" {
		v, ok := pep440ToSemver(p.Version)
		if !ok {
			return nil // a version no plugin's can be derived from: Pulumi's host leaves the package out too
		}
		version = v
	}
	return resourcePlugin(meta, name, version)
}

// The script that finds each distribution's pulumi-plugin.json: beside the distribution's top-level package.
const pluginMetadataScript = `import importlib.metadata, importlib.util, json, os, sys
found = {}
for name in sys.argv[1:]:
    try:
        module = importlib.metadata.distribution(name).metadata["Name"].replace("-", "_")
        spec = importlib.util.find_spec(module)
        places = list(spec.submodule_search_locations or []) if spec else []
        files = [os.path.join(str(p), "pulumi-plugin.json") for p in places]
        found[name] = next((f for f in files if os.path.isfile(f)), "")
    except Exception:
        found[name] = ""
print(json.dumps(found))`

// pluginMetadataFiles is the pulumi-plugin.json of each installed distribution that has one, by name.
func pluginMetadataFiles(ctx context.Context, tc toolchain.Toolchain, installed []plugin.DependencyInfo) (map[string]string, error) {
	found := map[string]string{}
	if len(installed) == 0 {
		return found, nil
	}
	args := []string{"-c", pluginMetadataScript}
	for _, p := range installed {
		args = append(args, p.Name)
	}
	cmd, err := tc.Command(ctx, args...)
	if err != nil {
		return found, nil
	}
	output, err := cmd.Output()
	if err != nil {
		return found, nil // as Pulumi's host: the names' convention still applies
	}
	if err := json.Unmarshal(output, &found); err != nil {
		return nil, fmt.Errorf("failed to parse pulumi-plugin.json paths: %w", err)
	}
	return found, nil
}

// pythonInstall makes the environment and installs the project's dependencies into it (`pulumi install`;
// a plugin that is a buildable package is installed itself too).
func pythonInstall(ctx context.Context, req *pulumirpc.InstallDependenciesRequest, out streams) (*pulumirpc.InstallDependenciesResponse, error) {
	tc, _, err := pythonToolchain(req.GetInfo(), req.IsPlugin)
	if err != nil {
		return nil, err
	}
	fmt.Fprint(out.stdout, "Installing dependencies...\n\n")
	dir := req.GetInfo().GetProgramDirectory()
	if req.IsPlugin {
		buildable, err := toolchain.IsBuildablePackage(dir)
		if err != nil {
			return nil, fmt.Errorf("checking if plugin is a buildable package: %w", err)
		}
		if buildable {
			if err := tc.EnsureVenv(ctx, dir, req.UseLanguageVersionTools, true, out.stdout, out.stderr); err != nil {
				return nil, fmt.Errorf("creating virtual environment: %w", err)
			}
			cmd, err := tc.ModuleCommand(ctx, "pip", "install", dir)
			if err != nil {
				return nil, fmt.Errorf("preparing pip install command: %w", err)
			}
			cmd.Stdout, cmd.Stderr = out.stdout, out.stderr
			if err := cmd.Run(); err != nil {
				return nil, fmt.Errorf("installing package: %w", err)
			}
		}
	}
	if err := tc.InstallDependencies(ctx, dir, req.UseLanguageVersionTools, true, out.stdout, out.stderr); err != nil {
		return nil, err
	}
	fmt.Fprint(out.stdout, "Finished installing dependencies\n\n")
	return &pulumirpc.InstallDependenciesResponse{}, nil
}

// pythonAbout names the environment's python, its version and the toolchain's (`pulumi about`).
func pythonAbout(ctx context.Context, req *pulumirpc.AboutRequest, _ streams) (*pulumirpc.AboutResponse, error) {
	options := toolchain.PythonOptions{Toolchain: toolchain.Pip}
	if req.GetInfo() != nil {
		parsed, err := parsePythonOptions(req.GetInfo(), false)
		if err != nil {
			return nil, err
		}
		options = parsed
	}
	tc, err := toolchain.ResolveToolchain(options)
	if err != nil {
		return nil, err
	}
	info, err := tc.About(ctx)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{
		Executable: info.PythonExecutable,
		Version:    info.PythonVersion.String(),
		Metadata: map[string]string{
			"toolchain":        toolchain.Name(options.Toolchain),
			"toolchainVersion": info.ToolchainVersion.String(),
			"typechecker":      toolchain.TypeCheckerName(options.Typechecker),
		},
	}, nil
}

// pythonDependencies lists the environment's packages (`pulumi about`).
func pythonDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest, _ streams) (*pulumirpc.GetProgramDependenciesResponse, error) {
	tc, _, err := pythonToolchain(req.GetInfo(), false)
	if err != nil {
		return nil, err
	}
	packages, err := tc.ListPackages(ctx, req.TransitiveDependencies)
	if err != nil {
		return nil, fmt.Errorf("failed to get python dependencies: %w", err)
	}
	return dependencyInfos(packages), nil
}

// pythonPrompts asks `pulumi new` for the toolchain when the template names none, and for pip's virtual
// environment when it names pip but no environment.
func pythonPrompts(_ context.Context, req *pulumirpc.RuntimeOptionsRequest, _ streams) (*pulumirpc.RuntimeOptionsResponse, error) {
	raw := req.GetInfo().GetOptions().AsMap()
	response := &pulumirpc.RuntimeOptionsResponse{}
	str := func(v string) *pulumirpc.RuntimeOptionPrompt_RuntimeOptionValue {
		return &pulumirpc.RuntimeOptionPrompt_RuntimeOptionValue{PromptType: pulumirpc.RuntimeOptionPrompt_STRING, StringValue: v}
	}
	tc, named := raw["toolchain"]
	if !named {
		pip := str("pip")
		pip.DisplayName = "pip" // always there, with Python
		response.Prompts = append(response.Prompts, &pulumirpc.RuntimeOptionPrompt{
			Key:         "toolchain",
			Description: "The toolchain to use for installing dependencies and running the program",
			PromptType:  pulumirpc.RuntimeOptionPrompt_STRING,
			Choices:     append([]*pulumirpc.RuntimeOptionPrompt_RuntimeOptionValue{pip}, plugin.MakeExecutablePromptChoices("poetry", "uv")...),
			Default:     pip,
		})
	}
	if _, hasVenv := raw["virtualenv"]; named && tc == "pip" && !hasVenv {
		response.Prompts = append(response.Prompts, &pulumirpc.RuntimeOptionPrompt{
			Key:         "virtualenv",
			Description: "The virtualenv to use",
			PromptType:  pulumirpc.RuntimeOptionPrompt_STRING,
			Choices:     []*pulumirpc.RuntimeOptionPrompt_RuntimeOptionValue{str("venv")},
			Default:     str("venv"),
		})
	}
	return response, nil
}

// pythonTemplate readies a new project for its toolchain (Poetry's and uv's pyproject.toml from the
// template's requirements.txt; nothing for pip).
func pythonTemplate(ctx context.Context, req *pulumirpc.TemplateRequest, _ streams) (*pulumirpc.TemplateResponse, error) {
	tc, _, err := pythonToolchain(req.GetInfo(), false)
	if err != nil {
		return nil, err
	}
	if err := tc.PrepareProject(ctx, req.ProjectName, req.GetInfo().GetProgramDirectory(), false, nil, nil); err != nil {
		return nil, err
	}
	return &pulumirpc.TemplateResponse{}, nil
}

// pythonLink adds each package (and a local Pulumi SDK) to the project's requirements (requirements.txt,
// or pyproject.toml under Poetry or uv), and says how the program imports it.
func pythonLink(ctx context.Context, req *pulumirpc.LinkRequest, packages []linked, _ streams) (string, error) {
	info := req.GetInfo()
	options, err := parsePythonOptions(info, false)
	if err != nil {
		return "", err
	}
	paths := map[string]string{}
	var instructions strings.Builder
	for _, dep := range req.Packages {
		if dep.Package.Name == "pulumi" {
			paths["pulumi"] = dep.Path
		}
	}
	for _, p := range packages {
		importName, packageName := "", ""
		if info, ok := p.pkg.Language["python"].(python.PackageInfo); ok && info.PackageName != "" {
			importName, packageName = info.PackageName, info.PackageName
		}
		if importName == "" {
			importName = strings.ReplaceAll(p.ref.Name(), "-", "_")
		}
		if packageName == "" {
			packageName = python.PyPack(p.ref.Namespace(), p.ref.Name())
		}
		paths[packageName] = p.path
		fmt.Fprintf(&instructions, "  import %s as %s\n", packageName, importName)
	}
	heading := "You can import the SDK in your Python code with:\n\n"
	if len(req.Packages) > 1 {
		heading = "You can import the SDKs in your Python code with:\n\n"
	}
	if options.Toolchain != toolchain.Pip {
		dir := info.GetProgramDirectory()
		if _, err := os.Stat(filepath.Join(dir, "pyproject.toml")); os.IsNotExist(err) {
			if _, err := os.Stat(filepath.Join(dir, "requirements.txt")); os.IsNotExist(err) {
				return "", fmt.Errorf("no pyproject.toml or requirements.txt found in %s", dir)
			}
			// Not installed yet (`pulumi install` turns requirements.txt into Poetry's or uv's pyproject.toml): the
			// package goes into requirements.txt.
			options.Toolchain = toolchain.Pip
		}
	}
	tc, err := toolchain.ResolveToolchain(options)
	if err != nil {
		return "", err
	}
	if err := tc.LinkPackages(ctx, paths); err != nil {
		return "", fmt.Errorf("linking packages: %w", err)
	}
	return heading + instructions.String(), nil
}

// pythonCommand is what runs, under the project's toolchain, a program (a request of no kind: its args are
// the exec script's command line; the typechecker of `runtime.options` runs first) or a plugin (`RunPlugin`:
// the plugin's `__main__.py`, or, for a buildable package, `python -m pulumi.run.plugin`), as Pulumi's host
// runs them: `{command: [...], env: [...]}`, the environment absent where the host's own is the one.
func pythonCommand(ctx context.Context, req *pulumirpc.RunPluginRequest, out streams) (*structpb.Struct, error) {
	info := req.GetInfo()
	if req.Kind == "analyzer" {
		return nil, errors.New("this Python language host (the checkout's stand-in) does not run policy packs: Pulumi's host runs them through its policy proxy, " +
			"a Go package the module proxy does not serve. Install Pulumi to run policy packs.")
	}
	isPlugin := req.Kind != ""
	tc, options, err := pythonToolchain(info, isPlugin)
	if err != nil {
		return nil, err
	}
	args := req.Args
	if isPlugin {
		if args, err = pluginArgs(ctx, tc, options, req); err != nil {
			return nil, err
		}
	} else {
		if err := tc.ValidateVenv(ctx); err != nil {
			return nil, err
		}
		if err := typecheck(ctx, tc, options, info.GetProgramDirectory(), out); err != nil {
			return nil, err
		}
	}
	cmd, err := tc.Command(ctx, args...)
	if err != nil {
		return nil, err
	}
	answer := map[string]any{"command": stringsToAny(append([]string{cmd.Path}, cmd.Args[1:]...))}
	if cmd.Env != nil {
		answer["env"] = stringsToAny(cmd.Env)
	}
	return structpb.NewStruct(answer)
}

// pluginArgs is the command line of a plugin: its `__main__.py` where it has one or its SDK has no plugin
// runner, else the runner on its buildable package.
func pluginArgs(ctx context.Context, tc toolchain.Toolchain, options toolchain.PythonOptions, req *pulumirpc.RunPluginRequest) ([]string, error) {
	_, err := os.Stat(filepath.Join(options.Root, "__main__.py"))
	hasMain := err == nil
	if err != nil && !os.IsNotExist(err) {
		return nil, fmt.Errorf("looking for __main__.py: %w", err)
	}
	hasRunner := true
	if check, err := tc.Command(ctx, "-c", "import pulumi.run.plugin"); err != nil {
		return nil, err
	} else if output, err := check.CombinedOutput(); err != nil && strings.Contains(string(output), "ModuleNotFoundError") {
		hasRunner = false
	}
	if !hasRunner || hasMain {
		return append([]string{req.GetInfo().GetProgramDirectory()}, req.Args...), nil
	}
	buildable, err := toolchain.IsBuildablePackage(options.Root)
	if err != nil {
		return nil, fmt.Errorf("checking if plugin is a buildable package: %w", err)
	}
	if !buildable {
		return nil, errors.New("plugin is not runnable, it provides neither __main__.py nor a buildable pyproject.toml")
	}
	pyproject, err := toolchain.LoadPyproject(options.Root)
	if err != nil {
		return nil, fmt.Errorf("loading pyproject: %w", err)
	}
	return append([]string{"-m", "pulumi.run.plugin", pyproject.Project.Name}, req.Args...), nil
}

// typecheck runs the typechecker `runtime.options.typechecker` names on the program, if any: its failure is
// the run's.
func typecheck(ctx context.Context, tc toolchain.Toolchain, options toolchain.PythonOptions, dir string, out streams) error {
	checker := map[any]string{toolchain.TypeCheckerMypy: "mypy", toolchain.TypeCheckerPyright: "pyright"}[options.Typechecker]
	if checker == "" {
		return nil
	}
	args := []string{"-m", checker}
	if checker == "mypy" {
		venv, err := tc.VirtualEnvPath(ctx)
		if err != nil {
			return err
		}
		relative, err := filepath.Rel(dir, venv)
		if err != nil {
			return err
		}
		args = append(args, "--exclude", relative)
	}
	installed, err := tc.ListPackages(ctx, true)
	if err != nil {
		return err
	}
	if !hasPackage(installed, checker) {
		return fmt.Errorf("The typechecker option is set to %s, but %s is not installed. Please add an entry for %s to requirements.txt and run `pulumi install`", checker, checker, checker)
	}
	cmd, err := tc.Command(ctx, append(args, dir)...)
	if err != nil {
		return err
	}
	var output strings.Builder
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = io.MultiWriter(out.stdout, &output), io.MultiWriter(out.stderr, &output)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s failed: %w\n%s", checker, err, output.String())
	}
	return nil
}

func hasPackage(packages []plugin.DependencyInfo, name string) bool {
	for _, p := range packages {
		if p.Name == name {
			return true
		}
	}
	return false
}

func stringsToAny(values []string) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
	}
	return out
}

// A PEP 440 version of the forms Pulumi's packages have: release, then a, b or rc, .post, .dev.
var pep440 = regexp.MustCompile(`^(\d+(?:\.\d+)*)(?:(a|b|rc)(\d+))?(?:\.post(\d+))?(?:\.dev(\d+))?$`)

// pep440ToSemver is the plugin version of a distribution's version (1.2 is 1.2.0, 1.2.3a4 1.2.3-alpha.4,
// 1.2.3.post4.dev5 1.2.3+post4dev5), or false where there is none (an epoch, a local version).
func pep440ToSemver(version string) (string, bool) {
	m := pep440.FindStringSubmatch(version)
	if m == nil {
		return "", false
	}
	segments := strings.Split(m[1], ".")
	for len(segments) < 3 {
		segments = append(segments, "0")
	}
	out := strings.Join(segments, ".")
	if m[2] != "" {
		out += "-" + map[string]string{"a": "alpha", "b": "beta", "rc": "rc"}[m[2]] + "." + m[3]
	}
	build := ""
	if m[4] != "" {
		build += "post" + m[4]
	}
	if m[5] != "" {
		build += "dev" + m[5]
	}
	if build != "" {
		out += "+" + build
	}
	return out, true
}
