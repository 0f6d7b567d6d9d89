// The helmfile quickstart as a Go program: one Helmfile component, rendered to a directory.
package main

import (
	"os"
	"path/filepath"

	"example.com/pulumi-helmfile/sdk/go/helmfile"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		here, err := os.Getwd() // the engine runs the program in its folder
		if err != nil {
			return err
		}
		file := cfg.Get("file")
		if file == "" {
			file = filepath.Join(here, "..", "quickstart", "helmfile.yaml")
		}
		renderDir := cfg.Get("renderDir")
		if renderDir == "" {
			renderDir = filepath.Join(here, "rendered")
		}
		stateValues := map[string]any{}
		if err := cfg.TryObject("stateValues", &stateValues); err != nil && cfg.Get("stateValues") != "" {
			return err
		}
		var values pulumi.MapInput = pulumi.ToMap(stateValues)
		if cfg.Get("secretValues") != "" {
			secret := map[string]any{}
			if _, err := cfg.TrySecretObject("secretValues", &secret); err != nil {
				return err
			}
			merged := map[string]any{}
			for k, v := range stateValues {
				merged[k] = v
			}
			for k, v := range secret {
				merged[k] = v
			}
			// A secret input keeps the releases' values secret in the state.
			values = pulumi.ToSecret(pulumi.ToMap(merged)).(pulumi.MapOutput)
		}
		args := &helmfile.HelmfileArgs{
			File:              pulumi.String(file),
			StateValues:       values,
			RenderToDirectory: pulumi.String(renderDir),
			Concurrency:       pulumi.Int(2),
		}
		if env := cfg.Get("environment"); env != "" {
			args.Environment = pulumi.String(env)
		}
		quickstart, err := helmfile.NewHelmfile(ctx, "quickstart", args)
		if err != nil {
			return err
		}
		ctx.Export("releaseIds", quickstart.ReleaseIds)
		ctx.Export("releases", quickstart.Releases)
		// What a release applied, as helm.v4.Chart's resources: without the Kubernetes Go SDK loaded,
		// each object is a resource of its URN and id (the id is namespace/name).
		ctx.Export("firstReleaseObjectIds", quickstart.ReleaseIds.Index(pulumi.Int(0)).ApplyT(
			func(id string) pulumi.StringArrayOutput {
				return quickstart.Releases.MapIndex(pulumi.String(id)).Resources().ApplyT(
					func(objects []any) pulumi.StringArrayOutput {
						ids := pulumi.StringArray{}
						for _, o := range objects {
							if r, ok := o.(pulumi.CustomResource); ok {
								ids = append(ids, r.ID().ToStringOutput())
							}
						}
						return ids.ToStringArrayOutput()
					}).(pulumi.StringArrayOutput)
			}))
		return nil
	})
}
