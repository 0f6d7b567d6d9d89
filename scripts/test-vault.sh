#!/usr/bin/env bash
# Usage: scripts/test-vault.sh start [--port PORT] | stop | status | env
#
# A real Vault dev server on 127.0.0.1 for the secret-reference tests: `vault server -dev` of the
# binary scripts/build-vault.sh builds (built first when missing), root token `phf-root-token`. Its
# storage is in memory: stop drops every secret; the tests seed what they read
# (tests/support/vault-refs.ts).
#
#   start   build (cached), start the server unless it runs; print on stdout only
#             export VAULT_ADDR=http://127.0.0.1:PORT VAULT_TOKEN=phf-root-token
#           so: eval "$(scripts/test-vault.sh start)"
#   stop    stop the server
#   status  one line: running|stopped, port
#   env     print the exports of a running server
#
# Environment:
#   PULUMI_HELMFILE_CACHE       cache folder (default $HOME/.cache/pulumi-helmfile)
#   PULUMI_HELMFILE_VAULT_PORT  port for start, like --port (default 18200)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
DIR="$CACHE/vault"
PORT=${PULUMI_HELMFILE_VAULT_PORT:-18200}
TOKEN=phf-root-token

log() { echo "test-vault: $*" >&2; }
die() { echo "test-vault: error: $*" >&2; exit 1; }

running() { [ -f "$DIR/pid" ] && kill -0 "$(cat "$DIR/pid")" 2>/dev/null; }

print_env() {
  echo "export VAULT_ADDR=http://127.0.0.1:$(cat "$DIR/port") VAULT_TOKEN=$TOKEN"
}

start() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --port) PORT=$2; shift 2 ;;
      *) die "unknown option $1" ;;
    esac
  done
  mkdir -p "$DIR"
  if running; then print_env; return; fi
  local bin
  bin=$(bash "$ROOT/scripts/build-vault.sh" --quiet --print-env | sed -n 's/^export PULUMI_HELMFILE_VAULT=//p')
  [ -x "$bin" ] || die "scripts/build-vault.sh gave no vault binary"
  echo "$PORT" >"$DIR/port"
  # setsid: the server outlives the shell that started it (jest's workers, npm test).
  setsid "$bin" server -dev -dev-root-token-id="$TOKEN" -dev-listen-address="127.0.0.1:$PORT" \
    >"$DIR/server.log" 2>&1 </dev/null &
  echo $! >"$DIR/pid"
  local i
  for i in $(seq 1 150); do
    if VAULT_ADDR="http://127.0.0.1:$PORT" VAULT_TOKEN=$TOKEN "$bin" status >/dev/null 2>&1; then break; fi
    running || die "vault server exited: $(tail -5 "$DIR/server.log")"
    [ "$i" = 150 ] && die "vault server did not answer on 127.0.0.1:$PORT"
    sleep 0.2
  done
  log "vault dev server on 127.0.0.1:$PORT"
  print_env
}

stop() {
  if running; then
    kill "$(cat "$DIR/pid")" 2>/dev/null || true
    log "stopped"
  fi
  rm -f "$DIR/pid"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) stop ;;
  status) if running; then echo "running	$(cat "$DIR/port")"; else echo "stopped"; fi ;;
  env) running || die "not running"; print_env ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; [ -n "${1:-}" ] && exit 3 || exit 0 ;;
esac
