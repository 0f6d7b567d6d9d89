# Source this to get the project's tools on PATH: Node 22 (when provisioned) and helm 4.
_ph_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -x "$_ph_root/.tools/node/bin/node" ]; then export PATH="$_ph_root/.tools/node/bin:$PATH"; fi
export HELM_BINARY="${HELM_BINARY:-$_ph_root/.tools/helm4/helm}"
export HELM3_BINARY="${HELM3_BINARY:-$_ph_root/.tools/helm3/helm}"
export HELM4_BINARY="${HELM4_BINARY:-$_ph_root/.tools/helm4/helm}"
unset _ph_root
