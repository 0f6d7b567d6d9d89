#!/usr/bin/env bash
# Usage: scripts/test-registry.sh ensure
#
# The OCI registry of the chart-source tests: Debian's `docker-registry` package (the CNCF
# distribution registry, 2.8), installed when missing (as root, like CI and the sessions). The
# tests start and stop their own instance on a free loopback port (tests/support/chart-sources.ts),
# with filesystem storage in a temp folder; no daemon is left running.
#
#   ensure   install the package when /usr/bin/docker-registry is missing; print its path
set -euo pipefail

BIN=/usr/bin/docker-registry
die() { echo "test-registry: error: $*" >&2; exit 1; }

case "${1:-}" in
  ensure)
    if [ ! -x "$BIN" ]; then
      [ "$(id -u)" = 0 ] || die "docker-registry is missing (Debian package docker-registry)"
      echo "test-registry: installing Debian package docker-registry" >&2
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-registry; } >&2 \
        || die "apt-get install docker-registry failed"
      # The package's own service is not wanted: the tests run their instances.
      pkill -f "^$BIN serve /etc/docker/registry" 2>/dev/null || true
    fi
    echo "$BIN"
    ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
