// Command pulumi-helmfile-unlock deletes the lock files of one stack on a self-managed backend
// (file://, s3://, gs://, azblob://), through Pulumi's own diy backend package.
//
// `pulumi cancel` does the same, but only for a stack that exists: an update killed while the
// backend was creating its stack leaves a lock on a stack that was never saved, and every later
// command on it (including `pulumi stack select --create`) stops at that lock.
//
// Usage: pulumi-helmfile-unlock <backend-url> <project> <stack>
// Credentials come from the environment, as for the pulumi CLI.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/pulumi/pulumi/pkg/v3/backend/diy"
	"github.com/pulumi/pulumi/sdk/v3/go/common/diag"
	"github.com/pulumi/pulumi/sdk/v3/go/common/diag/colors"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: pulumi-helmfile-unlock <backend-url> <project> <stack>")
		os.Exit(2)
	}
	url, project, stack := os.Args[1], os.Args[2], os.Args[3]
	if err := unlock(context.Background(), url, project, stack); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-helmfile-unlock: %v\n", err)
		os.Exit(1)
	}
}

func unlock(ctx context.Context, url, project, stack string) error {
	sink := diag.DefaultSink(os.Stderr, os.Stderr, diag.FormatOptions{Color: colors.Never})
	b, err := diy.New(ctx, sink, url, &workspace.Project{Name: tokens.PackageName(project)})
	if err != nil {
		return err
	}
	ref, err := b.ParseStackReference("organization/" + project + "/" + stack)
	if err != nil {
		return err
	}
	return b.CancelCurrentUpdate(ctx, ref)
}
