package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The tool name the generators write into each file's "do not edit" header.
const tool = "pulumi-chatwoot sdkgen"

// The Pulumi Go SDK the Go SDK builds against: the version the rest of the repository pins.
const goSDKVersion = "v3.248.0"

// writeSDKs writes every SDK under out, each into a folder of its own that it empties first.
func writeSDKs(schemaPath, out string) error {
	spec, err := loadSpec(schemaPath)
	if err != nil {
		return err
	}
	// Each generator reads (and annotates) the bound package: one binding each.
	pyPkg, err := bindPackage(spec)
	if err != nil {
		return err
	}
	pyFiles, err := python.GeneratePackage(tool, pyPkg, nil, nil)
	if err != nil {
		return fmt.Errorf("python: %w", err)
	}
	// pyproject.toml names README.md beside it; the generator writes the package's README inside the package.
	pyFiles["README.md"] = pyFiles["pulumi_chatwoot/README.md"]
	if err := writeTree(filepath.Join(out, "python"), pyFiles); err != nil {
		return err
	}

	goPkg, err := bindPackage(spec)
	if err != nil {
		return err
	}
	goFiles, err := gogen.GeneratePackage(tool, goPkg, nil)
	if err != nil {
		return fmt.Errorf("go: %w", err)
	}
	modulePath, err := goImportBasePath(goPkg)
	if err != nil {
		return err
	}
	// The generator writes each Go package in a folder of its name, and a go.mod only for "support packs"
	// (requiring an old SDK): the module is the package folder, with its own go.mod.
	goFiles["chatwoot/go.mod"] = []byte(fmt.Sprintf("module %s\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 %s\n", modulePath, goSDKVersion))
	return writeTree(filepath.Join(out, "go"), goFiles)
}

// goImportBasePath is the schema's language.go.importBasePath: the Go SDK's module path.
func goImportBasePath(pkg *schema.Package) (string, error) {
	info, ok := pkg.Language["go"].(gogen.GoPackageInfo)
	if !ok || info.ImportBasePath == "" {
		return "", fmt.Errorf("the schema sets no language.go.importBasePath")
	}
	return info.ImportBasePath, nil
}

// writeTree replaces dir's files with files (paths relative to dir), but a go.sum, which `go mod tidy`
// writes beside the generated go.mod, and what building the Python package leaves (ignored by git).
func writeTree(dir string, files map[string][]byte) error {
	if err := removeGenerated(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		at := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(at, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Left by `pip install ./sdk/python` and Python itself, and ignored by the generated .gitignore.
var buildLeftovers = regexp.MustCompile(`^(build|dist|__pycache__|\.mypy_cache|.*\.egg-info)$`)

// removeGenerated deletes every file under dir but go.sum files and build leftovers, so a type that is
// gone leaves no file behind.
func removeGenerated(dir string) error {
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && buildLeftovers.MatchString(d.Name()):
			return filepath.SkipDir
		case !d.IsDir() && d.Name() != "go.sum":
			return os.Remove(path)
		}
		return nil
	})
	if os.IsNotExist(err) {
		return nil
	}
	return err
}
