// Command pulumi-language-nodejs is a minimal Node.js language host for the Pulumi engine, written for
// this project because the upstream host's Go module is not served by the module proxy we can reach
// (see docs/real-engine.md). It runs folder programs through @pulumi/pulumi's `cmd/run` and Node
// component provider plugins through `cmd/run-plugin`, both resolved from the program's node_modules.
// Dependencies are never installed and no plugins are reported as required: everything is pre-installed.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"google.golang.org/grpc"
	pbempty "google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// version is stamped by scripts/build-engine.sh (the @pulumi/pulumi version it serves).
var version = "0.0.0-dev"

// exitCodeAlreadyReported is what cmd/run exits with when it has already shown the error to the user.
const exitCodeAlreadyReported = 32

func main() {
	// The engine may pass these before the engine address; they are accepted and mostly ignored.
	tracing := flag.String("tracing", "", "tracing endpoint (passed on to node)")
	flag.String("root", "", "project root (unused)")
	// --logtostderr and -v are registered by glog, which the SDK's rpcutil imports.
	flag.Bool("typescript", false, "unused")
	flag.String("tsconfig", "", "unused")
	flag.String("nodeargs", "", "unused")
	flag.Parse()

	host := &languageHost{tracing: *tracing}
	if flag.NArg() > 0 {
		host.engineAddress = flag.Arg(0)
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(s *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(s, host)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: could not start: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: %v\n", err)
		os.Exit(1)
	}
}

type languageHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
	tracing       string
}

func (h *languageHost) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *languageHost) engine() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.engineAddress
}

func (h *languageHost) GetPluginInfo(context.Context, *pbempty.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

// GetRequiredPlugins reports nothing: plugins are installed ahead of time (scripts/build-engine.sh).
func (h *languageHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

// GetRequiredPackages reports nothing, for the same reason as GetRequiredPlugins.
func (h *languageHost) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

// InstallDependencies does nothing: node_modules are installed by npm before the engine runs.
func (h *languageHost) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return nil
}

func (h *languageHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("node is not on PATH: %w", err)
	}
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("node --version failed: %w", err)
	}
	return &pulumirpc.AboutResponse{
		Executable: node,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "v"),
	}, nil
}

// GetProgramDependencies lists the program's direct dependencies from its package.json (declared ranges).
func (h *languageHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, fmt.Errorf("reading package.json of %s: %w", dir, err)
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return nil, fmt.Errorf("parsing %s/package.json: %w", dir, err)
	}
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for name, v := range pkg.Dependencies {
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: v})
	}
	return resp, nil
}

// findSDKScript looks for node_modules/@pulumi/pulumi/<rel> in dir and its parents, like Node's resolution.
func findSDKScript(dir, rel string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "node_modules", "@pulumi", "pulumi", rel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("could not find node_modules/@pulumi/pulumi/%s from %s: is @pulumi/pulumi installed?", rel, abs)
		}
	}
}

// Run runs the program with @pulumi/pulumi's cmd/run, passing the flags and environment it reads.
func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir := req.GetInfo().GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}
	runScript, err := findSDKScript(programDir, "cmd/run")
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	program := req.GetInfo().GetEntryPoint()
	if program == "" {
		program = req.GetProgram()
	}
	if program == "" {
		program = "."
	}
	if !filepath.IsAbs(program) {
		program = filepath.Join(programDir, program)
	}

	args := []string{runScript,
		"--monitor", req.GetMonitorAddress(),
		"--engine", h.engine(),
		"--project", req.GetProject(),
		"--stack", req.GetStack(),
		"--pwd", req.GetPwd(),
	}
	if req.GetOrganization() != "" {
		args = append(args, "--organization", req.GetOrganization())
	}
	if root := req.GetInfo().GetRootDirectory(); root != "" {
		args = append(args, "--root-directory", root)
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		args = append(args, "--parallel", strconv.Itoa(int(req.GetParallel())))
	}
	if h.tracing != "" {
		args = append(args, "--tracing", h.tracing)
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	env, err := runEnv(req)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	// The program's output goes to our stdout/stderr, which the engine shows to the user.
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == exitCodeAlreadyReported {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("program exited with code %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run node: %v", err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// runEnv is our environment plus the config variables that @pulumi/pulumi's runtime/config reads.
func runEnv(req *pulumirpc.RunRequest) ([]string, error) {
	env := os.Environ()
	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	configJSON, err := json.Marshal(config)
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	env = append(env, "PULUMI_CONFIG="+string(configJSON), "PULUMI_CONFIG_SECRET_KEYS="+string(secretJSON))
	if opts := req.GetInfo().GetOptions().AsMap(); opts != nil {
		if ts, ok := opts["typescript"].(bool); ok {
			env = append(env, "PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(ts))
		}
		if p, ok := opts["tsconfig"].(string); ok && p != "" {
			env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+p)
		}
	}
	return env, nil
}
