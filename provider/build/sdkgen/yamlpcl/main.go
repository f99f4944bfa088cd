// Command yamlpcl turns Pulumi YAML programs into PCL, Pulumi's program language, with pulumi-yaml's
// own converter (what `pulumi convert --from yaml` runs), against the package of a schema. It is a
// module of its own because pulumi-yaml builds against an older pkg/v3 than the SDK generator.
//
//	yamlpcl <schema.json> < {"name": "<YAML program>", ...} > {"name": "<PCL program>", ...}
package main

import (
	"fmt"
	"os"

	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml"
	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"

	"pulumi-chatwoot/provider/build/sdkgen/shared"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "yamlpcl: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	if len(os.Args) != 2 {
		return fmt.Errorf("usage: yamlpcl <schema.json> < programs.json")
	}
	spec, err := shared.Read(os.Args[1])
	if err != nil {
		return err
	}
	loader := shared.Loader{Spec: spec}
	return shared.ConvertAll(os.Stdin, os.Stdout, func(name, source string) (string, error) {
		template, diags, err := pulumiyaml.LoadYAMLBytes(name+".yaml", []byte(source))
		if err == nil && diags.HasErrors() {
			err = diags
		}
		if err != nil {
			return "", err
		}
		pcl, hclDiags, err := codegen.ConvertTemplateIL(template, loader)
		if err == nil && hclDiags.HasErrors() {
			err = hclDiags
		}
		return pcl, err
	})
}
