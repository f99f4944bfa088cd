package main

// The Node.js host's GetRequiredPackages: every package under a node_modules folder of the program's
// directory (links followed, policy packs left out: their plugins are not the program's) whose
// package.json says `"pulumi": { "resource": true }`, as Pulumi's host finds them; and a warning
// when copies of @pulumi/pulumi of different major versions are installed.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// The part of a package.json this reads.
type packageJSON struct {
	Name    string                  `json:"name"`
	Version string                  `json:"version"`
	Pulumi  plugin.PulumiPluginJSON `json:"pulumi"`
}

// A walk of a program's folders for the packages it installed.
type nodeModulesWalk struct {
	visited  map[string]bool
	packages []*pulumirpc.PackageDependency
	// The version of each copy of @pulumi/pulumi, by its package.json.
	sdks     map[string]semver.Version
	problems []error
}

func nodejsRequiredPackages(_ context.Context, info *pulumirpc.ProgramInfo, out streams) ([]*pulumirpc.PackageDependency, error) {
	w := &nodeModulesWalk{visited: map[string]bool{}, sdks: map[string]semver.Version{}}
	w.walk(info.GetProgramDirectory(), false)
	w.warnOfSdkVersions(out)
	// Pulumi's host does not fail for what it cannot read: it says so in its log.
	for _, problem := range w.problems {
		fmt.Fprintf(out.stderr, "one or more errors while discovering plugins: %v\n", problem)
	}
	return w.packages, nil
}

func (w *nodeModulesWalk) walk(dir string, inNodeModules bool) {
	dir, err := filepath.Abs(dir)
	if err != nil || w.visited[dir] {
		return
	}
	w.visited[dir] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.problems = append(w.problems, fmt.Errorf("reading plugin dir %s: %w", dir, err))
		return
	}
	for _, entry := range entries {
		at := filepath.Join(dir, entry.Name())
		isDir := entry.IsDir()
		if entry.Type()&os.ModeSymlink != 0 {
			resolved, err := filepath.EvalSymlinks(at)
			if err != nil {
				w.problems = append(w.problems, fmt.Errorf("resolving link in plugin dir %s: %w", at, err))
				continue
			}
			at = resolved
			stat, err := os.Stat(at)
			if err != nil {
				w.problems = append(w.problems, err)
				continue
			}
			isDir = stat.IsDir()
		}
		switch {
		case isDir:
			if policyPack, err := workspace.DetectPolicyPackPathAt(at); err != nil || policyPack != "" {
				continue
			}
			w.walk(at, inNodeModules || filepath.Base(dir) == "node_modules")
		case inNodeModules && entry.Name() == "package.json":
			w.read(at)
		}
	}
}

// read takes in one installed package's package.json.
func (w *nodeModulesWalk) read(file string) {
	raw, err := os.ReadFile(file)
	if err != nil {
		w.problems = append(w.problems, fmt.Errorf("reading package.json %s: %w", file, err))
		return
	}
	var info packageJSON
	if err := json.Unmarshal(raw, &info); err != nil {
		w.problems = append(w.problems, fmt.Errorf("unmarshaling package.json %s: %w", file, err))
		return
	}
	if info.Name == "@pulumi/pulumi" {
		if v, err := semver.Parse(info.Version); err == nil {
			w.sdks[file] = v
		} else {
			w.problems = append(w.problems, fmt.Errorf("Could not understand version %s in '%s': %w", info.Version, file, err))
		}
	}
	if !info.Pulumi.Resource {
		return
	}
	name, err := nodejsPluginName(info)
	if err == nil && info.Pulumi.Version == "" && info.Version == "" {
		err = errors.New("Missing expected \"version\" property")
	}
	if err != nil {
		w.problems = append(w.problems, fmt.Errorf("unmarshaling package.json %s: %w", file, err))
		return
	}
	version := info.Pulumi.Version
	if version == "" {
		version = info.Version
	}
	w.packages = append(w.packages, resourcePlugin(&info.Pulumi, name, version))
}

// nodejsPluginName is a package's plugin: `pulumi.name`, else the name of a package of the @pulumi scope; a
// package of another scope must name its plugin.
func nodejsPluginName(info packageJSON) (string, error) {
	switch {
	case info.Pulumi.Name != "":
		return info.Pulumi.Name, nil
	case info.Name == "":
		return "", errors.New("missing expected \"name\" property")
	case strings.HasPrefix(info.Name, "@pulumi/"):
		return strings.TrimPrefix(info.Name, "@pulumi/"), nil
	}
	return "", fmt.Errorf("Missing property \"name\" for the third-party plugin '%v' inside package.json under the \"pulumi\" section.", info.Name)
}

// warnOfSdkVersions says, as Pulumi's host does, when two copies of @pulumi/pulumi differ in their major
// version: the program's resources and the packages' would not be registered by one SDK.
func (w *nodeModulesWalk) warnOfSdkVersions(out streams) {
	files := make([]string, 0, len(w.sdks))
	for file := range w.sdks {
		files = append(files, file)
	}
	sort.Strings(files)
	for _, file := range files[min(1, len(files)):] {
		first, other := w.sdks[files[0]], w.sdks[file]
		if first.Major != other.Major {
			fmt.Fprintf(out.stderr, "Found incompatible versions of @pulumi/pulumi. Differing major versions are not supported.\n"+
				"  Version %s referenced at %s\n  Version %s referenced at %s\n", first, files[0], other, file)
			return
		}
	}
}
