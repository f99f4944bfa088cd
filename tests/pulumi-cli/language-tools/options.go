package main

// The runtime options of a program's Pulumi.yaml (`runtime: { name, options: {...} }`), read as
// Pulumi's hosts read them: a value of the wrong kind, or not one of an option's choices, is refused
// with the message Pulumi's host gives.

import (
	"fmt"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

type runtimeOptions map[string]any

func optionsOf(info *pulumirpc.ProgramInfo) runtimeOptions { return info.GetOptions().AsMap() }

// text is the string option name ("" when not set); label is the name the error gives it.
func (o runtimeOptions) text(name, label string) (string, error) {
	v, ok := o[name]
	if !ok {
		return "", nil
	}
	s, isString := v.(string)
	if !isString {
		return "", fmt.Errorf("%s option must be a string", label)
	}
	return s, nil
}

// boolean is the boolean option name, or fallback when not set.
func (o runtimeOptions) boolean(name string, fallback bool) (bool, error) {
	v, ok := o[name]
	if !ok {
		return fallback, nil
	}
	b, isBool := v.(bool)
	if !isBool {
		return fallback, fmt.Errorf("%s option must be a boolean", name)
	}
	return b, nil
}

// A value an option may name.
type choice[T any] struct {
	name  string
	value T
}

func option[T any](name string, value T) choice[T] { return choice[T]{name, value} }

// oneOf is the value of the choice the string option name names, or fallback when not set; unsupported
// says why another name is refused.
func oneOf[T any](o runtimeOptions, name string, fallback T, unsupported func(string) error, choices ...choice[T]) (T, error) {
	if _, set := o[name]; !set {
		return fallback, nil
	}
	named, err := o.text(name, name)
	if err != nil {
		return fallback, err
	}
	for _, c := range choices {
		if c.name == named {
			return c.value, nil
		}
	}
	return fallback, unsupported(named)
}
