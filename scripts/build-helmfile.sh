#!/usr/bin/env bash
# Builds the real helmfile from the Go module proxy, at the version pinned by tools/helmfile/go.mod,
# into the cache the engine uses, as a test oracle (see docs/helmfile-oracle.md):
#
#   $CACHE/bin/helmfile
#   $CACHE/stamps/helmfile   a binary whose inputs did not change is not rebuilt
#   $CACHE/logs/             helmfile-download.log, helmfile-build.log and one line per step in times.log
#
# CACHE is ${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}. Go modules and build objects use
# Go's own caches (go env GOMODCACHE GOCACHE).
#
# Usage: scripts/build-helmfile.sh [--print-env] [--quiet]
#   --print-env   print only `export` lines on stdout (eval "$(scripts/build-helmfile.sh --print-env)");
#                 build output goes to stderr
#
# Idempotent and safe to run concurrently: a second run waits for the first (flock on a lock of its own,
# so it does not wait for scripts/build-engine.sh) and then finds the binary built. Cold, it takes
# minutes (see docs/helmfile-oracle.md); run it in the background, e.g.
#   nohup scripts/build-helmfile.sh >/tmp/helmfile-build.log 2>&1 &
# and call it again later to wait for it.
#
# Environment:
#   PULUMI_HELMFILE_CACHE   cache folder (default $HOME/.cache/pulumi-helmfile)
#   PULUMI_HELMFILE_GO_P    go build -p (default 2)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC="$ROOT/tools/helmfile"
CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
BIN="$CACHE/bin"
STAMPS="$CACHE/stamps"
LOGS="$CACHE/logs"
# Not $CACHE/build: scripts/build-engine.sh removes that whole folder when it finishes.
BUILD="$CACHE/build-helmfile"
GO_P=${PULUMI_HELMFILE_GO_P:-2}
MODULE=github.com/helmfile/helmfile
RECIPE=1 # part of the stamp key: bump it when the go build flags below change

# shellcheck source=lib/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/go-tool.sh"
go_tool_start build-helmfile 24 "$@"
mkdir -p "$BIN"
GO_VERSION=$(go env GOVERSION)
VERSION=$(awk -v m="$MODULE" '$1 == m { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$SRC/go.mod")
[ -n "$VERSION" ] || die "tools/helmfile/go.mod does not require $MODULE"
OUT="$BIN/helmfile"

KEY=$({
  echo "recipe=$RECIPE $GO_VERSION $(go env GOOS GOARCH | paste -sd/) $VERSION"
  (cd "$SRC" && sha256sum go.mod go.sum)
} | sha256sum | cut -d' ' -f1)

version_ok() { # the binary reports the pinned version
  [ -x "$OUT" ] && [ "$(HELMFILE_UPGRADE_NOTICE_DISABLED=1 "$OUT" --version 2>/dev/null)" = "helmfile version $VERSION" ]
}

# shellcheck source=lib/timed.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/timed.sh"

if [ "$(cat "$STAMPS/helmfile" 2>/dev/null)" = "$KEY" ] && version_ok; then
  log "helmfile $VERSION is up to date"
else
  # Build in a copy so that go never writes to the work tree.
  rm -rf "$BUILD"
  mkdir -p "$BUILD"
  cp "$SRC/go.mod" "$SRC/go.sum" "$BUILD/"
  chmod u+w "$BUILD/go.mod" "$BUILD/go.sum"
  (
    cd "$BUILD"
    timed "download helmfile modules" "$LOGS/helmfile-download.log" go mod download
    # Commit and commit date of the tag, from the module proxy's .info (shown by `helmfile version`).
    info=$(go mod download -json "$MODULE@$VERSION" | sed -n 's/^[[:space:]]*"Info": "\(.*\)",$/\1/p')
    commit=$(sed -n 's/.*"Hash":"\([0-9a-f]\{7\}\)[0-9a-f]*".*/\1/p' "$info")
    commit_date=$(sed -n 's/.*"Time":"\([^"]*\)".*/\1/p' "$info")
    ldflags="-s -w -X go.szostok.io/version.version=$VERSION -X go.szostok.io/version.dirtyBuild=false"
    [ -z "$commit" ] || ldflags+=" -X go.szostok.io/version.commit=$commit"
    [ -z "$commit_date" ] || ldflags+=" -X go.szostok.io/version.commitDate=$commit_date"
    timed "build helmfile $VERSION" "$LOGS/helmfile-build.log" \
      go build -p "$GO_P" -trimpath -ldflags "$ldflags" -o "$BUILD/helmfile" "$MODULE"
  )
  rm -f "$OUT"
  install -m 0755 "$BUILD/helmfile" "$OUT"
  rm -rf "$BUILD"
  version_ok || die "$OUT --version does not say 'helmfile version $VERSION'"
  echo "$KEY" >"$STAMPS/helmfile"
fi

# No upgrade notice: `helmfile version` would otherwise ask GitHub for the latest release.
ENV_LINES="export PULUMI_HELMFILE_ORACLE=\"$OUT\"
export HELMFILE_UPGRADE_NOTICE_DISABLED=1"
if [ "$PRINT_ENV" = 1 ]; then
  echo "$ENV_LINES" >&3
else
  log "ready: $OUT"
  [ "$QUIET" = 1 ] || echo "$ENV_LINES"
fi
