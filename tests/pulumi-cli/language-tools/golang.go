package main

// The Go host's methods that are Pulumi's Go packages: its generators (Go programs, projects and
// SDKs), each program corrected where Go's program generator gets a Pulumi Go SDK wrong
// (provider/build/sdkgen/shared, which the reference pages' examples go through too).

import (
	"errors"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-chatwoot/provider/build/sdkgen/shared"
)

var goMethods = merge(
	codegenMethods(generators{
		program: func(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
			files, diags, err := gogen.GenerateProgram(program)
			return fixGoProgram(program, files), diags, err
		},
		project: goProject,
		sdk: func(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest, _ schema.ReferenceLoader) (map[string][]byte, error) {
			if len(req.ExtraFiles) > 0 {
				return nil, errors.New("overlays are not supported for Go")
			}
			return gogen.GeneratePackage("pulumi-language-go", pkg, req.LocalDependencies)
		},
	}),
	goModuleMethods,
)

// fixGoProgram corrects the program's Go files for each package it uses.
func fixGoProgram(program *pcl.Program, files map[string][]byte) map[string][]byte {
	packages, err := program.PackageSnapshots()
	if err != nil {
		return files
	}
	for name, text := range files {
		if filepath.Ext(name) != ".go" {
			continue
		}
		for _, pkg := range packages {
			text = []byte(shared.FixGoProgram(pkg, string(text)))
		}
		files[name] = text
	}
	return files
}

// goProject writes the project as Go's generator makes it (its Pulumi.yaml at the root, the rest in
// `main:`), its program corrected.
func goProject(dir string, project workspace.Project, program *pcl.Program, local map[string]string) error {
	files, diags, err := gogen.GenerateProjectFiles(project, program, local)
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	files = fixGoProgram(program, files)
	main := map[string][]byte{}
	for name, data := range files {
		if name != "Pulumi.yaml" {
			main[name] = data
			delete(files, name)
		}
	}
	if err := writeFiles(filepath.Join(dir, project.Main), main); err != nil {
		return err
	}
	return writeFiles(dir, files)
}
