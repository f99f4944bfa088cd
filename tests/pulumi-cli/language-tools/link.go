package main

// What every language's Link (`pulumi package add`, `pulumi convert` of a program with package
// blocks) starts from: each dependency's schema, from the engine's loader, with the language's own
// section of it decoded.

import (
	"context"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// A package to link into a program: where its SDK is, and its schema.
type linked struct {
	path string
	ref  schema.PackageReference
	pkg  *schema.Package
}

// versionOf is a dependency's version, or none when it is not one (the engine's loader then serves any).
func versionOf(text string) *semver.Version {
	v, err := semver.New(text)
	if err != nil {
		return nil
	}
	return v
}

// descriptor is what the loader is asked for a dependency.
func descriptor(dep *pulumirpc.PackageDependency) *schema.PackageDescriptor {
	d := &schema.PackageDescriptor{Name: dep.Name, Version: versionOf(dep.Version), DownloadURL: dep.Server}
	if p := dep.Parameterization; p != nil {
		d.Parameterization = &schema.ParameterizationDescriptor{Name: p.Name, Value: p.Value}
		if v := versionOf(p.Version); v != nil {
			d.Parameterization.Version = *v
		}
	}
	return d
}

// linkedPackages loads the schema of each dependency of a Link request but those skip leaves out (the
// Pulumi SDK itself, which has none), its language section decoded with importer.
func linkedPackages(
	ctx context.Context, loader schema.ReferenceLoader, req *pulumirpc.LinkRequest,
	language string, importer schema.Language, skip func(*pulumirpc.LinkRequest_LinkDependency) bool,
) ([]linked, error) {
	var packages []linked
	for _, dep := range req.Packages {
		if skip(dep) {
			continue
		}
		ref, err := schema.LoadPackageReferenceV2(ctx, loader, descriptor(dep.Package))
		if err != nil {
			return nil, err
		}
		pkg, err := ref.Definition()
		if err != nil {
			return nil, err
		}
		if err := pkg.ImportLanguages(map[string]schema.Language{language: importer}); err != nil {
			return nil, err
		}
		packages = append(packages, linked{path: dep.Path, ref: ref, pkg: pkg})
	}
	return packages, nil
}

// linkMethod is a language's Link: link, given the packages, answers with the instructions to show.
func linkMethod(
	language string, importer schema.Language, skip func(*pulumirpc.LinkRequest_LinkDependency) bool,
	link func(ctx context.Context, req *pulumirpc.LinkRequest, packages []linked, out streams) (string, error),
) method {
	return unary(func() *pulumirpc.LinkRequest { return &pulumirpc.LinkRequest{} },
		func(ctx context.Context, req *pulumirpc.LinkRequest, out streams) (*pulumirpc.LinkResponse, error) {
			return withLoader(req.LoaderTarget, func(loader schema.ReferenceLoader) (*pulumirpc.LinkResponse, error) {
				packages, err := linkedPackages(ctx, loader, req, language, importer, skip)
				if err != nil {
					return nil, err
				}
				instructions, err := link(ctx, req, packages, out)
				if err != nil {
					return nil, err
				}
				return &pulumirpc.LinkResponse{ImportInstructions: instructions}, nil
			})
		})
}

// none skips no dependency.
func none(*pulumirpc.LinkRequest_LinkDependency) bool { return false }

// isPulumiSDK is the Pulumi SDK itself, which has no schema: a host links it by its own name.
func isPulumiSDK(dep *pulumirpc.LinkRequest_LinkDependency) bool { return dep.Package.Name == "pulumi" }
