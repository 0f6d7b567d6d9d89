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
for lang in python go; do
  rm -rf "sdk/$lang"
  pulumi package gen-sdk provider/schema.json --language "$lang" --out sdk
  echo "gen-sdk: generated sdk/$lang"
done
