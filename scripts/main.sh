#!/usr/bin/env bash
# The main job on the embedded default (`npm start`): provision the tools, build the real Pulumi engine
# (cached after the first run), then `up` the quickstart helmfile through Pulumi with the embedded
# defaults: a local file backend in .pulumi-helmfile/ and a passphrase secrets provider; with
# --render-to-directory it writes to .pulumi-helmfile/manifests/production instead of a cluster (the
# CLI's default is the cluster of the current kube context, as helmfile's). Extra arguments go to the CLI, e.g.
#   npm start -- -e default          # the other environment
#   npm start -- preview             # only preview (the command word must come last)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
# shellcheck source=/dev/null
source scripts/env.sh
# A pulumi of the user's own on PATH, of a supported version (src/automation/pulumi-cli.ts), runs it
# with their home and login; only without one is the engine built (about 22 minutes cold).
user_pulumi=""
if command -v pulumi >/dev/null 2>&1 && [ -z "${PULUMI_HELMFILE_PULUMI_ROOT:-}" ]; then
  v="$(pulumi version 2>/dev/null | sed 's/^v//')"
  if [ -n "$v" ] && [ "$(printf '%s\n%s\n' 3.200.0 "$v" | sort -V | head -1)" = 3.200.0 ] && [ "${v%%.*}" = 3 ]; then
    user_pulumi="$(command -v pulumi)"
    echo "main: using $user_pulumi (Pulumi $v)"
  fi
fi
if [ -z "$user_pulumi" ]; then
  bash scripts/build-engine.sh --quiet
  # shellcheck source=/dev/null
  source scripts/engine-env.sh
fi
args=("$@")
command=up
if [ ${#args[@]} -gt 0 ]; then
  case "${args[-1]}" in preview|up|destroy) command="${args[-1]}"; unset 'args[-1]' ;; esac
fi
manifests=examples/quickstart/.pulumi-helmfile/manifests/production
node bin/pulumi-helmfile.js -f examples/quickstart/helmfile.yaml -e production "${args[@]}" "$command" \
  --render-to-directory "$manifests"
if [ "$command" = up ]; then
  # The embedded default keeps the backend beside the helmfile; the rendered files are there too.
  echo "Rendered manifests:"
  find "$manifests" -name '*.yaml' | sort | sed 's/^/  /'
fi
