package main

import (
	"encoding/json"
	"os"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// configEnv is our environment plus the config variables the Pulumi SDKs read:
// PULUMI_CONFIG (JSON object) and PULUMI_CONFIG_SECRET_KEYS (JSON array).
func configEnv(req *pulumirpc.RunRequest) ([]string, error) {
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
	return append(os.Environ(), "PULUMI_CONFIG="+string(configJSON), "PULUMI_CONFIG_SECRET_KEYS="+string(secretJSON)), nil
}
