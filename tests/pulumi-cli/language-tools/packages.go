package main

// What GetRequiredPackages answers in every language: the resource plugins the program's installed
// packages (npm packages, Python distributions, Go modules) say they need, each from the package's
// Pulumi plugin metadata (`pulumi` in a package.json, a pulumi-plugin.json beside the code), so that
// the engine installs them before the program runs and `pulumi import` knows which plugin serves a
// package.

import (
	"context"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// resourcePlugin is the dependency on the resource plugin named name at version (`v` added where it has
// none), with the metadata's download server and parameterization.
func resourcePlugin(meta *plugin.PulumiPluginJSON, name, version string) *pulumirpc.PackageDependency {
	if !strings.HasPrefix(version, "v") {
		version = "v" + version
	}
	dep := &pulumirpc.PackageDependency{Name: name, Kind: "resource", Version: version, Server: meta.Server}
	if p := meta.Parameterization; p != nil {
		dep.Parameterization = &pulumirpc.PackageParameterization{Name: p.Name, Version: p.Version, Value: p.Value}
	}
	return dep
}

// requiredPackages makes a GetRequiredPackages method of a function that finds them.
func requiredPackages(find func(ctx context.Context, info *pulumirpc.ProgramInfo, out streams) ([]*pulumirpc.PackageDependency, error)) method {
	return unary(func() *pulumirpc.GetRequiredPackagesRequest { return &pulumirpc.GetRequiredPackagesRequest{} },
		func(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest, out streams) (*pulumirpc.GetRequiredPackagesResponse, error) {
			packages, err := find(ctx, req.GetInfo(), out)
			if err != nil {
				return nil, err
			}
			return &pulumirpc.GetRequiredPackagesResponse{Packages: packages}, nil
		})
}
