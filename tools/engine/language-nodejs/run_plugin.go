package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"

	"google.golang.org/grpc"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// RunPlugin runs a Node plugin (e.g. a component provider) with @pulumi/pulumi's cmd/run-plugin and
// streams its output back to the engine, which reads the provider's port from stdout.
func (h *languageHost) RunPlugin(
	req *pulumirpc.RunPluginRequest, stream grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	programDir := req.GetInfo().GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}
	script, err := findSDKScript(programDir, "cmd/run-plugin")
	if err != nil {
		return err
	}
	args := append([]string{script, programDir}, req.GetArgs()...)
	cmd := exec.CommandContext(stream.Context(), "node", args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = append(os.Environ(), req.GetEnv()...)

	// grpc streams must not be sent on from two goroutines at once.
	var sendMu sync.Mutex
	send := func(msg *pulumirpc.RunPluginResponse) error {
		sendMu.Lock()
		defer sendMu.Unlock()
		return stream.Send(msg)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not start node: %w", err)
	}
	var wg sync.WaitGroup
	pump := func(r io.Reader, wrap func([]byte) *pulumirpc.RunPluginResponse) {
		defer wg.Done()
		buf := make([]byte, 32*1024)
		for {
			n, readErr := r.Read(buf)
			if n > 0 {
				chunk := append([]byte(nil), buf[:n]...)
				if sendErr := send(wrap(chunk)); sendErr != nil {
					return
				}
			}
			if readErr != nil {
				return
			}
		}
	}
	wg.Add(2)
	go pump(stdout, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	})
	go pump(stderr, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	})
	wg.Wait()
	code := int32(0)
	if err := cmd.Wait(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return err
		}
		code = int32(exitErr.ExitCode())
	}
	return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code}})
}
