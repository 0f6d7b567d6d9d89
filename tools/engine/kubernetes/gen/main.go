// Command gen writes schema-embed.json and terraform-mapping-embed.json for ../main.go
// from schema.json and terraform-mapping.json of the provider/v4 module (in the Go
// module cache), setting the schema's "version" field.
//
// Usage (from the module root): go run ./gen -version 4.25.0 -out .
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const providerModule = "github.com/pulumi/pulumi-kubernetes/provider/v4"

func main() {
	version := flag.String("version", "", "provider version without a leading v, e.g. 4.25.0")
	out := flag.String("out", ".", "output directory")
	flag.Parse()
	if *version == "" || strings.HasPrefix(*version, "v") {
		log.Fatal("-version is required, without a leading v")
	}

	dirOut, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", providerModule).Output()
	if err != nil {
		log.Fatalf("locating %s: %v", providerModule, err)
	}
	dir := filepath.Join(strings.TrimSpace(string(dirOut)), "cmd", "pulumi-resource-kubernetes")

	var schema map[string]json.RawMessage
	readJSON(filepath.Join(dir, "schema.json"), &schema)
	v, _ := json.Marshal(*version)
	schema["version"] = v
	writeJSON(filepath.Join(*out, "schema-embed.json"), schema)

	var mapping any
	readJSON(filepath.Join(dir, "terraform-mapping.json"), &mapping)
	writeJSON(filepath.Join(*out, "terraform-mapping-embed.json"), mapping)
}

func readJSON(path string, into any) {
	data, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		log.Fatalf("%s: %v", path, err)
	}
}

func writeJSON(path string, value any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(value); err != nil {
		log.Fatalf("%s: %v", path, err)
	}
	if err := os.WriteFile(path, bytes.TrimRight(buf.Bytes(), "\n"), 0o644); err != nil {
		log.Fatal(err)
	}
}
