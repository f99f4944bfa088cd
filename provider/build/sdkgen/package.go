package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// loadSpec reads the plugin's schema as Pulumi's tools read one.
func loadSpec(schemaPath string) (schema.PackageSpec, error) {
	var spec schema.PackageSpec
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return spec, err
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		return spec, fmt.Errorf("%s: %w", schemaPath, err)
	}
	return spec, nil
}

// bindPackage binds (and validates) the schema.
func bindPackage(spec schema.PackageSpec) (*schema.Package, error) {
	pkg, diags, err := schema.BindSpec(spec, specLoader{spec}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return pkg, nil
}

// specLoader serves our package, from its schema, and no other: the schema references none, and the
// programs converted use only it. It stands in for the plugin loader, which would start the plugin.
type specLoader struct{ spec schema.PackageSpec }

func (l specLoader) LoadPackage(name string, version *semver.Version) (*schema.Package, error) {
	return l.LoadPackageV2(context.Background(), &schema.PackageDescriptor{Name: name, Version: version})
}

func (l specLoader) LoadPackageV2(ctx context.Context, descriptor *schema.PackageDescriptor) (*schema.Package, error) {
	ref, err := l.LoadPackageReferenceV2(ctx, descriptor)
	if err != nil {
		return nil, err
	}
	return ref.Definition()
}

func (l specLoader) LoadPackageReference(name string, version *semver.Version) (schema.PackageReference, error) {
	return l.LoadPackageReferenceV2(context.Background(), &schema.PackageDescriptor{Name: name, Version: version})
}

func (l specLoader) LoadPackageReferenceV2(_ context.Context, descriptor *schema.PackageDescriptor) (schema.PackageReference, error) {
	if descriptor.Name != l.spec.Name {
		return nil, fmt.Errorf("package %q is not %q, the only one this tool knows", descriptor.Name, l.spec.Name)
	}
	pkg, err := schema.ImportSpec(l.spec, nil, l, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}
