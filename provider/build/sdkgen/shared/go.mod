module pulumi-chatwoot/provider/build/sdkgen/shared

go 1.24.7

require (
	github.com/blang/semver v3.5.1+incompatible
	github.com/pulumi/pulumi/pkg/v3 v3.206.0
)
