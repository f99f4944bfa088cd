package shared

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// ConvertAll reads programs by name (a JSON object) from in, converts each, and writes the results
// by name (a JSON object) to out; it fails naming every program it cannot convert.
func ConvertAll[T any](in io.Reader, out io.Writer, convert func(name, source string) (T, error)) error {
	var sources map[string]string
	if err := json.NewDecoder(in).Decode(&sources); err != nil {
		return err
	}
	names := make([]string, 0, len(sources))
	for name := range sources {
		names = append(names, name)
	}
	sort.Strings(names)
	converted := map[string]T{}
	var failures []string
	for _, name := range names {
		result, err := convert(name, sources[name])
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		converted[name] = result
	}
	if len(failures) > 0 {
		return fmt.Errorf("these programs cannot be converted:\n%s", strings.Join(failures, "\n"))
	}
	return json.NewEncoder(out).Encode(converted)
}
