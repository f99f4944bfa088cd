package shared

// FixGoProgram: what Go's program generator gets wrong for Pulumi's own Go SDKs, which
// `pulumi convert` and `pulumi import` (through a language host) and the reference pages' examples
// (../programs.go) all meet.

import (
	"regexp"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// FixGoProgram corrects, in a Go program using pkg (imported under its name), what Go's program
// generator (pkg/v3 v3.248.0) gets wrong for the SDK Go's package generator writes from the same
// schema: each a bug the reference pages' examples' test (vet, then a run under mocks) finds.
func FixGoProgram(pkg *schema.Package, text string) string {
	alias := regexp.QuoteMeta(pkg.Name)
	// An apply's result of a list of objects is asserted to pulumi.ArrayOutput, where the SDK registers
	// the list's own output type (<Type>ArrayOutput): the program panics at run time.
	arrayApply := regexp.MustCompile(`(?s)(ApplyT\(func\([^)]*\) \(\[\]` + alias + `\.(\w+), error\) \{.*?\}\))\.\(pulumi\.ArrayOutput\)`)
	text = arrayApply.ReplaceAllString(text, "$1.("+pkg.Name+".${2}ArrayOutput)")
	return lookupNames(pkg, text)
}

// lookupNames renames the data sources the Go SDK calls Lookup<X> (its generator renames get<X> when
// a resource X has a Get<X> getter) but Go's program generator calls Get<X>: it recognises the
// renamed ones only in tokens of the form `pkg:index/get<X>:get<X>`, not `pkg:index:get<X>`
// (pkg/v3 v3.248.0, codegen/go/gen_program.go, useLookupInvokeForm).
func lookupNames(pkg *schema.Package, text string) string {
	alias := regexp.QuoteMeta(pkg.Name)
	for _, fn := range pkg.Functions {
		name := fn.Token[strings.LastIndex(fn.Token, ":")+1:]
		if !strings.HasPrefix(name, "get") {
			continue
		}
		for _, r := range pkg.Resources {
			if r.Token[strings.LastIndex(r.Token, ":")+1:] == name[3:] {
				getter := regexp.MustCompile(`\b` + alias + `\.Get` + name[3:] + `(Output|Args|OutputArgs|Result|ResultOutput)?\b`)
				text = getter.ReplaceAllString(text, pkg.Name+".Lookup"+name[3:]+"$1")
			}
		}
	}
	return text
}
