// Command pulumi-language-go is a minimal Go language host for the Pulumi engine, written for this
// project because the upstream host's Go module is not served by the module proxy we can reach (see
// docs/real-engine.md). Like upstream's, it compiles the program folder (`runtime: go`) with
// `go build` (or uses the prebuilt runtime option `binary`) and runs the binary with the engine's
// settings in PULUMI_* environment variables, which github.com/pulumi/pulumi/sdk/v3/go/pulumi reads.
// Dependencies come from the Go module proxy and cache (go build downloads them); no plugins are
// reported as required: they are installed ahead of time or given by path in Pulumi.yaml.
package main

import (
	"bytes"
	"context"
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

// version is stamped by scripts/build-engine.sh (the Go SDK sdk/v3 version it is built with).
var version = "0.0.0-dev"

// exitCodeAlreadyReported is what the Go SDK exits with when the error went to the engine already.
const exitCodeAlreadyReported = 32

func main() {
	flag.String("tracing", "", "tracing endpoint (unused)")
	flag.String("root", "", "project root (unused)")
	flag.String("binary", "", "unused: the prebuilt binary comes from the runtime options")
	flag.String("buildTarget", "", "unused")
	flag.Parse()

	host := &languageHost{}
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
		fmt.Fprintf(os.Stderr, "pulumi-language-go: could not start: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-go: %v\n", err)
		os.Exit(1)
	}
}

type languageHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
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

// InstallDependencies runs `go mod download` in the program directory.
func (h *languageHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetDirectory()
	}
	cmd := exec.CommandContext(stream.Context(), "go", "mod", "download")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if len(out) > 0 {
		_ = stream.Send(&pulumirpc.InstallDependenciesResponse{Stdout: out})
	}
	if err != nil {
		return fmt.Errorf("go mod download in %s: %w", dir, err)
	}
	return nil
}

func (h *languageHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("go is not on PATH: %w", err)
	}
	out, err := exec.Command(goBin, "env", "GOVERSION").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOVERSION failed: %w", err)
	}
	return &pulumirpc.AboutResponse{
		Executable: goBin,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "go"),
	}, nil
}

// GetProgramDependencies lists the program's module requirements (go list -m all, direct and indirect).
func (h *languageHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	cmd := exec.Command("go", "list", "-m", "-f", "{{if not .Main}}{{.Path}} {{.Version}}{{end}}", "all")
	cmd.Dir = req.GetInfo().GetProgramDirectory()
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -m all failed: %w", err)
	}
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for _, line := range strings.Split(string(out), "\n") {
		if name, v, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: v})
		}
	}
	return resp, nil
}

// program returns the binary to run: the runtime option `binary` (relative to the program
// directory), else one compiled with `go build` into a temporary directory (removed by cleanup).
func program(ctx context.Context, info *pulumirpc.ProgramInfo, programDir string) (string, func(), error) {
	if b, ok := info.GetOptions().AsMap()["binary"].(string); ok && b != "" {
		if !filepath.IsAbs(b) {
			b = filepath.Join(programDir, b)
		}
		return b, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { _ = os.RemoveAll(tmp) }
	out := filepath.Join(tmp, "program")
	target := "."
	if e := info.GetEntryPoint(); e != "" && e != "." {
		target = "./" + strings.TrimPrefix(e, "./")
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, target)
	cmd.Dir = programDir
	var stderr bytes.Buffer
	cmd.Stdout = os.Stderr
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("go build in %s failed: %v\n%s", programDir, err, stderr.String())
	}
	return out, cleanup, nil
}

// Run compiles and runs the program with the settings the Go SDK reads from the environment.
func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	programDir := info.GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}
	bin, cleanup, err := program(ctx, info, programDir)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	defer cleanup()

	env, err := configEnv(req)
	if err != nil {
		return nil, err
	}
	env = append(env,
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.engine(),
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_DRY_RUN="+strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL="+strconv.Itoa(int(req.GetParallel())),
	)
	if req.GetOrganization() != "" {
		env = append(env, "PULUMI_ORGANIZATION="+req.GetOrganization())
	}
	if root := info.GetRootDirectory(); root != "" {
		env = append(env, "PULUMI_ROOT_DIRECTORY="+root)
	}
	cmd := exec.CommandContext(ctx, bin, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == exitCodeAlreadyReported {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("go program exited with code %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run %s: %v", bin, err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}
