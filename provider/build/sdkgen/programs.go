package main

import (
	"fmt"
	"io"
)

func convertPrograms(schemaPath string, in io.Reader, out io.Writer) error {
	return fmt.Errorf("not yet")
}
