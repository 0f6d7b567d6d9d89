// Command pulumi-helmfile-chartify runs helmfile's chartify library on one release, as helmfile's
// processChartification does (pkg/state/state.go), and prints the temporary chart it made.
//
// It reads one JSON request on stdin:
//
//	{"release": "...", "chart": "...", "helm": "/path/to/helm", "kustomize": "kustomize",
//	 "result": "/path/of/result.json", "opts": {...}}
//
// where opts holds chartify.ChartifyOpts fields by their Go names (TemplateFuncs and TemplateData
// excepted: the caller renders a directory's *.gotmpl files itself). The temporary chart goes under
// $CHARTIFY_TEMPDIR/<opts.ID>. On success the result file holds {"dir": "<temporary chart>"}; on
// failure the error is on stderr and the exit code is 1 (2 for a request that cannot be read).
// stdout is what chartify itself prints there (helmfile's stdout, as chartify runs in-process).
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/helmfile/chartify"
)

type request struct {
	Release   string                `json:"release"`
	Chart     string                `json:"chart"`
	Helm      string                `json:"helm"`
	Kustomize string                `json:"kustomize"`
	Result    string                `json:"result"`
	Opts      chartify.ChartifyOpts `json:"opts"`
}

func main() {
	var r request
	if err := json.NewDecoder(os.Stdin).Decode(&r); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-helmfile-chartify: reading the request: %v\n", err)
		os.Exit(2)
	}
	logf := func(string, ...interface{}) {}
	if os.Getenv("PULUMI_HELMFILE_CHARTIFY_DEBUG") != "" {
		logf = func(format string, args ...interface{}) { fmt.Fprintf(os.Stderr, format+"\n", args...) }
	}
	c := chartify.New(chartify.HelmBin(r.Helm), chartify.KustomizeBin(r.Kustomize), chartify.WithLogf(logf))
	out, err := c.Chartify(r.Release, r.Chart, chartify.WithChartifyOpts(&r.Opts))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	result, err := json.Marshal(map[string]string{"dir": out})
	if err == nil {
		err = os.WriteFile(r.Result, result, 0o600)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
