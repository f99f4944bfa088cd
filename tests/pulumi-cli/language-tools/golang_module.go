package main

// The Go host's methods that read or change the program's Go module: the plugins its required modules
// say they need (`GetRequiredPackages`), `pulumi install` (`go mod tidy`), `pulumi about` (the go
// command, the required modules), `pulumi package pack-sdk` (a copy of the SDK's module) and
// `pulumi package add` (a replace directive per linked SDK).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/fsutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

var goModuleMethods = map[string]method{
	"GetRequiredPackages":    requiredPackages(goRequiredPackages),
	"InstallDependencies":    unary(func() *pulumirpc.InstallDependenciesRequest { return &pulumirpc.InstallDependenciesRequest{} }, goInstall),
	"About":                  unary(func() *pulumirpc.AboutRequest { return &pulumirpc.AboutRequest{} }, goAbout),
	"GetProgramDependencies": unary(func() *pulumirpc.GetProgramDependenciesRequest { return &pulumirpc.GetProgramDependenciesRequest{} }, goDependencies),
	"Pack":                   unary(func() *pulumirpc.PackRequest { return &pulumirpc.PackRequest{} }, goPack),
	"Link":                   linkMethod("go", gogen.Importer, isPulumiSDK, goLink),
}

// goMod is the go.mod of the module the program is in (found by the go command: it may be a parent
// folder's), and that module's folder.
func goMod(ctx context.Context, dir string) (string, *modfile.File, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-m", "-f", "{{.GoMod}}")
	// A workspace would list each of its modules: only the program's is wanted.
	cmd.Env = append(os.Environ(), "GOWORK=off")
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", nil, fmt.Errorf("go list -m: %w", err)
	}
	file := string(bytes.TrimSpace(out))
	if file == "" {
		return "", nil, fmt.Errorf("no go.mod file found: %v", dir)
	}
	body, err := os.ReadFile(file)
	if err != nil {
		return "", nil, err
	}
	parsed, err := modfile.Parse(file, body, nil)
	if err != nil {
		return "", nil, fmt.Errorf("parse: %w", err)
	}
	return filepath.Dir(file), parsed, nil
}

// A module as `go list -m -json` and `go mod download -json` describe it.
type goModule struct{ Path, Version, Dir string }

// goModules describes modules with `go <args> -json <paths>`.
func goModules(ctx context.Context, dir string, args []string, paths []string) ([]goModule, error) {
	cmd := exec.CommandContext(ctx, "go", append(append(args, "-json"), paths...)...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var modules []goModule
	for decoder := json.NewDecoder(bytes.NewReader(out)); decoder.More(); {
		var m goModule
		if err := decoder.Decode(&m); err != nil {
			return nil, fmt.Errorf("decode module info: %w", err)
		}
		modules = append(modules, m)
	}
	return modules, nil
}

// moduleSources is where each required module's source is: in vendor/ when the module vendors them (none
// downloaded then), else in the module cache, downloading those not there yet.
func moduleSources(ctx context.Context, dir string, paths []string) ([]goModule, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	modules, err := goModules(ctx, dir, []string{"list", "-m"}, paths)
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	vendor := filepath.Join(dir, "vendor")
	_, vendored := os.Stat(vendor)
	var missing []string
	for i, m := range modules {
		if m.Dir != "" {
			continue
		}
		if vendored == nil {
			if _, err := os.Stat(filepath.Join(vendor, m.Path)); err == nil {
				modules[i].Dir = filepath.Join(vendor, m.Path)
			}
		} else {
			missing = append(missing, m.Path)
		}
	}
	if len(missing) > 0 {
		downloaded, err := goModules(ctx, dir, []string{"mod", "download"}, missing)
		if err != nil {
			return nil, fmt.Errorf("go mod download: %w", err)
		}
		for _, d := range downloaded {
			for i := range modules {
				if modules[i].Path == d.Path && modules[i].Dir == "" {
					modules[i].Dir = d.Dir
				}
			}
		}
	}
	found := modules[:0]
	for _, m := range modules {
		if m.Dir != "" {
			found = append(found, m)
		}
	}
	return found, nil
}

// goRequiredPackages: the plugin of each required module with a pulumi-plugin.json saying `resource: true`
// (in the module's folder, its go/ folder, or a folder below either). A program outside a module needs none.
func goRequiredPackages(ctx context.Context, info *pulumirpc.ProgramInfo, out streams) ([]*pulumirpc.PackageDependency, error) {
	dir, mod, err := goMod(ctx, info.GetProgramDirectory())
	if err != nil {
		return []*pulumirpc.PackageDependency{}, nil
	}
	paths := make([]string, 0, len(mod.Require))
	for _, r := range mod.Require {
		paths = append(paths, r.Mod.Path)
	}
	modules, err := moduleSources(ctx, dir, paths)
	if err != nil {
		fmt.Fprintf(out.stderr, "GetRequiredPackages: Error finding module sources: %v\n", err)
		return []*pulumirpc.PackageDependency{}, nil
	}
	packages := []*pulumirpc.PackageDependency{}
	for _, m := range modules {
		if dep, err := goPlugin(m); err == nil {
			packages = append(packages, dep)
		}
	}
	return packages, nil
}

// goPlugin is the plugin a module says it needs: named in its pulumi-plugin.json, else by its path
// (github.com/pulumi/pulumi-aws/sdk/... needs aws), at the metadata's version, else the module's (a
// pseudo-version's release before it).
func goPlugin(m goModule) (*pulumirpc.PackageDependency, error) {
	candidates := []string{filepath.Join(m.Dir, "pulumi-plugin.json"), filepath.Join(m.Dir, "go", "pulumi-plugin.json")}
	for _, pattern := range []string{filepath.Join(m.Dir, "go", "*", "pulumi-plugin.json"), filepath.Join(m.Dir, "*", "pulumi-plugin.json")} {
		matches, _ := filepath.Glob(pattern)
		candidates = append(candidates, matches...)
	}
	var meta *plugin.PulumiPluginJSON
	for _, file := range candidates {
		read, err := plugin.LoadPulumiPluginJSON(file)
		if err == nil {
			meta = read
			break
		}
		if !os.IsNotExist(err) {
			return nil, err
		}
	}
	if meta == nil || !meta.Resource {
		return nil, errors.New("module is not a pulumi provider")
	}
	name := meta.Name
	if name == "" {
		parts := strings.Split(m.Path, "/")
		if len(parts) < 3 || !strings.Contains(parts[2], "-") {
			return nil, fmt.Errorf("no plugin name in %s", m.Path)
		}
		name = strings.SplitN(parts[2], "-", 2)[1]
	}
	version := meta.Version
	if version == "" {
		version = m.Version
	}
	v, err := semver.ParseTolerant(version)
	if err != nil {
		return nil, errors.New("module does not have semver compatible version")
	}
	if module.IsPseudoVersion(version) {
		// A commit after a release: the release is the plugin there is.
		if v.Major == 0 && v.Minor == 0 && v.Patch == 0 {
			return nil, errors.New("invalid pseudo-version with no prior tag")
		}
		version = fmt.Sprintf("v%d.%d.%d", v.Major, v.Minor, max(v.Patch, 1)-1)
	}
	return resourcePlugin(meta, name, version), nil
}

// goInstall: `go mod tidy`, as Pulumi's host installs a Go program's dependencies.
func goInstall(ctx context.Context, req *pulumirpc.InstallDependenciesRequest, out streams) (*pulumirpc.InstallDependenciesResponse, error) {
	fmt.Fprint(out.stdout, "Installing dependencies...\n\n")
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "go", "mod", "tidy", "-compat=1.18")
	cmd.Dir = req.GetInfo().GetProgramDirectory()
	cmd.Stdout, cmd.Stderr = out.stdout, io.MultiWriter(out.stderr, &stderr)
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("`go mod tidy` failed to install dependencies: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	fmt.Fprint(out.stdout, "Finished installing dependencies\n\n")
	return &pulumirpc.InstallDependenciesResponse{}, nil
}

// goAbout names the go command and what `go version` says (`pulumi about`).
func goAbout(ctx context.Context, _ *pulumirpc.AboutRequest, _ streams) (*pulumirpc.AboutResponse, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("could not find executable 'go': %w", err)
	}
	version, err := exec.CommandContext(ctx, gobin, "version").Output()
	if err != nil {
		return nil, fmt.Errorf("failed to execute '%s version'", gobin)
	}
	return &pulumirpc.AboutResponse{Executable: gobin, Version: strings.TrimSpace(string(version))}, nil
}

// goDependencies lists the modules the go.mod requires (the indirect ones when transitive ones are asked
// for); a module replaced by a folder has no version.
func goDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest, _ streams) (*pulumirpc.GetProgramDependenciesResponse, error) {
	_, mod, err := goMod(ctx, req.GetInfo().GetProgramDirectory())
	if err != nil {
		return nil, fmt.Errorf("load go.mod: %w", err)
	}
	replaced := map[string]bool{}
	for _, r := range mod.Replace {
		replaced[strings.TrimRight(r.Old.Path, "/")] = true
	}
	response := &pulumirpc.GetProgramDependenciesResponse{}
	for _, r := range mod.Require {
		if r.Indirect && !req.TransitiveDependencies {
			continue
		}
		version := r.Mod.Version
		if replaced[strings.TrimRight(r.Mod.Path, "/")] {
			version = ""
		}
		response.Dependencies = append(response.Dependencies, &pulumirpc.DependencyInfo{Name: r.Mod.Path, Version: version})
	}
	return response, nil
}

// goPack copies the SDK's module into the destination, in a folder named for its module path: a Go SDK
// is its source.
func goPack(_ context.Context, req *pulumirpc.PackRequest, _ streams) (*pulumirpc.PackResponse, error) {
	data, err := os.ReadFile(filepath.Join(req.PackageDirectory, "go.mod"))
	if err != nil {
		return nil, fmt.Errorf("read go.mod: %w", err)
	}
	mod, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		return nil, fmt.Errorf("parse go.mod: %w", err)
	}
	artifact := filepath.Join(req.DestinationDirectory, strings.ReplaceAll(mod.Module.Mod.Path, "/", "_"))
	if err := fsutil.CopyFile(artifact, req.PackageDirectory, nil); err != nil {
		return nil, fmt.Errorf("copy package: %w", err)
	}
	return &pulumirpc.PackResponse{ArtifactPath: artifact}, nil
}

// goLink replaces, in the program's go.mod, each package's module (and the Pulumi SDK's, when linked) by its
// folder, and says which import paths the program uses.
func goLink(_ context.Context, req *pulumirpc.LinkRequest, packages []linked, _ streams) (string, error) {
	replacements := map[string]string{}
	for _, dep := range req.Packages {
		if isPulumiSDK(dep) {
			replacements["github.com/pulumi/pulumi/sdk/v3"] = dep.Path
		}
	}
	var imports strings.Builder
	for _, p := range packages {
		modulePath := ""
		if info, ok := p.pkg.Language["go"].(gogen.GoPackageInfo); ok {
			modulePath = info.ModulePath
			if modulePath == "" && info.ImportBasePath != "" {
				modulePath = path.Dir(info.ImportBasePath)
			}
		}
		if modulePath == "" {
			modulePath = gogen.ExtractModulePath(p.pkg.Reference())
		}
		// A replace directive's folder must start with ./ when it is relative.
		replacement := p.path
		if !strings.HasPrefix(replacement, "./") && !filepath.IsAbs(replacement) {
			replacement = "./" + replacement
		}
		replacements[modulePath] = replacement
		fmt.Fprintf(&imports, "    \"%s\"\n", gogen.ExtractImportBasePath(p.pkg.Reference()))
	}
	file := filepath.Join(req.GetInfo().GetProgramDirectory(), "go.mod")
	stat, err := os.Stat(file)
	if err != nil {
		return "", fmt.Errorf("stat %s: %w", file, err)
	}
	body, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("reading go.mod: %w", err)
	}
	mod, err := modfile.Parse(file, body, nil)
	if err != nil {
		return "", fmt.Errorf("go.mod parse: %w", err)
	}
	for modulePath, dir := range replacements {
		if err := mod.AddReplace(modulePath, "", dir, ""); err != nil {
			return "", fmt.Errorf("could not add replace statement: %w", err)
		}
	}
	formatted, err := mod.Format()
	if err != nil {
		return "", fmt.Errorf("formatting go.mod: %w", err)
	}
	if err := os.WriteFile(file, formatted, stat.Mode().Perm()); err != nil {
		return "", fmt.Errorf("writing go.mod: %w", err)
	}
	heading := "You can import the SDK in your Go code with:\n\n  import (\n"
	if len(req.Packages) > 1 {
		heading = "You can import the SDKs in your Go code with:\n\n  import (\n"
	}
	return heading + imports.String() + "  )\n", nil
}
