#!/usr/bin/env bash
# Builds the helmfile component provider and generates its schema and SDKs.
#   1. bundles provider/plugin.ts into provider/bin/plugin.js (the plugin's `main`; node_modules stay external)
#   2. writes provider/schema.json with Pulumi's component analyzer (no CLI needed)
#   3. when a Pulumi CLI is available (scripts/engine-env.sh), generates sdk/python and sdk/go:
#      with `pulumi package gen-sdk` when the pulumi-language-python/-go plugins are installed,
#      otherwise with provider/sdkgen (Pulumi's own pkg/v3 code generators, built with Go).
# Usage: scripts/gen-sdk.sh [--schema-only]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=/dev/null
source scripts/env.sh
npx esbuild provider/plugin.ts --bundle --platform=node --target=node22 --format=cjs \
  --packages=external --outfile=provider/bin/plugin.js --log-level=warning
npx tsx provider/write-schema.ts
echo "gen-sdk: wrote provider/bin/plugin.js and provider/schema.json"
[ "${1:-}" = "--schema-only" ] && exit 0
if [ -f scripts/engine-env.sh ]; then
  # shellcheck source=/dev/null
  source scripts/engine-env.sh 2>/dev/null || true
fi
if ! command -v pulumi >/dev/null 2>&1; then
  echo "gen-sdk: no pulumi CLI on PATH (run scripts/build-engine.sh); skipped SDK generation" >&2
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
want=$(node -p 'require("./provider/schema.json").dependencies.find((d) => d.name === "kubernetes").version')

# Codegen lives in the language plugins (pulumi-language-<lang>), which are separate binaries.
missing=0
for lang in python go; do
  if pulumi package gen-sdk provider/schema.json --language "$lang" --out "$tmp/cli" >"$tmp/$lang.log" 2>&1; then
    rm -rf "sdk/$lang" && mkdir -p sdk && mv "$tmp/cli/$lang" "sdk/$lang"
    echo "gen-sdk: generated sdk/$lang with pulumi package gen-sdk"
  elif grep -q "no language plugin" "$tmp/$lang.log"; then
    missing=1
  else
    # e.g. the kubernetes plugin reporting another version than the one referenced: use sdkgen.
    missing=1
    echo "gen-sdk: pulumi package gen-sdk failed for $lang: $(tail -1 "$tmp/$lang.log")" >&2
  fi
done
[ "$missing" = 0 ] && exit 0

if ! command -v go >/dev/null 2>&1; then
  echo "gen-sdk: skipped the SDKs: no pulumi-language-python/-go plugins and no Go toolchain for provider/sdkgen" >&2
  exit 0
fi
# The kubernetes schema comes from the installed plugin; it is labelled with the version our schema
# references (the Go-built plugin may be an older release installed under the npm SDK's version).
pulumi package get-schema "kubernetes@$want" >"$tmp/kubernetes.json"
node -e 'const f=process.argv[1];const s=require(f);s.version=process.argv[2];require("fs").writeFileSync(f,JSON.stringify(s))' \
  "$tmp/kubernetes.json" "$want"
(cd provider/sdkgen && go run . -schema ../schema.json -ref "kubernetes=$tmp/kubernetes.json" -out ../../sdk)
echo "gen-sdk: generated sdk/python and sdk/go with provider/sdkgen"
