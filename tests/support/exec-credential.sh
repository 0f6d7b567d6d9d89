#!/bin/sh
# A kubeconfig `exec` credential plugin for the test cluster (scripts/test-cluster.sh): prints an
# ExecCredential (client.authentication.k8s.io/v1) whose bearer token is the content of the file
# given as $1, as `aws eks get-token` or `kubelogin` print theirs. A missing or empty token file
# fails the way a real plugin fails: a message on stderr and exit status 1.
set -eu
file=${1:?usage: exec-credential.sh TOKEN_FILE}
token=$(cat "$file" 2>/dev/null) || { echo "exec-credential: cannot read $file" >&2; exit 1; }
[ -n "$token" ] || { echo "exec-credential: $file is empty" >&2; exit 1; }
printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"%s"}}\n' "$token"
