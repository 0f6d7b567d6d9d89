//go:build tools

// Package tools pins the Pulumi YAML language host (github.com/pulumi/pulumi-yaml's
// cmd/pulumi-language-yaml) that scripts/build-engine.sh builds from the Go module proxy, so that
// `go mod tidy` keeps it in go.mod.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
