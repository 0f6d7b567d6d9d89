// Command pulumi-language-python is a minimal Python language host for the Pulumi engine, written for
// this project because the upstream host's Go module is not served by the module proxy we can reach
// (see docs/real-engine.md). It runs folder programs (`runtime: python`) with the Python of a virtual
// environment that has the PyPI `pulumi` package, through exec.py (embedded; the PyPI package does
// not ship upstream's `pulumi-language-python-exec`). Dependencies are never installed by the engine
// and no plugins are reported as required: everything is pre-installed (scripts/setup.sh).
package main

import (
	"context"
	_ "embed"
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

// version is stamped by scripts/build-engine.sh (the PyPI pulumi version the setup installs).
var version = "0.0.0-dev"

//go:embed exec.py
var execScript string

// exitCodeAlreadyReported is what exec.py exits with when the error went to the engine already.
const exitCodeAlreadyReported = 32

func main() {
	flag.String("tracing", "", "tracing endpoint (unused)")
	flag.String("root", "", "project root (unused)")
	flag.String("virtualenv", "", "unused: the virtualenv comes from the runtime options")
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
		fmt.Fprintf(os.Stderr, "pulumi-language-python: could not start: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-python: %v\n", err)
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

// GetRequiredPlugins reports nothing: plugins are installed ahead of time (scripts/build-engine.sh)
// or given by path in Pulumi.yaml (`plugins.providers`).
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

// InstallDependencies does nothing: the virtual environment is made by scripts/setup.sh.
func (h *languageHost) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return nil
}

// python finds the interpreter: runtime option `virtualenv` (relative to the program directory),
// else $PULUMI_PYTHON_CMD, else $VIRTUAL_ENV, else python3 on PATH. It returns the interpreter and
// the virtualenv directory ("" when none).
func python(info *pulumirpc.ProgramInfo) (string, string, error) {
	venv := ""
	if info != nil {
		if v, ok := info.GetOptions().AsMap()["virtualenv"].(string); ok && v != "" {
			venv = v
			if !filepath.IsAbs(venv) {
				venv = filepath.Join(info.GetProgramDirectory(), venv)
			}
		}
	}
	if venv == "" {
		if cmd := os.Getenv("PULUMI_PYTHON_CMD"); cmd != "" {
			p, err := exec.LookPath(cmd)
			return p, "", err
		}
		venv = os.Getenv("VIRTUAL_ENV")
	}
	if venv != "" {
		p := filepath.Join(venv, "bin", "python")
		if _, err := os.Stat(p); err != nil {
			return "", "", fmt.Errorf("virtualenv %s has no bin/python (run scripts/setup.sh): %w", venv, err)
		}
		return p, venv, nil
	}
	p, err := exec.LookPath("python3")
	if err != nil {
		return "", "", fmt.Errorf("python3 is not on PATH and no virtualenv is configured: %w", err)
	}
	return p, "", nil
}

func (h *languageHost) About(_ context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	py, _, err := python(req.GetInfo())
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(py, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version failed: %w", py, err)
	}
	return &pulumirpc.AboutResponse{
		Executable: py,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "Python "),
	}, nil
}

// GetProgramDependencies lists the packages of the program's Python environment (pip list).
func (h *languageHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	py, _, err := python(req.GetInfo())
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(py, "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check").Output()
	if err != nil {
		return nil, fmt.Errorf("pip list failed: %w", err)
	}
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for _, line := range strings.Split(string(out), "\n") {
		if name, v, ok := strings.Cut(strings.TrimSpace(line), "=="); ok {
			resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: v})
		}
	}
	return resp, nil
}

// Run runs the program with exec.py in the program's Python environment.
func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	programDir := info.GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}
	program := info.GetEntryPoint()
	if program == "" {
		program = req.GetProgram()
	}
	if program == "" {
		program = "."
	}
	if !filepath.IsAbs(program) {
		program = filepath.Join(programDir, program)
	}
	py, venv, err := python(info)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	args := []string{"-u", "-c", execScript,
		"--monitor", req.GetMonitorAddress(),
		"--engine", h.engine(),
		"--project", req.GetProject(),
		"--stack", req.GetStack(),
		"--pwd", req.GetPwd(),
	}
	if req.GetOrganization() != "" {
		args = append(args, "--organization", req.GetOrganization())
	}
	if root := info.GetRootDirectory(); root != "" {
		args = append(args, "--root-directory", root)
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		args = append(args, "--parallel", strconv.Itoa(int(req.GetParallel())))
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	env, err := configEnv(req)
	if err != nil {
		return nil, err
	}
	if venv != "" {
		env = append(env, "VIRTUAL_ENV="+venv, "PATH="+filepath.Join(venv, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	cmd := exec.CommandContext(ctx, py, args...)
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
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("python program exited with code %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run %s: %v", py, err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}
