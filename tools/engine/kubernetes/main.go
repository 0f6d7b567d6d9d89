// Command pulumi-resource-kubernetes serves the Kubernetes provider from the
// github.com/pulumi/pulumi-kubernetes/provider/v4 module.
//
// The upstream main package embeds schema-embed.json and terraform-mapping-embed.json,
// which are generated at release time and are not part of the module download. This
// replacement embeds the same documents, written by ./gen (see scripts/build-engine.sh,
// which runs it in a staging copy of this folder outside the work tree).
package main

import (
	_ "embed"

	"github.com/pulumi/pulumi-kubernetes/provider/v4/pkg/provider"
	"github.com/pulumi/pulumi-kubernetes/provider/v4/pkg/version"
)

//go:embed schema-embed.json
var pulumiSchema []byte

//go:embed terraform-mapping-embed.json
var terraformMapping []byte

func main() {
	provider.Serve("kubernetes", version.Version, pulumiSchema, terraformMapping)
}
