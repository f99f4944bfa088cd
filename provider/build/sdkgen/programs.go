package main

import (
	"fmt"
	"io"
	"regexp"
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

// The Go program generator asserts an apply's result of a list of objects to pulumi.ArrayOutput, where
// the SDK registers the list's own output type (<Type>ArrayOutput): the program panics at run time.
var goArrayApply = regexp.MustCompile(`(?s)(ApplyT\(func\([^)]*\) \(\[\]chatwoot\.(\w+), error\) \{.*?\}\))\.\(pulumi\.ArrayOutput\)`)

// goFixups corrects, in a Go program, what Go's program generator (pkg/v3 v3.248.0) gets wrong for
// this SDK, each a bug of the generator the examples' test (vet, then a run under mocks) finds.
func goFixups(pkg *schema.Package, text string) string {
	text = goArrayApply.ReplaceAllString(text, "$1.(chatwoot.${2}ArrayOutput)")
	return goLookupNames(pkg, text)
}

// goLookupNames renames, in a Go program, the data sources the Go SDK calls Lookup<X> (its generator
// renames get<X> when a resource X has a Get<X> getter) but Go's program generator calls Get<X>: it
// recognises the renamed ones only in tokens of the form `pkg:index/get<X>:get<X>`, and ours are
// `chatwoot:index:get<X>` (pkg/v3 v3.248.0, codegen/go/gen_program.go, useLookupInvokeForm).
func goLookupNames(pkg *schema.Package, text string) string {
	for _, fn := range pkg.Functions {
		name := fn.Token[strings.LastIndex(fn.Token, ":")+1:]
		if !strings.HasPrefix(name, "get") {
			continue
		}
		for _, r := range pkg.Resources {
			if r.Token[strings.LastIndex(r.Token, ":")+1:] == name[3:] {
				getter := regexp.MustCompile(`\bchatwoot\.Get` + name[3:] + `(Output|Args|OutputArgs|Result|ResultOutput)?\b`)
				text = getter.ReplaceAllString(text, "chatwoot.Lookup"+name[3:]+"$1")
			}
		}
	}
	return text
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
				text = goFixups(bound.Packages()[0], text)
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
