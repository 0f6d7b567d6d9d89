#!/usr/bin/env bash
# Builds HashiCorp Vault (github.com/hashicorp/vault v1.21.1) from the Go module proxy through the
# wrapper module tools/vault (vault's go.mod replaces its api and sdk modules with in-tree folders,
# which the module zip lacks: the wrapper pins served tags that build), for the tests of
# `ref+vault://` and `ref+openbao://` against a real `vault server -dev` (scripts/test-vault.sh):
#
#   $CACHE/bin/vault          the binary
#   $CACHE/stamps/vault       a binary whose inputs did not change is not rebuilt
#   $CACHE/logs/              vault-download.log, vault-build.log, times.log
#
# Usage: scripts/build-vault.sh [--print-env] [--quiet]
#   --print-env   print only `export PULUMI_HELMFILE_VAULT=...` on stdout; build output goes to stderr
#
# Environment: PULUMI_HELMFILE_CACHE (default $HOME/.cache/pulumi-helmfile), PULUMI_HELMFILE_GO_P
# (go build -p, default 2). On this 2-core machine: about 1 minute of downloads (cold) and 15 to 18 minutes of
# compiling with -p 1 beside other work (881 s, 945 s of CPU, on 2026-12-04); warm 0.1 s.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC="$ROOT/tools/vault"
CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
BIN="$CACHE/bin"
STAMPS="$CACHE/stamps"
LOGS="$CACHE/logs"
BUILD="$CACHE/build-vault"
GO_P=${PULUMI_HELMFILE_GO_P:-2}
MODULE=github.com/hashicorp/vault
RECIPE=1 # part of the stamp key: bump it when the build flags below change

# shellcheck source=lib/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/go-tool.sh"
go_tool_start build-vault 16 "$@"
mkdir -p "$BIN"
VERSION=$(awk -v m="$MODULE" '$1 == m { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$SRC/go.mod")
[ -n "$VERSION" ] || die "tools/vault/go.mod does not require $MODULE"
OUT="$BIN/vault"

KEY=$({
  echo "recipe=$RECIPE $(go env GOVERSION) $(go env GOOS GOARCH | paste -sd/) $VERSION"
  (cd "$SRC" && sha256sum go.mod go.sum main.go)
} | sha256sum | cut -d' ' -f1)

version_ok() { [ -x "$OUT" ] && "$OUT" version 2>/dev/null | grep -q "^Vault ${VERSION}"; }

# shellcheck source=lib/timed.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/timed.sh"

if [ "$(cat "$STAMPS/vault" 2>/dev/null)" = "$KEY" ] && version_ok; then
  log "vault $VERSION is up to date"
else
  rm -rf "$BUILD"
  mkdir -p "$BUILD"
  cp "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" "$BUILD/"
  chmod u+w "$BUILD"/*
  (
    cd "$BUILD"
    timed "download vault modules" "$LOGS/vault-download.log" go mod download
    timed "build vault $VERSION" "$LOGS/vault-build.log" \
      go build -p "$GO_P" -trimpath -ldflags "-s -w" -o "$BUILD/vault" .
  )
  install -m 0755 "$BUILD/vault" "$OUT"
  rm -rf "$BUILD"
  version_ok || die "$OUT version does not say Vault $VERSION"
  echo "$KEY" >"$STAMPS/vault"
fi
if [ "$PRINT_ENV" = 1 ]; then echo "export PULUMI_HELMFILE_VAULT=$OUT" >&3; fi
