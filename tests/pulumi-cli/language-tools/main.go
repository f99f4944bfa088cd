// Command language-tools does, for the checkout's stand-in language hosts (../language-host.js and
// the Python and Go hosts beside it), the parts of Pulumi's language hosts that are Pulumi's own Go
// packages: programs, projects and SDKs from Pulumi's generators (pkg/v3/codegen), the Node.js
// package managers (sdk/v3/nodejs/npm), the Python toolchains (sdk/v3/python/toolchain) and go.mod
// files. `npm run setup:pulumi` builds it beside the CLI.
//
//	language-tools <nodejs|python|go> <Method>
//
// reads the LanguageRuntime method's request (protobuf) on stdin and writes its response
// (protobuf) on file descriptor 3, or, exiting 1, the error's message there. What the method's work
// prints (npm's or pip's output, say) goes to stdout and stderr, which the host passes on to the
// engine as Pulumi's host does.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"

	"google.golang.org/protobuf/proto"
)

// The output of a method's work, which the host passes on.
type streams struct{ stdout, stderr io.Writer }

// A LanguageRuntime method: a fresh request to decode into, and what answers it.
type method struct {
	request func() proto.Message
	serve   func(ctx context.Context, request proto.Message, out streams) (proto.Message, error)
}

// unary makes a method of a function of its own request type.
func unary[Req, Resp proto.Message](newRequest func() Req, serve func(context.Context, Req, streams) (Resp, error)) method {
	return method{
		request: func() proto.Message { return newRequest() },
		serve: func(ctx context.Context, request proto.Message, out streams) (proto.Message, error) {
			response, err := serve(ctx, request.(Req), out)
			if err != nil {
				return nil, err
			}
			return response, nil
		},
	}
}

// The methods each language's host asks for, by the service's method names.
var languages = map[string]map[string]method{
	"nodejs": nodejsMethods,
	"python": pythonMethods,
	"go":     goMethods,
}

func main() {
	answer := os.NewFile(3, "answer")
	if answer == nil {
		fmt.Fprintln(os.Stderr, "language-tools: file descriptor 3 (the answer) is not open")
		os.Exit(2)
	}
	response, err := run(os.Args[1:], os.Stdin)
	if err == nil {
		var bytes []byte
		if bytes, err = proto.Marshal(response); err == nil {
			_, err = answer.Write(bytes)
		}
	}
	if err != nil {
		fmt.Fprint(answer, err.Error())
		os.Exit(1)
	}
}

// run answers one method's request.
func run(args []string, in io.Reader) (proto.Message, error) {
	if len(args) != 2 {
		return nil, fmt.Errorf("usage: language-tools <%s> <Method>", strings.Join(languageNames(), "|"))
	}
	methods, ok := languages[args[0]]
	if !ok {
		return nil, fmt.Errorf("no language %q (these are: %s)", args[0], strings.Join(languageNames(), ", "))
	}
	m, ok := methods[args[1]]
	if !ok {
		return nil, fmt.Errorf("the %s host does not answer %s here", args[0], args[1])
	}
	raw, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	request := m.request()
	if err := proto.Unmarshal(raw, request); err != nil {
		return nil, fmt.Errorf("%s request: %w", args[1], err)
	}
	// The host ends this process when its engine is gone, or the engine cancels: work in progress stops.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return m.serve(ctx, request, streams{os.Stdout, os.Stderr})
}

func languageNames() []string {
	names := make([]string, 0, len(languages))
	for name := range languages {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// merge is the methods of each of sets, in one.
func merge(sets ...map[string]method) map[string]method {
	all := map[string]method{}
	for _, set := range sets {
		for name, m := range set {
			all[name] = m
		}
	}
	return all
}
