package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"pulumi-chatwoot/provider/build/sdkgen/shared"
)

// A program in the languages of the generated SDKs.
type program struct {
	Python string `json:"python"`
	Go     string `json:"go"`
}

// The generators of programs, and the file each writes the program to.
var generators = []struct {
	file     string
	generate func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
	set      func(*program, string)
}{
	{"__main__.py", python.GenerateProgram, func(p *program, text string) { p.Python = text }},
	{"main.go", gogen.GenerateProgram, func(p *program, text string) { p.Go = text }},
}

// convertPrograms reads PCL programs by name (JSON) and writes each in Python and Go (JSON), binding
// them strictly against the schema's package as `pulumi convert` does.
func convertPrograms(schemaPath string, in io.Reader, out io.Writer) error {
	spec, err := shared.Read(schemaPath)
	if err != nil {
		return err
	}
	return shared.ConvertAll(in, out, func(name, source string) (program, error) {
		var p program
		for _, g := range generators {
			// Each generator annotates the program it is given: one binding each.
			bound, err := bindProgram(name, source, shared.Loader{Spec: spec})
			if err != nil {
				return p, err
			}
			files, diags, err := g.generate(bound)
			if err == nil && diags.HasErrors() {
				err = diags
			}
			if err != nil {
				return p, fmt.Errorf("%s: %w", g.file, err)
			}
			text := string(files[g.file])
			if g.file == "main.go" {
				text = shared.FixGoProgram(bound.Packages()[0], text)
			}
			g.set(&p, text)
		}
		return p, nil
	})
}

// bindProgram parses and binds one PCL program.
func bindProgram(name, source string, loader schema.ReferenceLoader) (*pcl.Program, error) {
	parser := syntax.NewParser()
	if err := parser.ParseFile(strings.NewReader(source), name+".pp"); err != nil {
		return nil, err
	}
	if parser.Diagnostics.HasErrors() {
		return nil, parser.Diagnostics
	}
	bound, diags, err := pcl.BindProgram(parser.Files, loader, pcl.PreferOutputVersionedInvokes)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return bound, nil
}
