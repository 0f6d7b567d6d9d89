// Command sdkgen generates the Python and Go SDKs of the helmfile component provider from
// provider/schema.json with Pulumi's own code generators (pkg/v3/codegen), without the
// pulumi-language-python/-go plugins that `pulumi package gen-sdk` needs. Referenced packages
// (kubernetes) are read from schema files given on the command line.
//
//	go run . -schema ../schema.json -ref kubernetes=/path/kubernetes.json -out ../../sdk
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-helmfile-sdkgen"

// fileLoader serves referenced packages from schema files instead of provider plugins.
type fileLoader struct{ specs map[string]string }

func (l *fileLoader) load(name string) (*schema.Package, error) {
	path, ok := l.specs[name]
	if !ok {
		return nil, fmt.Errorf("no schema file for package %q (pass -ref %s=<file>)", name, name)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return schema.ImportSpec(spec, nil, l, schema.ValidationOptions{})
}

func (l *fileLoader) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return l.load(pkg)
}

func (l *fileLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.load(d.Name)
}

func (l *fileLoader) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	p, err := l.load(pkg)
	if err != nil {
		return nil, err
	}
	return p.Reference(), nil
}

func (l *fileLoader) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

type refFlags map[string]string

func (r refFlags) String() string { return fmt.Sprint(map[string]string(r)) }
func (r refFlags) Set(v string) error {
	name, path, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("want name=path, got %q", v)
	}
	r[name] = path
	return nil
}

func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func run() error {
	schemaPath := flag.String("schema", "../schema.json", "the provider schema")
	out := flag.String("out", "../../sdk", "output directory (python/ and go/ are replaced)")
	refs := refFlags{}
	flag.Var(refs, "ref", "name=schema.json of a referenced package (repeatable)")
	flag.Parse()

	data, err := os.ReadFile(*schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return err
	}
	loader := &fileLoader{specs: refs}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{})
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	py, err := pygen.GeneratePackage(tool, pkg, nil, loader)
	if err != nil {
		return fmt.Errorf("python: %w", err)
	}
	if err := write(filepath.Join(*out, "python"), py); err != nil {
		return err
	}
	goFiles, err := gogen.GeneratePackage(tool, pkg, nil)
	if err != nil {
		return fmt.Errorf("go: %w", err)
	}
	return write(filepath.Join(*out, "go"), goFiles)
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "sdkgen:", err)
		os.Exit(1)
	}
}
