#!/usr/bin/env bash
# Builds the real Pulumi engine (CLI, Kubernetes provider plugin) and sops/age from the Go module
# proxy, at the versions pinned by tools/engine/*/go.mod, into a cache outside the work tree:
#
#   $CACHE/bin/          pulumi, pulumi-resource-pulumi-nodejs, pulumi-language-nodejs/-python/-go (our own),
#                        pulumi-helmfile-unlock (our own), sops, age, age-keygen
#   $CACHE/libexec/      pulumi-resource-kubernetes (installed as a plugin, not used from here)
#   $CACHE/pulumi-home/  private PULUMI_HOME holding the kubernetes plugin
#   $CACHE/stamps/       one stamp per piece: a piece whose inputs did not change is not rebuilt
#   $CACHE/logs/         build logs and times.log
#
# CACHE is ${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}. Go modules and build objects use
# Go's own caches (go env GOMODCACHE GOCACHE).
#
# Usage: scripts/build-engine.sh [--only cli|language-nodejs|language-python|language-go|language-yaml|kubernetes|sops]...
#                               [--print-env] [--quiet]
#   --print-env   print only `export` lines on stdout (eval "$(scripts/build-engine.sh --print-env)");
#                 build output goes to stderr
#   Afterwards:   source scripts/engine-env.sh
#
# Idempotent and safe to run concurrently: a second run waits for the first (flock) and then finds
# everything built. Cold, it takes a while (see docs/real-engine.md); run it in the background, e.g.
#   nohup scripts/build-engine.sh >/tmp/engine-build.log 2>&1 &
# and call it again later to wait for it.
#
# Environment:
#   PULUMI_HELMFILE_CACHE        cache folder (default $HOME/.cache/pulumi-helmfile)
#   PULUMI_HELMFILE_GO_P         go build -p (default 2)
#   PULUMI_HELMFILE_K8S_ALIAS    1 (default): also install the kubernetes plugin under the version of the
#                                npm @pulumi/kubernetes package when that differs (see K8S_VERSION); 0: don't
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ENGINE_SRC="$ROOT/tools/engine"
CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
BIN="$CACHE/bin"
LIBEXEC="$CACHE/libexec"
STAMPS="$CACHE/stamps"
LOGS="$CACHE/logs"
BUILD="$CACHE/build"
PULUMI_HOME_DIR="$CACHE/pulumi-home"
GO_P=${PULUMI_HELMFILE_GO_P:-2}

# The Kubernetes provider. The module github.com/pulumi/pulumi-kubernetes/provider/v4 has no tags of its own;
# tools/engine/kubernetes/go.mod requires it at the commit of a release tag (pseudo-version). The proxy
# serves only one such commit: v4.0.0-20260115033456-f47bc2d6f199 = tag v4.25.0. Keep these two in step.
K8S_VERSION=4.25.0
K8S_COMMIT=f47bc2d6f199

ONLY=()
PRINT_ENV=0
QUIET=0
while [ $# -gt 0 ]; do
  case "$1" in
    --only) ONLY+=("$2"); shift 2 ;;
    --print-env) PRINT_ENV=1; shift ;;
    --quiet) QUIET=1; shift ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "build-engine: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ ${#ONLY[@]} -gt 0 ] || ONLY=(cli language-nodejs language-python language-go language-yaml kubernetes sops)

if [ "$PRINT_ENV" = 1 ]; then exec 3>&1 1>&2; fi
log() { [ "$QUIET" = 1 ] || echo "build-engine: $*"; }
die() { echo "build-engine: error: $*" >&2; exit 1; }
wants() { local p; for p in "${ONLY[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

command -v go >/dev/null || die "go is not on PATH (needs Go >= 1.26.6)"
mkdir -p "$BIN" "$LIBEXEC" "$STAMPS" "$LOGS" "$BUILD" "$PULUMI_HOME_DIR"

# One build at a time per cache (a second caller waits, then finds everything stamped).
exec 9>"$CACHE/.lock"
if ! flock -n 9; then
  log "another build-engine is running on $CACHE; waiting for it"
  flock 9
fi

export CGO_ENABLED=0
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"
TAGS=osusergo,grpcnotrace
GO_VERSION=$(go env GOVERSION)

module_version() { # dir module: the version go.mod requires (read as text: never touches the module)
  awk -v m="$2" '$1 == m { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$1/go.mod"
}
npm_version() { # package
  local f="$ROOT/node_modules/$1/package.json"
  [ -f "$f" ] && sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$f" | head -1
}
# Stamp key: the piece's sources, the Go version, the flags and any extra words.
stamp_key() { # piece extra...
  local piece=$1; shift
  {
    echo "$GO_VERSION $TAGS $* $(uname -m)"
    (cd "$ENGINE_SRC/$piece" && find . -type f \( -name '*.go' -o -name '*.py' -o -name go.mod -o -name go.sum \) | LC_ALL=C sort | xargs sha256sum)
  } | sha256sum | cut -d' ' -f1
}
is_stamped() { # piece key files...
  local piece=$1 key=$2 f; shift 2
  [ "$(cat "$STAMPS/$piece" 2>/dev/null)" = "$key" ] || return 1
  for f in "$@"; do [ -x "$f" ] || return 1; done
}
# Copies a tools/engine module to $BUILD/<piece> so that building never touches the work tree.
stage() { # piece
  rm -rf "$BUILD/$1"
  cp -R "$ENGINE_SRC/$1" "$BUILD/$1"
  chmod -R u+w "$BUILD/$1"
}
timed() { # label logfile cmd...
  local label=$1 logfile=$2 start rc; shift 2
  start=$(date +%s)
  log "$label ... (log: $logfile)"
  set +e
  "$@" >"$logfile" 2>&1
  rc=$?
  set -e
  local secs=$(( $(date +%s) - start ))
  echo "$(date -u +%FT%TZ) $label ${secs}s rc=$rc go=$GO_VERSION" >>"$LOGS/times.log"
  if [ $rc -ne 0 ]; then tail -n 30 "$logfile" >&2; die "$label failed (rc=$rc), see $logfile"; fi
  log "$label done in ${secs}s"
}
gobuild() { # out ldflags pkg
  go build -p "$GO_P" -trimpath -tags "$TAGS" -ldflags "-s -w $2" -o "$1" "$3"
}

# ---------------------------------------------------------------- pulumi CLI
PULUMI_VERSION=$(module_version "$ENGINE_SRC/cli" github.com/pulumi/pulumi/pkg/v3)
build_cli() {
  local npm_pulumi
  npm_pulumi=$(npm_version @pulumi/pulumi || true)
  if [ -n "$npm_pulumi" ] && [ "v$npm_pulumi" != "$PULUMI_VERSION" ]; then
    log "warning: tools/engine/cli pins pulumi $PULUMI_VERSION but node_modules has @pulumi/pulumi $npm_pulumi"
  fi

  # A pulumi of the right version already on PATH (outside our cache) is used as it is.
  local onpath
  onpath=$(PATH=$(echo "$PATH" | tr ':' '\n' | grep -vxF "$BIN" | paste -sd: -) command -v pulumi || true)
  if [ -n "$onpath" ] && [ "$("$onpath" version 2>/dev/null)" = "$PULUMI_VERSION" ]; then
    log "pulumi $PULUMI_VERSION found on PATH at $onpath: linking it instead of building"
    ln -sfn "$(readlink -f "$onpath")" "$BIN/pulumi"
  else
    local key
    key=$(stamp_key cli "$PULUMI_VERSION")
    if is_stamped cli "$key" "$BIN/pulumi" && [ ! -L "$BIN/pulumi" ]; then
      log "pulumi $PULUMI_VERSION is up to date"
    else
      stage cli
      (
        cd "$BUILD/cli"
        timed "download cli modules" "$LOGS/cli-download.log" go mod download
        timed "build pulumi $PULUMI_VERSION" "$LOGS/cli-build.log" gobuild "$BUILD/cli/pulumi" \
          "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$PULUMI_VERSION" \
          github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
      )
      rm -f "$BIN/pulumi"
      install -m 0755 "$BUILD/cli/pulumi" "$BIN/pulumi"
      echo "$key" >"$STAMPS/cli"
    fi
  fi
  local got
  got=$("$BIN/pulumi" version)
  [ "$got" = "$PULUMI_VERSION" ] || die "$BIN/pulumi version says '$got', expected $PULUMI_VERSION"

  # Bundled plugins are looked up next to the pulumi binary. The npm SDK ships the script of the
  # pulumi-nodejs resource plugin (dynamic providers); the nodejs language host can't be built here.
  local dyn="$ROOT/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  if [ -f "$dyn" ]; then
    install -m 0755 "$dyn" "$BIN/pulumi-resource-pulumi-nodejs"
  else
    log "warning: $dyn not found (run npm install first): dynamic providers won't work"
  fi
}

# ---------------------------------------------------------------- nodejs language host
# Our own minimal host (tools/engine/language-nodejs): the upstream one is not served by the module proxy.
# The engine looks for it beside `pulumi`. It reports the npm @pulumi/pulumi version it runs.
build_language_nodejs() {
  local v key out="$BIN/pulumi-language-nodejs"
  v=$(npm_version @pulumi/pulumi || true)
  v=${v:-${PULUMI_VERSION#v}}
  key=$(stamp_key language-nodejs "$v")
  if is_stamped language-nodejs "$key" "$out"; then
    log "pulumi-language-nodejs (ours, $v) is up to date"
    return
  fi
  stage language-nodejs
  (
    cd "$BUILD/language-nodejs"
    timed "download language-nodejs modules" "$LOGS/language-nodejs-download.log" go mod download
    timed "build pulumi-language-nodejs" "$LOGS/language-nodejs-build.log" gobuild \
      "$BUILD/language-nodejs/pulumi-language-nodejs" "-X main.version=$v" .
  )
  install -m 0755 "$BUILD/language-nodejs/pulumi-language-nodejs" "$out"
  echo "$key" >"$STAMPS/language-nodejs"
}

# ---------------------------------------------------------------- python and go language hosts
# Our own minimal hosts (tools/engine/language-python, tools/engine/language-go): upstream's are not served
# by the module proxy either. The python host runs programs with the PyPI `pulumi` package of the virtual
# environment scripts/setup.sh makes (PYTHON_SDK_VERSION there); the go host compiles programs with `go build`.
PYTHON_SDK_VERSION=$(sed -n 's/^PYTHON_SDK_VERSION=\([0-9.]*\).*/\1/p' "$ROOT/scripts/setup.sh")
build_language_host() { # lang version
  local lang=$1 v=$2 key out="$BIN/pulumi-language-$1"
  key=$(stamp_key "language-$lang" "$v")
  if is_stamped "language-$lang" "$key" "$out"; then
    log "pulumi-language-$lang (ours, $v) is up to date"
    return
  fi
  stage "language-$lang"
  (
    cd "$BUILD/language-$lang"
    timed "download language-$lang modules" "$LOGS/language-$lang-download.log" go mod download
    timed "build pulumi-language-$lang" "$LOGS/language-$lang-build.log" gobuild \
      "$BUILD/language-$lang/pulumi-language-$lang" "-X main.version=$v" .
  )
  install -m 0755 "$BUILD/language-$lang/pulumi-language-$lang" "$out"
  echo "$key" >"$STAMPS/language-$lang"
}

# ---------------------------------------------------------------- yaml language host
# Upstream's (github.com/pulumi/pulumi-yaml, served by the module proxy), pinned by tools/engine/language-yaml,
# for Pulumi YAML programs (runtime: yaml), which use the component through the provider.
build_language_yaml() {
  local v key out="$BIN/pulumi-language-yaml"
  v=$(module_version "$ENGINE_SRC/language-yaml" github.com/pulumi/pulumi-yaml)
  key=$(stamp_key language-yaml "$v")
  if is_stamped language-yaml "$key" "$out"; then
    log "pulumi-language-yaml $v is up to date"
    return
  fi
  stage language-yaml
  (
    cd "$BUILD/language-yaml"
    timed "download language-yaml modules" "$LOGS/language-yaml-download.log" go mod download
    timed "build pulumi-language-yaml $v" "$LOGS/language-yaml-build.log" gobuild \
      "$BUILD/language-yaml/pulumi-language-yaml" "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=$v" \
      github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml
  )
  install -m 0755 "$BUILD/language-yaml/pulumi-language-yaml" "$out"
  echo "$key" >"$STAMPS/language-yaml"
}

# ---------------------------------------------------------------- kubernetes provider
build_kubernetes() {
  local pv
  pv=$(module_version "$ENGINE_SRC/kubernetes" github.com/pulumi/pulumi-kubernetes/provider/v4)
  case "$pv" in
    *-"$K8S_COMMIT") ;;
    *) die "tools/engine/kubernetes requires provider/v4 $pv, but this script says $K8S_VERSION = $K8S_COMMIT" ;;
  esac
  local key out="$LIBEXEC/pulumi-resource-kubernetes"
  key=$(stamp_key kubernetes "$K8S_VERSION")
  if is_stamped kubernetes "$key" "$out"; then
    log "pulumi-resource-kubernetes $K8S_VERSION is up to date"
  else
    stage kubernetes
    (
      cd "$BUILD/kubernetes"
      timed "download kubernetes modules" "$LOGS/kubernetes-download.log" go mod download
      timed "generate kubernetes schema" "$LOGS/kubernetes-gen.log" go run ./gen -version "$K8S_VERSION" -out .
      timed "build pulumi-resource-kubernetes $K8S_VERSION" "$LOGS/kubernetes-build.log" gobuild \
        "$BUILD/kubernetes/pulumi-resource-kubernetes" \
        "-X github.com/pulumi/pulumi-kubernetes/provider/v4/pkg/version.Version=$K8S_VERSION" .
    )
    install -m 0755 "$BUILD/kubernetes/pulumi-resource-kubernetes" "$out"
    rm -f "$BUILD/kubernetes/"*-embed.json
    echo "$key" >"$STAMPS/kubernetes"
  fi
}

install_kubernetes_plugin() {
  local versions=("$K8S_VERSION") npm_k8s v
  npm_k8s=$(npm_version @pulumi/kubernetes || true)
  if [ -n "$npm_k8s" ] && [ "$npm_k8s" != "$K8S_VERSION" ]; then
    if [ "${PULUMI_HELMFILE_K8S_ALIAS:-1}" = 1 ]; then
      log "note: npm @pulumi/kubernetes is $npm_k8s; also installing the $K8S_VERSION provider as plugin v$npm_k8s"
      versions+=("$npm_k8s")
    else
      log "warning: npm @pulumi/kubernetes is $npm_k8s but the provider is $K8S_VERSION (no alias installed)"
    fi
  fi
  for v in "${versions[@]}"; do
    local dir="$PULUMI_HOME_DIR/plugins/resource-kubernetes-v$v"
    if cmp -s "$LIBEXEC/pulumi-resource-kubernetes" "$dir/pulumi-resource-kubernetes"; then
      continue
    fi
    PULUMI_HOME="$PULUMI_HOME_DIR" PULUMI_SKIP_UPDATE_CHECK=true \
      "$BIN/pulumi" plugin install resource kubernetes "v$v" --file "$LIBEXEC/pulumi-resource-kubernetes" --reinstall \
      >"$LOGS/kubernetes-plugin-install.log" 2>&1 \
      || { cat "$LOGS/kubernetes-plugin-install.log" >&2; die "pulumi plugin install kubernetes v$v failed"; }
    log "installed plugin resource kubernetes v$v into $PULUMI_HOME_DIR"
  done
}

# ---------------------------------------------------------------- sops, age
build_sops() {
  local sops_v age_v key
  sops_v=$(module_version "$ENGINE_SRC/sops" github.com/getsops/sops/v3)
  age_v=$(module_version "$ENGINE_SRC/sops" filippo.io/age)
  key=$(stamp_key sops "$sops_v" "$age_v")
  if is_stamped sops "$key" "$BIN/sops" "$BIN/age" "$BIN/age-keygen"; then
    log "sops $sops_v, age $age_v are up to date"
    return
  fi
  stage sops
  (
    cd "$BUILD/sops"
    timed "download sops modules" "$LOGS/sops-download.log" go mod download
    timed "build sops $sops_v" "$LOGS/sops-build.log" gobuild "$BUILD/sops/sops" "" github.com/getsops/sops/v3/cmd/sops
    timed "build age $age_v" "$LOGS/age-build.log" bash -c "
      go build -p $GO_P -trimpath -tags $TAGS -ldflags '-s -w -X main.Version=$age_v' -o '$BUILD/sops/age' filippo.io/age/cmd/age &&
      go build -p $GO_P -trimpath -tags $TAGS -ldflags '-s -w -X main.Version=$age_v' -o '$BUILD/sops/age-keygen' filippo.io/age/cmd/age-keygen"
  )
  install -m 0755 "$BUILD/sops/sops" "$BUILD/sops/age" "$BUILD/sops/age-keygen" "$BIN/"
  echo "$key" >"$STAMPS/sops"
}

# ---------------------------------------------------------------- pulumi-helmfile-unlock
# Clears a stack's locks on a self-managed backend, also for a stack that was never saved (`cancel`).
# tools/engine/unlock has only its main.go: it is built inside a copy of the cli module, against the
# same pulumi packages (the Go build cache already holds them after the CLI's build).
build_unlock() {
  local key out="$BIN/pulumi-helmfile-unlock"
  key=$(stamp_key unlock "$(cat "$ENGINE_SRC/cli/go.mod" "$ENGINE_SRC/cli/go.sum" | sha256sum | cut -d' ' -f1)")
  if is_stamped unlock "$key" "$out"; then
    log "pulumi-helmfile-unlock is up to date"
    return
  fi
  stage cli
  mkdir -p "$BUILD/cli/unlock"
  cp "$ENGINE_SRC/unlock/main.go" "$BUILD/cli/unlock/main.go"
  (
    cd "$BUILD/cli"
    timed "download cli modules" "$LOGS/cli-download.log" go mod download
    timed "build pulumi-helmfile-unlock" "$LOGS/unlock-build.log" gobuild "$BUILD/cli/pulumi-helmfile-unlock" "" ./unlock
  )
  install -m 0755 "$BUILD/cli/pulumi-helmfile-unlock" "$out"
  echo "$key" >"$STAMPS/unlock"
}

# ---------------------------------------------------------------- main
# The CLI is needed to install the kubernetes plugin, so it is built first whenever kubernetes is wanted.
if wants cli || wants kubernetes; then build_cli; build_unlock; fi
if wants language-nodejs; then build_language_nodejs; fi
if wants language-python; then build_language_host python "${PYTHON_SDK_VERSION:-0.0.0}"; fi
if wants language-go; then
  build_language_host go "$(module_version "$ENGINE_SRC/language-go" github.com/pulumi/pulumi/sdk/v3 | sed 's/^v//')"
fi
if wants language-yaml; then build_language_yaml; fi
if wants kubernetes; then build_kubernetes; install_kubernetes_plugin; fi
if wants sops; then build_sops; fi

# Build trees are only needed while building.
rm -rf "$BUILD"

ENV_LINES="export PATH=\"$BIN:\$PATH\"
export PULUMI_HOME=\"$PULUMI_HOME_DIR\"
export PULUMI_HELMFILE_PULUMI_ROOT=\"$CACHE\"
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_IGNORE_AMBIENT_PLUGINS=true
export SOPS_DISABLE_VERSION_CHECK=1
export PULUMI_CONFIG_PASSPHRASE=\"\${PULUMI_CONFIG_PASSPHRASE-}\""
if [ "$PRINT_ENV" = 1 ]; then
  echo "$ENV_LINES" >&3
else
  log "ready in $CACHE. To use it: source scripts/engine-env.sh   (or eval \"\$(scripts/build-engine.sh --print-env)\")"
  [ "$QUIET" = 1 ] || echo "$ENV_LINES"
fi
