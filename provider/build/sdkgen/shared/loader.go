// Package shared holds what the SDK generator and the YAML converter both need: the loader of our
// package (this file) and the conversion of a batch of programs (batch.go). It is a module of its own
// because the two build against different releases of pkg/v3 (pulumi-yaml pins an older one).
package shared

// Loader serves one Pulumi package from its schema to Pulumi's code generators, which take a loader
// of packages: it stands in for the plugin loader, which would start the plugin.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// Read reads a package's schema as Pulumi's tools read one.
func Read(schemaPath string) (schema.PackageSpec, error) {
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

// Loader serves the package of Spec, and no other: its schema references none.
type Loader struct{ Spec schema.PackageSpec }

// LoadPackage is the deprecated form of LoadPackageV2.
func (l Loader) LoadPackage(name string, version *semver.Version) (*schema.Package, error) {
	return l.LoadPackageV2(context.Background(), &schema.PackageDescriptor{Name: name, Version: version})
}

// LoadPackageV2 binds the package when it is the one served.
func (l Loader) LoadPackageV2(ctx context.Context, descriptor *schema.PackageDescriptor) (*schema.Package, error) {
	ref, err := l.LoadPackageReferenceV2(ctx, descriptor)
	if err != nil {
		return nil, err
	}
	return ref.Definition()
}

// LoadPackageReference is the deprecated form of LoadPackageReferenceV2.
func (l Loader) LoadPackageReference(name string, version *semver.Version) (schema.PackageReference, error) {
	return l.LoadPackageReferenceV2(context.Background(), &schema.PackageDescriptor{Name: name, Version: version})
}

// LoadPackageReferenceV2 binds the package when it is the one served, whatever version is asked.
func (l Loader) LoadPackageReferenceV2(_ context.Context, descriptor *schema.PackageDescriptor) (schema.PackageReference, error) {
	if descriptor.Name != l.Spec.Name {
		return nil, fmt.Errorf("package %q is not %q, the only one this tool knows", descriptor.Name, l.Spec.Name)
	}
	// BindSpec, not ImportSpec: its signature is the same in both releases of pkg/v3.
	pkg, diags, err := schema.BindSpec(l.Spec, l, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return pkg.Reference(), nil
}
