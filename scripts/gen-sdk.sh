#!/usr/bin/env bash
# Builds the helmfile component provider and generates its schema and SDKs.
#   1. bundles provider/index.ts into provider/bin/index.js (the plugin's `main`; node_modules stay external)
#   2. writes provider/schema.json with Pulumi's component analyzer (no CLI needed)
#   3. when a Pulumi CLI is available (scripts/engine-env.sh), generates sdk/python and sdk/go
# Usage: scripts/gen-sdk.sh [--schema-only]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=/dev/null
source scripts/env.sh
npx esbuild provider/index.ts --bundle --platform=node --target=node22 --format=cjs \
  --packages=external --outfile=provider/bin/index.js --log-level=warning
npx tsx provider/write-schema.ts
echo "gen-sdk: wrote provider/bin/index.js and provider/schema.json"
[ "${1:-}" = "--schema-only" ] && exit 0
if [ -f scripts/engine-env.sh ]; then
  # shellcheck source=/dev/null
  source scripts/engine-env.sh 2>/dev/null || true
fi
if ! command -v pulumi >/dev/null 2>&1; then
  echo "gen-sdk: no pulumi CLI on PATH (run scripts/build-engine.sh); skipped SDK generation" >&2
  exit 0
fi
# The schema references the kubernetes package at the npm SDK's version; codegen loads that
# package's schema from the installed plugin and refuses a plugin reporting another version (the
# Go-built plugin may be an older release installed under the npm version). Use what it reports.
schema=provider/schema.json
want=$(node -p 'require("./provider/schema.json").dependencies.find((d) => d.name === "kubernetes").version')
have=$(pulumi package get-schema "kubernetes@$want" 2>/dev/null | node -e 'let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>console.log(JSON.parse(s).version))' || echo "$want")
if [ -n "$have" ] && [ "$have" != "$want" ]; then
  echo "gen-sdk: kubernetes plugin reports $have (schema wants $want); generating against $have" >&2
  schema=$(mktemp --suffix=.json)
  sed -e "s#/kubernetes/v$want/#/kubernetes/v$have/#g" -e "s#\"version\": \"$want\"#\"version\": \"$have\"#" provider/schema.json >"$schema"
fi
status=0
for lang in python go; do
  # Codegen lives in the language plugins (pulumi-language-<lang>), which are separate binaries.
  out=$(mktemp -d)
  if log=$(pulumi package gen-sdk "$schema" --language "$lang" --out "$out" 2>&1); then
    rm -rf "sdk/$lang"
    mkdir -p sdk
    mv "$out/$lang" "sdk/$lang"
    echo "gen-sdk: generated sdk/$lang"
  elif printf '%s' "$log" | grep -q "no language plugin"; then
    echo "gen-sdk: skipped sdk/$lang: the pulumi-language-$lang plugin is not installed" >&2
  else
    printf '%s\n' "$log" >&2
    status=1
  fi
  rm -rf "$out"
done
[ "$schema" = provider/schema.json ] || rm -f "$schema"
exit "$status"
