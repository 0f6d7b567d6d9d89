#!/usr/bin/env bash
# Builds the helm-diff plugin (github.com/databus23/helm-diff/v3) from the Go module proxy, at the
# version pinned by tools/helm-diff/go.mod, and installs it as a helm plugin, so that the real
# `helmfile diff` can run (bench/real-charts.ts sets it against an unchanged `preview`):
#
#   $CACHE/helm-plugins/diff/plugin.yaml   the plugin's manifest (no install hook: nothing is downloaded)
#   $CACHE/helm-plugins/diff/bin/diff      the binary
#   $CACHE/stamps/helm-diff                a binary whose inputs did not change is not rebuilt
#   $CACHE/logs/                           helm-diff-download.log, helm-diff-build.log, times.log
#
# The proxy serves only some tags of this module (v3.9.11, v3.9.14; the others and the version list
# answer 403) and the checksum database does not know it, so its hash is checked against our own
# tools/helm-diff/go.sum instead (GONOSUMDB for this one module); every other module is checked
# against the checksum database as usual.
#
# Usage: scripts/build-helm-diff.sh [--print-env] [--quiet]
#   --print-env   print only `export HELM_PLUGINS=...` on stdout; build output goes to stderr
#
# Environment: PULUMI_HELMFILE_CACHE (default $HOME/.cache/pulumi-helmfile), PULUMI_HELMFILE_GO_P
# (go build -p, default 2). Cold it takes minutes; warm 0.1 s.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC="$ROOT/tools/helm-diff"
CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
PLUGINS="$CACHE/helm-plugins"
STAMPS="$CACHE/stamps"
LOGS="$CACHE/logs"
BUILD="$CACHE/build-helm-diff"
GO_P=${PULUMI_HELMFILE_GO_P:-2}
MODULE=github.com/databus23/helm-diff/v3
RECIPE=1 # part of the stamp key: bump it when the build flags or plugin.yaml below change

# shellcheck source=lib/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/go-tool.sh"
go_tool_start build-helm-diff 20 "$@"
mkdir -p "$PLUGINS"
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/databus23/helm-diff"
VERSION=$(awk -v m="$MODULE" '$1 == m { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$SRC/go.mod")
[ -n "$VERSION" ] || die "tools/helm-diff/go.mod does not require $MODULE"
DIR="$PLUGINS/diff"
OUT="$DIR/bin/diff"

KEY=$({
  echo "recipe=$RECIPE $(go env GOVERSION) $(go env GOOS GOARCH | paste -sd/) $VERSION"
  (cd "$SRC" && sha256sum go.mod go.sum)
} | sha256sum | cut -d' ' -f1)

version_ok() { [ -x "$OUT" ] && [ "$("$OUT" version 2>/dev/null)" = "${VERSION#v}" ]; }

# shellcheck source=lib/timed.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/timed.sh"

if [ "$(cat "$STAMPS/helm-diff" 2>/dev/null)" = "$KEY" ] && version_ok; then
  log "helm-diff $VERSION is up to date"
else
  rm -rf "$BUILD"
  mkdir -p "$BUILD"
  cp "$SRC/go.mod" "$SRC/go.sum" "$BUILD/"
  chmod u+w "$BUILD"/*
  (
    cd "$BUILD"
    timed "download helm-diff modules" "$LOGS/helm-diff-download.log" go mod download
    timed "build helm-diff $VERSION" "$LOGS/helm-diff-build.log" \
      go build -p "$GO_P" -trimpath \
      -ldflags "-s -w -X $MODULE/cmd.Version=${VERSION#v}" -o "$BUILD/diff" "$MODULE"
  )
  rm -rf "$DIR"
  mkdir -p "$DIR/bin"
  install -m 0755 "$BUILD/diff" "$OUT"
  cat >"$DIR/plugin.yaml" <<YAML
name: diff
version: "${VERSION#v}"
usage: Preview helm upgrade changes as a diff
description: Preview helm upgrade changes as a diff (built by scripts/build-helm-diff.sh)
useTunnel: true
command: \$HELM_PLUGIN_DIR/bin/diff
YAML
  rm -rf "$BUILD"
  version_ok || die "$OUT version does not say ${VERSION#v}"
  echo "$KEY" >"$STAMPS/helm-diff"
fi

ENV_LINES="export HELM_PLUGINS=\"$PLUGINS\""
if [ "$PRINT_ENV" = 1 ]; then
  echo "$ENV_LINES" >&3
else
  log "ready: $DIR"
  [ "$QUIET" = 1 ] || echo "$ENV_LINES"
fi
