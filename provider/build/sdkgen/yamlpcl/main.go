// Command yamlpcl turns Pulumi YAML programs into PCL, Pulumi's program language, with pulumi-yaml's
// own converter (what `pulumi convert --from yaml` runs), against the package of a schema. It is a
// module of its own because pulumi-yaml builds against an older pkg/v3 than the SDK generator.
//
//	yamlpcl <schema.json> < {"name": "<YAML program>", ...} > {"name": "<PCL program>", ...}
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml"
	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"

	"pulumi-chatwoot/provider/build/sdkgen/specloader"
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
	spec, err := specloader.Read(os.Args[1])
	if err != nil {
		return err
	}
	loader := specloader.Loader{Spec: spec}
	var programs map[string]string
	if err := json.NewDecoder(os.Stdin).Decode(&programs); err != nil {
		return err
	}
	names := make([]string, 0, len(programs))
	for name := range programs {
		names = append(names, name)
	}
	sort.Strings(names)
	converted := map[string]string{}
	var failures []string
	for _, name := range names {
		template, diags, err := pulumiyaml.LoadYAMLBytes(name+".yaml", []byte(programs[name]))
		if err == nil && diags.HasErrors() {
			err = diags
		}
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		pcl, hclDiags, err := codegen.ConvertTemplateIL(template, loader)
		if err == nil && hclDiags.HasErrors() {
			err = hclDiags
		}
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		converted[name] = pcl
	}
	if len(failures) > 0 {
		return fmt.Errorf("these programs cannot be converted:\n%s", strings.Join(failures, "\n"))
	}
	return json.NewEncoder(os.Stdout).Encode(converted)
}
