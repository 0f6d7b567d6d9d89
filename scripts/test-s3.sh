#!/usr/bin/env bash
# Usage: scripts/test-s3.sh start [--port PORT] | stop | status | env
#
# An S3-compatible server on 127.0.0.1 for the shared-backend tests: moto's server (PyPI
# `moto[server]`, pinned below), installed once into a virtualenv under the cache, with the bucket
# `pulumi-state` created. Its state is in memory: stop drops every bucket.
#
#   start   install (cached), start the server unless it runs, create the bucket; print on stdout only
#             export PULUMI_HELMFILE_S3_BACKEND='s3://pulumi-state?endpoint=127.0.0.1:PORT&disableSSL=true&s3ForcePathStyle=true&region=us-east-1'
#             export AWS_ACCESS_KEY_ID=… AWS_SECRET_ACCESS_KEY=… AWS_REGION=us-east-1
#           so: eval "$(scripts/test-s3.sh start)"
#   stop    stop the server
#   status  one line: running|stopped, port
#   env     print the exports of a running server
#
# Environment:
#   PULUMI_HELMFILE_CACHE    cache folder (default $HOME/.cache/pulumi-helmfile)
#   PULUMI_HELMFILE_S3_PORT  port for start, like --port (default 19000)
set -euo pipefail

CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
MOTO_VERSION=5.2.1
VENV="$CACHE/s3-venv-$MOTO_VERSION"
DIR="$CACHE/s3"
PORT=${PULUMI_HELMFILE_S3_PORT:-19000}
BUCKET=pulumi-state
KEY=phf-test-key
SECRET=phf-test-secret

log() { echo "test-s3: $*" >&2; }
die() { echo "test-s3: error: $*" >&2; exit 1; }

python_of() { # a python with moto's server importable, installing it into $VENV when needed
  if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c "import moto.server" 2>/dev/null; then
    echo "$VENV/bin/python"; return
  fi
  local py
  py=$(command -v python3) || die "python3 is missing"
  log "installing moto[server]==$MOTO_VERSION into $VENV"
  rm -rf "$VENV"
  { "$py" -m venv "$VENV" && "$VENV/bin/pip" install -q "moto[server]==$MOTO_VERSION"; } >&2 \
    || die "pip install moto[server]==$MOTO_VERSION failed"
  echo "$VENV/bin/python"
}

running() {
  [ -f "$DIR/pid" ] && kill -0 "$(cat "$DIR/pid")" 2>/dev/null
}

print_env() {
  local port
  port=$(cat "$DIR/port")
  echo "export PULUMI_HELMFILE_S3_BACKEND='s3://$BUCKET?endpoint=127.0.0.1:$port&disableSSL=true&s3ForcePathStyle=true&region=us-east-1'"
  echo "export AWS_ACCESS_KEY_ID=$KEY AWS_SECRET_ACCESS_KEY=$SECRET AWS_REGION=us-east-1"
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
  local py
  py=$(python_of)
  echo "$PORT" >"$DIR/port"
  # setsid: the server outlives the shell that started it (jest's workers, npm test).
  setsid "$py" -m moto.server -H 127.0.0.1 -p "$PORT" >"$DIR/server.log" 2>&1 </dev/null &
  echo $! >"$DIR/pid"
  local i
  for i in $(seq 1 100); do
    if "$py" - "$PORT" "$BUCKET" <<'EOF' 2>/dev/null; then break; fi
import sys, urllib.request
req = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/{sys.argv[2]}", method="PUT")
urllib.request.urlopen(req, timeout=2)
EOF
    running || die "moto server exited: $(tail -5 "$DIR/server.log")"
    [ "$i" = 100 ] && die "moto server did not answer on 127.0.0.1:$PORT"
    sleep 0.2
  done
  log "S3 server on 127.0.0.1:$PORT, bucket $BUCKET"
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
