# Sourced by the scripts that build one Go tool from the Go module proxy (build-helmfile.sh,
# build-chartify.sh, build-helm-diff.sh). Needs CACHE, STAMPS and LOGS from the caller.
#
# go_tool_start NAME HELP_LINES "$@": parses --print-env, --quiet and -h/--help (prints lines 2 to
# HELP_LINES of the script), defines `log` and `die` (prefixed with NAME), checks that go is on PATH,
# creates $STAMPS and $LOGS, takes the lock $CACHE/.lock-<NAME without "build-"> (waiting for a
# concurrent run of the same script, not for the other builds) and exports CGO_ENABLED=0 and
# GOFLAGS=-mod=mod. Sets PRINT_ENV and QUIET; with --print-env, stdout goes to stderr and fd 3 is
# the original stdout, for the `export` lines.
go_tool_start() {
  GO_TOOL_NAME=$1
  local help=$2
  shift 2
  PRINT_ENV=0
  QUIET=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --print-env) PRINT_ENV=1; shift ;;
      --quiet) QUIET=1; shift ;;
      -h|--help) sed -n "2,${help}p" "$0"; exit 0 ;;
      *) echo "$GO_TOOL_NAME: unknown argument $1" >&2; exit 2 ;;
    esac
  done
  if [ "$PRINT_ENV" = 1 ]; then exec 3>&1 1>&2; fi
  log() { [ "$QUIET" = 1 ] || echo "$GO_TOOL_NAME: $*"; }
  die() { echo "$GO_TOOL_NAME: error: $*" >&2; exit 1; }
  command -v go >/dev/null || die "go is not on PATH (needs Go >= 1.26.6)"
  mkdir -p "$STAMPS" "$LOGS"
  exec 9>"$CACHE/.lock-${GO_TOOL_NAME#build-}"
  if ! flock -n 9; then
    log "another $GO_TOOL_NAME is running on $CACHE; waiting for it"
    flock 9
  fi
  export CGO_ENABLED=0
  export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"
}
