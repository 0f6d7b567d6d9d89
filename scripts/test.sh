#!/usr/bin/env bash
# The project's test command (`npm test`): provisions everything it needs on a fresh machine
# (Node 22, npm deps, helm 3 and 4, the Go-built Pulumi engine), then typechecks, lints and
# runs the whole jest suite, conformance baselines and end-to-end tests included.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
# shellcheck source=/dev/null
source scripts/env.sh
# The Go builds (each cached by a stamp, so a warm run skips them): the helmfile oracle, the test
# cluster's binaries, chartify + kustomize and Vault build in the background while the engine builds here; on a cold 2-core
# machine that overlaps their downloads, single-threaded links and idle cores (one after the other
# they took about an hour). Their calls below wait for them on each script's own lock and then find
# the binaries built (or build them, printing why the first attempt failed).
logs="${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}/logs"
mkdir -p "$logs"
bash scripts/build-helmfile.sh --quiet >"$logs/test-helmfile-build.log" 2>&1 &
bash scripts/test-cluster.sh build >"$logs/test-cluster-build.log" 2>&1 &
bash scripts/build-chartify.sh --quiet >"$logs/test-chartify-build.log" 2>&1 &
# helm-diff, the plugin the real helmfile's `diff`/`apply` run (tests/e2e/helmfile-ci-script.e2e.test.ts).
bash scripts/build-helm-diff.sh --quiet >"$logs/test-helm-diff-build.log" 2>&1 &
# Vault's compile is the longest single one (about 18 minutes cold): one job, so it yields to the rest.
PULUMI_HELMFILE_GO_P=1 bash scripts/build-vault.sh --quiet >"$logs/test-vault-build.log" 2>&1 &
if [ -f scripts/build-engine.sh ]; then
  bash scripts/build-engine.sh
  # shellcheck source=/dev/null
  source scripts/engine-env.sh
fi
# The real helmfile v1.8.0, the oracle of the hooks and CLI comparison tests (cached like the engine).
eval "$(bash scripts/build-helmfile.sh --quiet --print-env)"
bash scripts/test-cluster.sh build
# helmfile's chartify library and kustomize (kustomize directories, patches): the chartify tests and cases.
eval "$(bash scripts/build-chartify.sh --quiet --print-env)"
# Only helmfile's side of the CI-script test gets the plugin folder (HELM_PLUGINS for every helm here
# would change what the other tests' helm sees).
PULUMI_HELMFILE_HELM_PLUGINS="$(bash scripts/build-helm-diff.sh --quiet --print-env | sed -n 's/^export HELM_PLUGINS="\(.*\)"$/\1/p')"
export PULUMI_HELMFILE_HELM_PLUGINS
# The test API servers (scripts/test-cluster.sh: etcd + kube-apiserver + kube-controller-manager,
# built from Go modules and cached): two instances for the deploy tests, stopped when the run ends.
echo "== test clusters"
trap 'bash scripts/test-cluster.sh stop --all >/dev/null 2>&1 || true; bash scripts/test-s3.sh stop >/dev/null 2>&1 || true; bash scripts/test-vault.sh stop >/dev/null 2>&1 || true' EXIT
bash scripts/test-cluster.sh start --name a >/dev/null
bash scripts/test-cluster.sh start --name b >/dev/null
# The S3-compatible server of the shared-backend tests (scripts/test-s3.sh: moto's server, cached).
echo "== test S3 server"
# Its state is in memory: one left running (a test file run by hand) would hand this run another
# run's stacks, which the tests take as their own. Start a fresh one.
bash scripts/test-s3.sh stop >/dev/null 2>&1 || true
eval "$(bash scripts/test-s3.sh start)"
# A real Vault dev server for the `ref+vault://` tests (scripts/test-vault.sh: the Vault that
# scripts/build-vault.sh built from Go modules, waited for here).
echo "== test Vault server"
bash scripts/test-vault.sh start >/dev/null
# The OCI registry of the chart-source tests (Debian's docker-registry; the tests start their own instances).
bash scripts/test-registry.sh ensure >/dev/null
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== jest"
report="$(mktemp)"
set +e
npx jest --ci --json --outputFile="$report" "$@"
status=$?
set -e
node -e '
const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
if (process.env.CI && r.numPendingTests > 0) {
  const skipped = r.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status !== "passed" && a.status !== "failed").map((a) => a.fullName));
  console.log(`CI runs no skipped test; skipped here:\n  ${skipped.join("\n  ")}`);
  process.exitCode = 3;
}
' "$report" || status=$?
rm -f "$report"
exit "$status"
