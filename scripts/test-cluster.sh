#!/usr/bin/env bash
# Usage: scripts/test-cluster.sh start [--name NAME] [--port PORT] | stop [--name NAME|--all] | status | kubeconfig [NAME...] | build
#        scripts/test-cluster.sh restart-apiserver [--name NAME] [--down SECONDS]
#
# A real Kubernetes control plane on 127.0.0.1 for end-to-end tests: etcd, kube-apiserver,
# kube-controller-manager and kube-scheduler, with two simulated nodes (kwok: Pods become Ready and Jobs
# finish, no container runs), RBAC enforced, admin and limited users. See docs/test-cluster.md.
#
#   build       build etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubectl and kwok from the
#               Go module proxy at the versions pinned by tools/cluster/go.mod and tools/kwok/go.mod, into
#               $CACHE/cluster-bin (cached by a stamp)
#   start       build (cached), then start instance NAME (default a) unless it already runs; wait for
#               /readyz, the default namespace and its default ServiceAccount, the limited users' RBAC and
#               the simulated nodes; print on stdout only
#                 export KUBECONFIG=<instance dir>/kubeconfig   (context test-NAME)
#                 export PATH=$CACHE/cluster-bin:$PATH          (kubectl of the same version)
#               so: eval "$(scripts/test-cluster.sh start --name b)"
#   stop        stop instance NAME (default a) or every instance (--all) and delete its data
#   restart-apiserver  kill instance NAME's kube-apiserver, keep it down SECONDS (default 5), start it again
#               with the same flags and data and wait for /readyz (for fault tests)
#   status      one line per instance: name, state, port, kubeconfig
#   kubeconfig  print one kubeconfig holding the contexts of the given running instances (default: all
#               running), current context test-FIRST: kubeconfig a b > merged
#
# Contexts per instance NAME (docs/test-cluster.md has the table): test-NAME (admin, static token),
# test-NAME-exec (admin through the exec credential plugin tests/support/exec-credential.sh),
# test-NAME-team-a and test-NAME-team-a-exec (user team-a-deployer: the `admin` role in namespace
# team-a only, by token and by exec plugin), test-NAME-no-secrets (user team-a-no-secrets: workloads
# in team-a, no Secrets). Namespaces team-a and team-b exist from the start.
#
# Ports: instance a serves on 16443, b on 16453, and a letter's instance on 16443 + 10 * (its place in
# the alphabet); any other name needs --port. An instance with API port P also uses P+1 (etcd client),
# P+2 (etcd peer), P+3 (controller-manager), P+4 (scheduler) and P+5 (kwok), all on 127.0.0.1.
#
# Environment:
#   PULUMI_HELMFILE_CACHE         cache folder (default $HOME/.cache/pulumi-helmfile): binaries, logs, stamps
#   PULUMI_HELMFILE_CLUSTER_DIR   instances' runtime folder (default $CACHE/clusters/<name>)
#   PULUMI_HELMFILE_CLUSTER_PORT  API port for start, like --port
#   PULUMI_HELMFILE_GO_P          go build -p (default 2)
#   PULUMI_HELMFILE_CLUSTER_TIMEOUT  seconds start waits for readiness (default 120)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC="$ROOT/tools/cluster"
KWOK_SRC="$ROOT/tools/kwok"
CACHE=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
CBIN="$CACHE/cluster-bin"
STAMPS="$CACHE/stamps"
LOGS="$CACHE/logs"
BUILD="$CACHE/build/cluster"
CLUSTERS=${PULUMI_HELMFILE_CLUSTER_DIR:-$CACHE/clusters}
GO_P=${PULUMI_HELMFILE_GO_P:-2}
TIMEOUT=${PULUMI_HELMFILE_CLUSTER_TIMEOUT:-120}
BASE_PORT=16443
SERVICE_RANGE=10.0.0.0/24
SERVICE_IP=10.0.0.1 # the first address of SERVICE_RANGE: the kubernetes Service
BINARIES=(etcd kube-apiserver kube-controller-manager kube-scheduler kubectl kwok)
# The processes of an instance, in start order.
PROCESSES=(etcd kube-apiserver kube-controller-manager kube-scheduler kwok)
KWOK_STAGES="$ROOT/tests/support/kwok-stages.yaml"
NODES=2 # simulated nodes kwok-node-0..
EXEC_PLUGIN="$ROOT/tests/support/exec-credential.sh"

# The controllers that make sense without nodes: object lifecycle (namespace deletion, garbage collection,
# finalizers), service accounts and their CA, RBAC aggregation, quotas, workload controllers (they create
# Pods, which stay Pending), endpoints. Left out: node, volume attach/bind, HPA, CSR and cloud controllers.
CONTROLLERS=namespace-controller,garbage-collector-controller,serviceaccount-controller,serviceaccount-token-controller,root-ca-certificate-publisher-controller,clusterrole-aggregation-controller,persistentvolumeclaim-protection-controller,persistentvolume-protection-controller,volumeattributesclass-protection-controller,resourcequota-controller,endpoints-controller,endpointslice-controller,endpointslice-mirroring-controller,service-cidr-controller,deployment-controller,replicaset-controller,statefulset-controller,daemonset-controller,job-controller,cronjob-controller,replicationcontroller-controller,disruption-controller,ttl-after-finished-controller,pod-garbage-collector-controller,ephemeral-volume-controller,validatingadmissionpolicy-status-controller,legacy-serviceaccount-token-cleaner-controller

log() { echo "test-cluster: $*" >&2; }
die() { echo "test-cluster: error: $*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

module_version() { # module [go.mod]: the version the go.mod (default tools/cluster's) requires (read as text)
  awk -v m="$1" '$1 == m { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "${2:-$SRC/go.mod}"
}
K8S_VERSION=$(module_version k8s.io/kubernetes)
ETCD_VERSION=$(module_version go.etcd.io/etcd/server/v3)
KWOK_VERSION=$(module_version sigs.k8s.io/kwok "$KWOK_SRC/go.mod")

# A missing Debian package is installed when we run as root (CI and the sessions do).
need() { # command package
  command -v "$1" >/dev/null && return
  [ "$(id -u)" = 0 ] || die "$1 is missing (Debian package $2)"
  log "installing $2 (for $1)"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2"; } >&2 \
    || die "apt-get install $2 failed"
}

# ---------------------------------------------------------------- build
stamp_key() {
  {
    echo "$(go env GOVERSION) $K8S_VERSION $ETCD_VERSION $KWOK_VERSION $(uname -m) ${BINARIES[*]}"
    (cd "$ROOT/tools" && find cluster kwok -type f \( -name '*.go' -o -name go.mod -o -name go.sum \) | LC_ALL=C sort | xargs sha256sum)
  } | sha256sum | cut -d' ' -f1
}
is_built() { # key
  [ "$(cat "$STAMPS/cluster" 2>/dev/null)" = "$1" ] || return 1
  local b
  for b in "${BINARIES[@]}"; do [ -x "$CBIN/$b" ] || return 1; done
}
# shellcheck source=lib/timed.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/timed.sh"

build() {
  command -v go >/dev/null || die "go is not on PATH (tools/cluster/go.mod needs Go >= $(awk '$1 == "go" { print $2 }' "$SRC/go.mod"))"
  if [ -z "$K8S_VERSION" ] || [ -z "$ETCD_VERSION" ] || [ -z "$KWOK_VERSION" ]; then die "can't read the pinned versions from $SRC/go.mod and $KWOK_SRC/go.mod"; fi
  local key
  key=$(stamp_key)
  is_built "$key" && return 0
  mkdir -p "$CBIN" "$STAMPS" "$LOGS" "$CACHE/build"
  # One build at a time per cache (not the engine's lock: the two builds may run side by side).
  exec 9>"$CACHE/.cluster-build.lock"
  if ! flock -n 9; then
    log "another test-cluster build is running on $CACHE; waiting for it"
    flock 9
  fi
  if is_built "$key"; then exec 9>&-; return 0; fi

  # Built from a copy, so that building never touches the work tree.
  rm -rf "$BUILD" "$BUILD-kwok"
  cp -R "$SRC" "$BUILD"
  cp -R "$KWOK_SRC" "$BUILD-kwok"
  chmod -R u+w "$BUILD" "$BUILD-kwok"
  local minor=${K8S_VERSION#v1.} date ldflags=() b
  minor=${minor%%.*}
  date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  for b in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldflags+=("-X $b.gitVersion=$K8S_VERSION" "-X $b.gitMajor=1" "-X $b.gitMinor=$minor" "-X $b.buildDate=$date")
  done
  (
    cd "$BUILD"
    export CGO_ENABLED=0 GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"
    timed "download cluster modules ($K8S_VERSION, etcd $ETCD_VERSION)" "$LOGS/cluster-download.log" go mod download
    timed "build etcd $ETCD_VERSION" "$LOGS/cluster-etcd-build.log" \
      go build -p "$GO_P" -trimpath -ldflags "-s -w" -o "$BUILD/bin/etcd" ./etcd
    for b in kube-apiserver kube-controller-manager kube-scheduler kubectl; do
      timed "build $b $K8S_VERSION" "$LOGS/cluster-$b-build.log" \
        go build -p "$GO_P" -trimpath -ldflags "-s -w ${ldflags[*]}" -o "$BUILD/bin/$b" "k8s.io/kubernetes/cmd/$b"
    done
    cd "$BUILD-kwok"
    timed "download kwok modules ($KWOK_VERSION)" "$LOGS/cluster-kwok-download.log" go mod download
    timed "build kwok $KWOK_VERSION" "$LOGS/cluster-kwok-build.log" \
      go build -p "$GO_P" -trimpath -ldflags "-s -w -X sigs.k8s.io/kwok/pkg/consts.Version=$KWOK_VERSION" \
      -o "$BUILD/bin/kwok" sigs.k8s.io/kwok/cmd/kwok
  )
  for b in "${BINARIES[@]}"; do install -m 0755 "$BUILD/bin/$b" "$CBIN/$b"; done
  rm -rf "$BUILD" "$BUILD-kwok"
  echo "$key" >"$STAMPS/cluster"
  exec 9>&-
  log "built ${BINARIES[*]} into $CBIN"
}

# ---------------------------------------------------------------- instances
default_port() { # name
  case "$1" in
    [a-z]) echo $(( BASE_PORT + 10 * ($(printf '%d' "'$1") - 97) )) ;;
    *) return 1 ;;
  esac
}
valid_name() { [[ "$1" =~ ^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$ ]] || die "bad instance name '$1' (lowercase letters, digits, -)"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A pid file is live when its process runs one of our binaries.
live_pid() { # pidfile binary: prints the pid when live
  local pid
  pid=$(cat "$1" 2>/dev/null) || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  local argv0
  IFS= read -r -d '' argv0 <"/proc/$pid/cmdline" 2>/dev/null || return 1
  [ "$(basename -- "${argv0:-x}")" = "$2" ] || return 1
  echo "$pid"
}
state() { # dir: running | stopped | partial
  local n=0 p
  for p in "${PROCESSES[@]}"; do
    live_pid "$1/$p.pid" "$p" >/dev/null && n=$((n + 1))
  done
  if [ "$n" = "${#PROCESSES[@]}" ]; then echo running; elif [ "$n" = 0 ]; then echo stopped; else echo partial; fi
}

# Starts a binary in its own session (so its process group is its pid), logs to a file, detached from
# our stdin/stdout and locks; the process writes its own pid file.
spawn() { # dir binary args...
  local dir=$1 bin=$2; shift 2
  # shellcheck disable=SC2016 # expanded by the inner bash
  setsid bash -c 'echo $$ >"$0"; exec "$@"' "$dir/$bin.pid" "$CBIN/$bin" "$@" \
    </dev/null >"$dir/logs/$bin.log" 2>&1 8>&- 9>&- &
  for _ in $(seq 50); do [ -s "$dir/$bin.pid" ] && return 0; sleep 0.1; done
  die "$bin did not start (see $dir/logs/$bin.log)"
}
# Stops the three processes together (their data is thrown away, so the order does not matter):
# SIGTERM to each process group, then SIGKILL to what still runs after 10 s.
stop_processes() { # dir
  local p pid pids=() left
  for p in kwok kube-scheduler kube-controller-manager kube-apiserver etcd; do
    if pid=$(live_pid "$1/$p.pid" "$p"); then
      pids+=("$pid")
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    fi
    rm -f "$1/$p.pid"
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  for _ in $(seq 100); do
    left=()
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && left+=("$pid"); done
    [ ${#left[@]} -gt 0 ] || return 0
    sleep 0.1
  done
  log "killing ${left[*]}: still running 10 s after SIGTERM"
  for pid in "${left[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true; done
  for _ in $(seq 50); do
    left=()
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && left+=("$pid"); done
    [ ${#left[@]} -gt 0 ] || return 0
    sleep 0.1
  done
}

lock_instance() { # name: per-instance lock on fd 8, outside the instance's folder (stop deletes that)
  mkdir -p "$CLUSTERS"
  exec 8>"$CLUSTERS/.$1.lock"
  flock 8
}

# ECDSA P-256 keys: RSA key generation takes seconds on a busy machine.
gen_pki() { # dir
  local pki=$1/pki
  mkdir -p "$pki"
  (
    cd "$pki"
    umask 077
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key
    openssl req -x509 -new -key ca.key -sha256 -days 3650 -subj "/CN=pulumi-helmfile-test-ca" -out ca.crt
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out apiserver.key
    openssl req -new -key apiserver.key -subj "/CN=kube-apiserver" -out apiserver.csr
    printf '%s\n' "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature" \
      "extendedKeyUsage=serverAuth" \
      "subjectAltName=IP:127.0.0.1,IP:$SERVICE_IP,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local" \
      >apiserver.ext
    openssl x509 -req -in apiserver.csr -CA ca.crt -CAkey ca.key -CAcreateserial -sha256 -days 3650 \
      -extfile apiserver.ext -out apiserver.crt
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out sa.key
    openssl pkey -in sa.key -pubout -out sa.pub
    rm -f apiserver.csr apiserver.ext ca.srl
  ) >"$1/logs/openssl.log" 2>&1 || { cat "$1/logs/openssl.log" >&2; die "certificate generation failed"; }
}

inst() { # dir key: a value from the instance's instance.env
  sed -n "s/^$2=//p" "$1/instance.env" 2>/dev/null
}
kubeconfig_yaml() { # dir...: one kubeconfig with a cluster, user and context test-NAME per instance dir
  local d name port ca token
  echo "apiVersion: v1"
  echo "kind: Config"
  echo "preferences: {}"
  echo "current-context: test-$(inst "$1" NAME)"
  echo "clusters:"
  for d in "$@"; do
    name=$(inst "$d" NAME); port=$(inst "$d" PORT)
    ca=$(base64 -w0 <"$d/pki/ca.crt")
    printf -- '- name: test-%s\n  cluster:\n    server: https://127.0.0.1:%s\n    certificate-authority-data: %s\n' "$name" "$port" "$ca"
  done
  echo "users:"
  for d in "$@"; do
    name=$(inst "$d" NAME)
    printf -- '- name: test-%s\n  user:\n    token: %s\n' "$name" "$(cat "$d/pki/admin.token")"
    printf -- '- name: test-%s-team-a\n  user:\n    token: %s\n' "$name" "$(cat "$d/pki/team-a.token")"
    printf -- '- name: test-%s-no-secrets\n  user:\n    token: %s\n' "$name" "$(cat "$d/pki/no-secrets.token")"
    exec_user "test-$name-exec" "$d/pki/exec.token"
    exec_user "test-$name-team-a-exec" "$d/pki/team-a.token"
  done
  echo "contexts:"
  for d in "$@"; do
    name=$(inst "$d" NAME)
    context "test-$name" "test-$name" "test-$name"
    context "test-$name-exec" "test-$name" "test-$name-exec"
    context "test-$name-team-a" "test-$name" "test-$name-team-a" team-a
    context "test-$name-team-a-exec" "test-$name" "test-$name-team-a-exec" team-a
    context "test-$name-no-secrets" "test-$name" "test-$name-no-secrets" team-a
  done
}
exec_user() { # user token-file: a user whose token comes from the exec credential plugin of tests/
  printf -- '- name: %s\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n' "$1"
  printf -- '      command: %s\n      args:\n      - %s\n      interactiveMode: Never\n' "$EXEC_PLUGIN" "$2"
}
context() { # name cluster user [namespace]
  printf -- '- name: %s\n  context:\n    cluster: %s\n    user: %s\n' "$1" "$2" "$3"
  [ -z "${4:-}" ] || printf -- '    namespace: %s\n' "$4"
}

since() { # start (date +%s.%N): seconds since then
  awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'
}
wait_until() { # what deadline cmd...
  local what=$1 deadline=$2; shift 2
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || { log "timed out waiting for $what"; return 1; }
    sleep 0.2
  done
}

print_env() { # dir
  printf 'export KUBECONFIG="%s"\n' "$1/kubeconfig"
  # shellcheck disable=SC2016 # $PATH is for the caller's eval
  printf 'export PATH="%s:$PATH"\n' "$CBIN"
}

# kube-apiserver of an instance (start and restart-apiserver give it the same flags).
spawn_apiserver() { # dir port etcd_port
  local dir=$1 port=$2 etcd_port=$3
  spawn "$dir" kube-apiserver \
    --etcd-servers "http://127.0.0.1:$etcd_port" \
    --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$port" \
    --tls-cert-file "$dir/pki/apiserver.crt" --tls-private-key-file "$dir/pki/apiserver.key" \
    --cert-dir "$dir/pki" \
    --token-auth-file "$dir/pki/tokens.csv" --anonymous-auth=false \
    --authorization-mode RBAC \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$dir/pki/sa.pub" --service-account-signing-key-file "$dir/pki/sa.key" \
    --service-cluster-ip-range "$SERVICE_RANGE" \
    --allow-privileged=true --profiling=false
}

# Kills the instance's kube-apiserver (SIGKILL to its process group: a crash, so clients see open
# connections drop and the port refuse), keeps it down DOWN seconds, then
# starts it again with the same flags on the same etcd and waits for /readyz: the other processes and
# the data stay. For fault tests of clients that lose the API server in the middle of their work.
restart_apiserver() { # name down
  local name=$1 down=$2 dir="$CLUSTERS/$1" pid port etcd_port deadline
  [[ "$down" =~ ^[0-9]+$ ]] || die "bad --down '$down' (seconds)"
  lock_instance "$name"
  [ "$(state "$dir")" = running ] || die "instance $name does not run (start it: scripts/test-cluster.sh start --name $name)"
  port=$(inst "$dir" PORT); etcd_port=$(inst "$dir" ETCD_PORT)
  pid=$(live_pid "$dir/kube-apiserver.pid" kube-apiserver) || die "no kube-apiserver runs for $name"
  kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$dir/kube-apiserver.pid"
  log "killed kube-apiserver of $name; starting it again in $down s"
  sleep "$down"
  deadline=$(( $(date +%s) + TIMEOUT ))
  spawn_apiserver "$dir" "$port" "$etcd_port"
  wait_until "kube-apiserver" "$deadline" env KUBECONFIG="$dir/kubeconfig" "$CBIN/kubectl" get --raw /readyz \
    || die "kube-apiserver of $name did not come back (see $dir/logs/kube-apiserver.log)"
  log "kube-apiserver of $name serves again on https://127.0.0.1:$port"
}

start() { # name port
  local name=$1 port=$2 dir="$CLUSTERS/$1"
  lock_instance "$name"
  case "$(state "$dir")" in
    running)
      local oldport
      oldport=$(inst "$dir" PORT)
      [ -z "$port" ] || [ "$port" = "$oldport" ] || log "warning: $name already runs on port $oldport (not $port): reusing it"
      if [ ! -s "$dir/pki/team-a.token" ]; then
        log "$name was started by an older test-cluster.sh (no limited users): restarting it"
      elif KUBECONFIG="$dir/kubeconfig" "$CBIN/kubectl" get --raw /readyz >/dev/null 2>&1; then
        log "$name already runs on https://127.0.0.1:$oldport: reusing it"
        print_env "$dir"
        return 0
      else
        log "$name runs but does not answer /readyz: restarting it"
      fi
      ;;
    partial) log "$name is partly running: restarting it" ;;
  esac
  if [ -d "$dir" ]; then
    stop_processes "$dir"
    rm -rf "$dir"
  fi
  if [ -z "$port" ]; then port=$(default_port "$name") || die "instance '$name' has no default port: give --port"; fi
  if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1024 ] || [ "$port" -gt 65532 ]; then die "bad port '$port'"; fi
  local etcd_port=$((port + 1)) peer_port=$((port + 2)) kcm_port=$((port + 3)) sched_port=$((port + 4)) kwok_port=$((port + 5)) p
  for p in "$port" "$etcd_port" "$peer_port" "$kcm_port" "$sched_port" "$kwok_port"; do
    ! port_open "$p" || die "port $p on 127.0.0.1 is in use (instance $name needs $port..$kwok_port): give another --port"
  done

  local t0 deadline
  t0=$(date +%s.%N)
  deadline=$(( $(date +%s) + TIMEOUT ))
  mkdir -p "$dir/logs" "$dir/etcd"
  chmod 700 "$dir" "$dir/etcd"
  gen_pki "$dir"
  cat >"$dir/instance.env" <<EOF
NAME=$name
PORT=$port
ETCD_PORT=$etcd_port
ETCD_PEER_PORT=$peer_port
KCM_PORT=$kcm_port
SCHEDULER_PORT=$sched_port
KWOK_PORT=$kwok_port
EOF
  local kcm
  kcm=$(openssl rand -hex 24)
  (umask 077
   # Static tokens (kube-apiserver --token-auth-file: token,user,uid,"groups"): see the users' table in
   # docs/test-cluster.md. team-a-deployer and team-a-no-secrets get their rights from RBAC (rbac()).
   local user
   for user in admin exec team-a no-secrets; do openssl rand -hex 24 >"$dir/pki/$user.token"; done
   {
     printf '%s,admin,admin,system:masters\n' "$(cat "$dir/pki/admin.token")"
     printf '%s,exec-admin,exec-admin,system:masters\n' "$(cat "$dir/pki/exec.token")"
     printf '%s,team-a-deployer,team-a-deployer,pulumi-helmfile:team-a\n' "$(cat "$dir/pki/team-a.token")"
     printf '%s,team-a-no-secrets,team-a-no-secrets,pulumi-helmfile:team-a-no-secrets\n' "$(cat "$dir/pki/no-secrets.token")"
     printf '%s,system:kube-controller-manager,kube-controller-manager,system:masters\n' "$kcm"
   } >"$dir/pki/tokens.csv"
   kubeconfig_yaml "$dir" >"$dir/kubeconfig"
   printf 'apiVersion: v1\nkind: Config\ncurrent-context: kcm\nclusters:\n- name: kcm\n  cluster:\n    server: https://127.0.0.1:%s\n    certificate-authority-data: %s\nusers:\n- name: kcm\n  user:\n    token: %s\ncontexts:\n- name: kcm\n  context:\n    cluster: kcm\n    user: kcm\n' \
     "$port" "$(base64 -w0 <"$dir/pki/ca.crt")" "$kcm" >"$dir/pki/kcm.kubeconfig")

  log "starting $name: etcd $ETCD_VERSION on :$etcd_port, kube-apiserver $K8S_VERSION on :$port, controller-manager on :$kcm_port (data: $dir)"
  spawn "$dir" etcd --name "$name" --data-dir "$dir/etcd" \
    --listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
    --listen-peer-urls "http://127.0.0.1:$peer_port" --initial-advertise-peer-urls "http://127.0.0.1:$peer_port" \
    --initial-cluster "$name=http://127.0.0.1:$peer_port" --initial-cluster-state new \
    --unsafe-no-fsync --log-level warn
  wait_until "etcd" "$deadline" port_open "$etcd_port" || fail_start "$dir" etcd
  local t_etcd; t_etcd=$(since "$t0")

  spawn_apiserver "$dir" "$port" "$etcd_port"
  wait_until "kube-apiserver" "$deadline" env KUBECONFIG="$dir/kubeconfig" "$CBIN/kubectl" get --raw /readyz \
    || fail_start "$dir" kube-apiserver
  local t_api; t_api=$(since "$t0")

  spawn "$dir" kube-controller-manager \
    --kubeconfig "$dir/pki/kcm.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "$kcm_port" --cert-dir "$dir/pki/kcm" \
    --controllers "$CONTROLLERS" \
    --service-account-private-key-file "$dir/pki/sa.key" --root-ca-file "$dir/pki/ca.crt" \
    --service-cluster-ip-range "$SERVICE_RANGE" \
    --cluster-name "test-$name" --leader-elect=false --profiling=false
  # Ready for tests: the default namespace, and its default ServiceAccount (the controller-manager runs).
  wait_until "default namespace" "$deadline" env KUBECONFIG="$dir/kubeconfig" "$CBIN/kubectl" get namespace default \
    || fail_start "$dir" kube-apiserver
  wait_until "default ServiceAccount" "$deadline" env KUBECONFIG="$dir/kubeconfig" "$CBIN/kubectl" -n default get serviceaccount default \
    || fail_start "$dir" kube-controller-manager
  rbac "$dir" "$deadline" || fail_start "$dir" kube-controller-manager
  # Simulated nodes: kube-scheduler binds Pods to kwok's nodes; kwok plays their kubelets (its stages).
  spawn "$dir" kube-scheduler \
    --kubeconfig "$dir/pki/kcm.kubeconfig" --authentication-kubeconfig "$dir/pki/kcm.kubeconfig" \
    --authorization-kubeconfig "$dir/pki/kcm.kubeconfig" --authentication-skip-lookup \
    --bind-address 127.0.0.1 --secure-port "$sched_port" --cert-dir "$dir/pki/scheduler" \
    --leader-elect=false --profiling=false
  spawn "$dir" kwok \
    --kubeconfig "$dir/pki/kcm.kubeconfig" --config "$KWOK_STAGES" \
    --manage-all-nodes=false --manage-nodes-with-annotation-selector kwok.x-k8s.io/node=fake \
    --server-address "127.0.0.1:$kwok_port" --cidr 10.244.0.0/16 --node-ip 10.1.0.1
  nodes "$dir" "$deadline" || fail_start "$dir" kwok
  log "$name ready on https://127.0.0.1:$port in $(since "$t0") s (etcd at $t_etcd s, /readyz at $t_api s; context test-$name)"
  print_env "$dir"
}
# The limited users' namespaces and rights: team-a-deployer may do what the built-in `admin` role allows
# in team-a (and nothing in team-b or elsewhere); team-a-no-secrets may manage the common workload kinds
# in team-a but not read or write Secrets. Waits until the admin role's aggregated rules are in place.
rbac() { # dir deadline
  local k=("$CBIN/kubectl" --kubeconfig "$1/kubeconfig" --context "test-$(inst "$1" NAME)")
  "${k[@]}" apply -f - >"$1/logs/rbac.log" 2>&1 <<'YAML' || { cat "$1/logs/rbac.log" >&2; return 1; }
apiVersion: v1
kind: Namespace
metadata: { name: team-a }
---
apiVersion: v1
kind: Namespace
metadata: { name: team-b }
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: { name: team-a-deployer, namespace: team-a }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: admin }
subjects:
- { apiGroup: rbac.authorization.k8s.io, kind: User, name: team-a-deployer }
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: { name: no-secrets, namespace: team-a }
rules:
- apiGroups: [""]
  resources: [configmaps, services, serviceaccounts, pods, persistentvolumeclaims, endpoints]
  verbs: ["*"]
- apiGroups: [apps, batch, networking.k8s.io, policy, autoscaling]
  resources: ["*"]
  verbs: ["*"]
- apiGroups: [rbac.authorization.k8s.io]
  resources: [roles, rolebindings]
  verbs: ["*"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: { name: team-a-no-secrets, namespace: team-a }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: no-secrets }
subjects:
- { apiGroup: rbac.authorization.k8s.io, kind: User, name: team-a-no-secrets }
YAML
  wait_until "the admin role's aggregated rules" "$2" \
    "${k[@]}" auth can-i create deployments.apps --namespace team-a --as team-a-deployer
}
# The simulated nodes, not tainted (there is no other node), then wait until they are Ready.
nodes() { # dir deadline
  local k=("$CBIN/kubectl" --kubeconfig "$1/kubeconfig" --context "test-$(inst "$1" NAME)") i
  for ((i = 0; i < NODES; i++)); do
    printf 'apiVersion: v1\nkind: Node\nmetadata:\n  name: kwok-node-%s\n  annotations: { kwok.x-k8s.io/node: fake, node.alpha.kubernetes.io/ttl: "0" }\n  labels: { kubernetes.io/hostname: kwok-node-%s, kubernetes.io/os: linux, kubernetes.io/arch: amd64, type: kwok }\n---\n' "$i" "$i"
  done | "${k[@]}" apply -f - >"$1/logs/nodes.log" 2>&1 || { cat "$1/logs/nodes.log" >&2; return 1; }
  local left=$(( $2 - $(date +%s) ))
  [ "$left" -gt 0 ] || left=1
  "${k[@]}" wait --for=condition=Ready nodes --all --timeout "${left}s" >>"$1/logs/nodes.log" 2>&1 \
    || { log "the simulated nodes did not become Ready (see $1/logs/kwok.log)"; return 1; }
  # The API server taints a new node not-ready; the node-lifecycle controller, which would lift it, does
  # not run (it would also evict Pods from nodes without heartbeats): lift it once the node is Ready.
  "${k[@]}" taint nodes --all node.kubernetes.io/not-ready:NoSchedule- >>"$1/logs/nodes.log" 2>&1 || true
}
fail_start() { # dir binary
  log "$2 did not become ready in ${TIMEOUT}s; the end of $1/logs/$2.log:"
  tail -n 20 "$1/logs/$2.log" >&2 || true
  stop_processes "$1"
  die "start failed (its logs stay in $1/logs until stop)"
}

stop() { # name
  local dir="$CLUSTERS/$1"
  lock_instance "$1"
  [ -d "$dir" ] || { log "$1 is not running"; return 0; }
  stop_processes "$dir"
  rm -rf "$dir"
  log "stopped $1 and deleted its data"
}

instances() { # every instance folder's name
  local d
  for d in "$CLUSTERS"/*/; do
    [ -f "$d/instance.env" ] || [ -f "$d/etcd.pid" ] || continue
    basename "$d"
  done
}

status() {
  local n any=0 dir
  for n in $(instances); do
    any=1
    dir="$CLUSTERS/$n"
    local port
    port=$(inst "$dir" PORT); port=${port:-?}
    local procs="" p pid
    for p in "${PROCESSES[@]}"; do
      pid=$(live_pid "$dir/$p.pid" "$p") || pid=-
      procs="$procs $p=$pid"
    done
    printf '%s\t%s\thttps://127.0.0.1:%s\t%s\t%s\n' "$n" "$(state "$dir")" "$port" "$dir/kubeconfig" "${procs# }"
  done
  [ "$any" = 1 ] || echo "no instances in $CLUSTERS"
}

kubeconfig() { # names...
  local names=("$@") dirs=() n
  if [ ${#names[@]} -eq 0 ]; then
    for n in $(instances); do [ "$(state "$CLUSTERS/$n")" = running ] && names+=("$n"); done
    [ ${#names[@]} -gt 0 ] || die "no instance runs"
  fi
  for n in "${names[@]}"; do
    valid_name "$n"
    [ "$(state "$CLUSTERS/$n")" = running ] || die "instance $n does not run (start it: scripts/test-cluster.sh start --name $n)"
    dirs+=("$CLUSTERS/$n")
  done
  kubeconfig_yaml "${dirs[@]}"
}

main() {
  [ $# -gt 0 ] || { usage >&2; exit 2; }
  local cmd=$1 name="" port=${PULUMI_HELMFILE_CLUSTER_PORT:-} all=0 down=5 rest=()
  shift
  case "$cmd" in -h|--help|help) usage; exit 0 ;; esac
  while [ $# -gt 0 ]; do
    case "$1" in
      --name) [ $# -ge 2 ] || die "--name needs a value"; name=$2; shift 2 ;;
      --port) [ $# -ge 2 ] || die "--port needs a value"; port=$2; shift 2 ;;
      --all) all=1; shift ;;
      --down) [ $# -ge 2 ] || die "--down needs a value"; down=$2; shift 2 ;;
      -h|--help) usage; exit 0 ;;
      -*) die "unknown option $1 (see --help)" ;;
      *) rest+=("$1"); shift ;;
    esac
  done
  [ -n "$name" ] || name=a
  valid_name "$name"
  case "$cmd" in
    build) build ;;
    start)
      need openssl openssl
      build
      start "$name" "$port"
      ;;
    stop)
      if [ "$all" = 1 ]; then
        local n
        for n in $(instances); do stop "$n"; done
      else
        stop "$name"
      fi
      ;;
    status) status ;;
    restart-apiserver) restart_apiserver "$name" "$down" ;;
    kubeconfig) kubeconfig "${rest[@]}" ;;
    *) usage >&2; die "unknown command $cmd" ;;
  esac
}

main "$@"; exit
