#!/usr/bin/env bash
# Builds what helmfile's chartify features (kustomize directories, strategicMergePatches, jsonPatches,
# transformers, forceNamespace, manifest directories) need, from the Go module proxy, into the cache
# the engine uses:
#
#   $CACHE/bin/pulumi-helmfile-chartify   helmfile's chartify library (tools/chartify: main.go, go.mod)
#   $CACHE/bin/kustomize                  sigs.k8s.io/kustomize/kustomize/v5 at tools/kustomize/go.mod's pin
#   $CACHE/stamps/{chartify,kustomize}    a binary whose inputs did not change is not rebuilt
#   $CACHE/logs/                          chartify-*.log, kustomize-*.log and one line per step in times.log
#
# CACHE is ${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}. Go modules and build objects use
# Go's own caches. Times are in docs/chartify.md.
#
# Usage: scripts/build-chartify.sh [--print-env] [--quiet]
#   --print-env   print only `export` lines on stdout; build output goes to stderr
#
# Idempotent and safe to run concurrently (flock on a lock of its own).
#
# Environment:
#   PULUMI_HELMFILE_CACHE   cache folder (default $HOME/.cache/pulumi-helmfile)
#   PULUMI_HELMFILE_GO_P    go build -p (default 2)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
BIN="$CACHE/bin"
STAMPS="$CACHE/stamps"
LOGS="$CACHE/logs"
BUILD="$CACHE/build-chartify"
GO_P=${PULUMI_HELMFILE_GO_P:-2}
RECIPE=1 # part of the stamp keys: bump it when the go build flags below change

# shellcheck source=lib/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/go-tool.sh"
go_tool_start build-chartify 21 "$@"
mkdir -p "$BIN"
GO_VERSION=$(go env GOVERSION)

# shellcheck source=lib/timed.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/timed.sh"

key_of() { # dir
  { echo "recipe=$RECIPE $GO_VERSION $(go env GOOS GOARCH | paste -sd/)"; (cd "$1" && sha256sum ./*); } | sha256sum | cut -d' ' -f1
}

# build piece srcdir out version-check pkg [ldflags]
build() {
  local piece=$1 src=$2 out=$3 check=$4 pkg=$5 ldflags=${6:-} key
  key=$(key_of "$src")
  if [ "$(cat "$STAMPS/$piece" 2>/dev/null)" = "$key" ] && [ -x "$out" ] && eval "$check"; then
    log "$piece is up to date"
    return
  fi
  rm -rf "$BUILD/$piece"
  mkdir -p "$BUILD/$piece"
  cp "$src"/* "$BUILD/$piece/"
  chmod -R u+w "$BUILD/$piece"
  (
    cd "$BUILD/$piece"
    timed "download $piece modules" "$LOGS/$piece-download.log" go mod download
    timed "build $piece" "$LOGS/$piece-build.log" \
      go build -p "$GO_P" -trimpath -ldflags "-s -w $ldflags" -o "$BUILD/$piece/out" "$pkg"
  )
  rm -f "$out"
  install -m 0755 "$BUILD/$piece/out" "$out"
  rm -rf "$BUILD/$piece"
  eval "$check" || die "$out does not pass: $check"
  echo "$key" >"$STAMPS/$piece"
}

KUSTOMIZE_VERSION=$(awk '$1 == "sigs.k8s.io/kustomize/kustomize/v5" { print $2; exit }' "$ROOT/tools/kustomize/go.mod")
[ -n "$KUSTOMIZE_VERSION" ] || die "tools/kustomize/go.mod does not require sigs.k8s.io/kustomize/kustomize/v5"
# kustomize prints the version its build info or this variable gives (a -trimpath build has none).
build kustomize "$ROOT/tools/kustomize" "$BIN/kustomize" \
  '[ "$("$BIN/kustomize" version)" = "$KUSTOMIZE_VERSION" ]' sigs.k8s.io/kustomize/kustomize/v5 \
  "-X sigs.k8s.io/kustomize/api/provenance.version=$KUSTOMIZE_VERSION"
build chartify "$ROOT/tools/chartify" "$BIN/pulumi-helmfile-chartify" \
  '"$BIN/pulumi-helmfile-chartify" </dev/null 2>/dev/null; [ $? = 2 ]' .
rm -rf "$BUILD"

# kustomize is found in the cache without a variable (src/node/chartify-tools.ts).
ENV_LINES="export PULUMI_HELMFILE_CHARTIFY=\"$BIN/pulumi-helmfile-chartify\""
if [ "$PRINT_ENV" = 1 ]; then
  echo "$ENV_LINES" >&3
else
  log "ready: $BIN/pulumi-helmfile-chartify $BIN/kustomize"
  [ "$QUIET" = 1 ] || echo "$ENV_LINES"
fi
