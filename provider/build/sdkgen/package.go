package main

import (
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"pulumi-chatwoot/provider/build/sdkgen/shared"
)

// bindPackage binds (and validates) the schema, as `pulumi package gen-sdk` does before generating.
func bindPackage(spec schema.PackageSpec) (*schema.Package, error) {
	pkg, diags, err := schema.BindSpec(spec, shared.Loader{Spec: spec}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return pkg, nil
}
