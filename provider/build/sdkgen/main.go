// Command sdkgen writes the Python and Go SDKs of the native plugin from its schema with Pulumi's
// own generators (pkg/v3 codegen), as `pulumi package gen-sdk` does through a language host, and
// turns PCL programs into Python and Go programs as `pulumi convert` does.
//
//	sdkgen sdks <schema.json> <out>      writes <out>/python and <out>/go/chatwoot
//	sdkgen programs <schema.json>        reads {"name": "<pcl>"} on stdin, writes {"name": {"python": ..., "go": ...}}
package main

import (
	"fmt"
	"os"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	switch {
	case len(args) == 3 && args[0] == "sdks":
		return writeSDKs(args[1], args[2])
	case len(args) == 2 && args[0] == "programs":
		return convertPrograms(args[1], os.Stdin, os.Stdout)
	default:
		return fmt.Errorf("usage: sdkgen sdks <schema.json> <out> | sdkgen programs <schema.json> < programs.json")
	}
}
