# Sourced by the build scripts (scripts/build-helmfile.sh, scripts/test-cluster.sh). Needs `log`,
# `die` and `$LOGS` from the caller.
#
# timed label logfile cmd...: runs cmd with its output in logfile, then appends one line with the
# wall and CPU (user+sys) seconds, the exit status, the Go version and the load to $LOGS/times.log;
# on failure prints the log's tail and dies.
timed() {
  local label=$1 logfile=$2 start rc cpu TIMEFORMAT='%U %S'; shift 2
  log "$label ... (log: $logfile)"
  start=$(date +%s)
  set +e
  { time "$@" >"$logfile" 2>&1 9>&-; } 2>"$logfile.time"
  rc=$?
  set -e
  local secs=$(( $(date +%s) - start ))
  cpu=$(awk '{ printf "%d", $1 + $2 }' "$logfile.time" 2>/dev/null || echo '?')
  rm -f "$logfile.time"
  echo "$(date -u +%FT%TZ) $label ${secs}s cpu=${cpu}s rc=$rc go=$(go env GOVERSION) load=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' /)" >>"$LOGS/times.log"
  if [ $rc -ne 0 ]; then tail -n 30 "$logfile" >&2; die "$label failed (rc=$rc), see $logfile"; fi
  log "$label done in ${secs}s (cpu ${cpu}s)"
}
