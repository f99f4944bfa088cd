// Runs Pulumi Go programs under Pulumi's mocks (no engine, no provider): copied beside programs
// whose `func main()` became `func <name>()` and whose `pulumi.Run(` became `runWithMocks(`, into
// one package; `<binary> <name>` runs one and prints each resource it registered as "name type".
// Invokes answer from a JSON map of results by function token ($EXAMPLE_INVOKE_RESULTS); the stack's
// config comes from $PULUMI_CONFIG, as the engine passes it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// The programs by name, registered by the generated file that lists them.
var programs = map[string]func(){}

type mocks struct {
	results map[string]resource.PropertyMap
	lock    sync.Mutex
}

func (m *mocks) NewResource(args pulumi.MockResourceArgs) (string, resource.PropertyMap, error) {
	m.lock.Lock()
	defer m.lock.Unlock()
	fmt.Printf("%s %s\n", args.Name, args.TypeToken)
	return args.Name + "-id", args.Inputs, nil
}

func (m *mocks) Call(args pulumi.MockCallArgs) (resource.PropertyMap, error) {
	result, ok := m.results[args.Token]
	if !ok {
		return nil, fmt.Errorf("no result for %s", args.Token)
	}
	return result, nil
}

func runWithMocks(body pulumi.RunFunc) {
	var raw map[string]map[string]interface{}
	if err := json.Unmarshal([]byte(os.Getenv("EXAMPLE_INVOKE_RESULTS")), &raw); err != nil {
		panic(err)
	}
	m := &mocks{results: map[string]resource.PropertyMap{}}
	for token, result := range raw {
		m.results[token] = resource.NewPropertyMapFromMap(result)
	}
	if err := pulumi.RunErr(body, pulumi.WithMocks("examples", "test", m)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func main() {
	program, ok := programs[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "no program %s\n", os.Args[1])
		os.Exit(2)
	}
	program()
}
