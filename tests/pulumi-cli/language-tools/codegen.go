package main

// GenerateProgram, GenerateProject and GeneratePackage: a PCL program (what `pulumi import` and
// `pulumi convert` make) or a package's schema (`pulumi package gen-sdk`, `pulumi package add`) in
// a host's language, with Pulumi's generators and the schemas the engine's loader serves, each
// language binding and generating as Pulumi's host of that language does.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/proto"
)

// What a language's generators are, as its host calls them.
type generators struct {
	// Whether GenerateProgram binds as the request asks (strictly or not); Go's host always binds strictly.
	honoursStrict bool
	program       func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
	// project writes the project (the program, its Pulumi.yaml and package files) into a directory.
	project func(dir string, project workspace.Project, program *pcl.Program, localDependencies map[string]string) error
	// sdk is the package's files, relative to the directory asked for.
	sdk func(pkg *schema.Package, request *pulumirpc.GeneratePackageRequest, loader schema.ReferenceLoader) (map[string][]byte, error)
}

// codegenMethods are the three methods of a language's generators.
func codegenMethods(g generators) map[string]method {
	return map[string]method{
		"GenerateProgram": unary(func() *pulumirpc.GenerateProgramRequest { return &pulumirpc.GenerateProgramRequest{} }, g.generateProgram),
		"GenerateProject": unary(func() *pulumirpc.GenerateProjectRequest { return &pulumirpc.GenerateProjectRequest{} }, g.generateProject),
		"GeneratePackage": unary(func() *pulumirpc.GeneratePackageRequest { return &pulumirpc.GeneratePackageRequest{} }, g.generatePackage),
	}
}

// withLoader runs f with the engine's schema loader at target, cached as Pulumi's hosts cache it.
func withLoader[T any](target string, f func(schema.ReferenceLoader) (T, error)) (T, error) {
	var zero T
	if target == "" {
		return zero, errors.New("the request names no schema loader (loader_target)")
	}
	client, err := schema.NewLoaderClient(target)
	if err != nil {
		return zero, err
	}
	defer client.Close()
	return f(schema.NewCachedLoader(client))
}

// bindOptions are the options a program is bound with: output-versioned invokes, as every host prefers them, and
// the non-strict ones unless the request is strict.
func bindOptions(strict bool) []pcl.BindOption {
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	return options
}

func (g generators) generateProgram(_ context.Context, req *pulumirpc.GenerateProgramRequest, _ streams) (proto.Message, error) {
	return withLoader(req.LoaderTarget, func(loader schema.ReferenceLoader) (proto.Message, error) {
		parser := syntax.NewParser()
		names := make([]string, 0, len(req.Source))
		for name := range req.Source {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if err := parser.ParseFile(strings.NewReader(req.Source[name]), name); err != nil {
				return nil, err
			}
			if parser.Diagnostics.HasErrors() {
				return nil, parser.Diagnostics
			}
		}
		program, diags, err := pcl.BindProgram(parser.Files, loader, bindOptions(req.Strict || !g.honoursStrict)...)
		if err != nil {
			return nil, err
		}
		response := &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}
		if diags.HasErrors() {
			return response, nil
		}
		files, diags, err := g.program(program)
		if err != nil {
			return nil, err
		}
		response.Source = files
		response.Diagnostics = append(response.Diagnostics, plugin.HclDiagnosticsToRPCDiagnostics(diags)...)
		return response, nil
	})
}

func (g generators) generateProject(_ context.Context, req *pulumirpc.GenerateProjectRequest, _ streams) (proto.Message, error) {
	return withLoader(req.LoaderTarget, func(loader schema.ReferenceLoader) (proto.Message, error) {
		program, diags, err := pcl.BindDirectory(req.SourceDirectory, loader, bindOptions(req.Strict)...)
		if err != nil {
			return nil, err
		}
		response := &pulumirpc.GenerateProjectResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}
		if diags.HasErrors() {
			return response, nil
		}
		var project workspace.Project
		if err := json.Unmarshal([]byte(req.Project), &project); err != nil {
			return nil, fmt.Errorf("the request's project: %w", err)
		}
		if err := g.project(req.TargetDirectory, project, program, req.LocalDependencies); err != nil {
			return nil, err
		}
		return response, nil
	})
}

func (g generators) generatePackage(_ context.Context, req *pulumirpc.GeneratePackageRequest, _ streams) (proto.Message, error) {
	return withLoader(req.LoaderTarget, func(loader schema.ReferenceLoader) (proto.Message, error) {
		var spec schema.PackageSpec
		if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
			return nil, fmt.Errorf("the request's schema: %w", err)
		}
		pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{AllowDanglingReferences: true})
		if err != nil {
			return nil, err
		}
		response := &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}
		if diags.HasErrors() {
			return response, nil
		}
		files, err := g.sdk(pkg, req, loader)
		if err != nil {
			return nil, err
		}
		return response, writeFiles(req.Directory, files)
	})
}

// writeFiles writes files (paths relative to dir, slash-separated) under dir, readable by the user alone, as
// Pulumi's hosts write what they generate.
func writeFiles(dir string, files map[string][]byte) error {
	for name, data := range files {
		at := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(at), 0o700); err != nil {
			return fmt.Errorf("could not create output directory %s: %w", filepath.Dir(name), err)
		}
		if err := os.WriteFile(at, data, 0o600); err != nil {
			return fmt.Errorf("could not write output file %s: %w", name, err)
		}
	}
	return nil
}
