#!/usr/bin/env bash
# Writes tests/cli-oracle/helmfile-surface.txt: every command, subcommand and flag of the real
# helmfile, read from `helmfile --help` and `helmfile <command> --help`. docs/cli.md must have a
# row for each line (src/cli/cli-doc.test.ts checks it).
#   scripts/helmfile-surface.sh [helmfile binary]   (default: $CACHE/bin/helmfile, see docs/helmfile-oracle.md)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
H="${1:-${PULUMI_HELMFILE_ORACLE:-${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}/bin/helmfile}}"
export HELMFILE_UPGRADE_NOTICE_DISABLED=1
out="$root/tests/cli-oracle/helmfile-surface.txt"
# `  -x, --name type   text` or `      --name   text` inside one section of a --help page.
flags_of() { sed -n "/^$1:/,/^\$/p" | grep -E '^ +(-[a-zA-Z], )?--[a-zA-Z]' | sed -E 's/^ +(-[a-zA-Z], )?(--[a-zA-Z0-9-]+).*/\2/'; }
cmds_of() { sed -n '/^Available Commands:/,/^$/p' | grep -E '^  [a-z]' | awk '{print $1}'; }
{
  echo "# Every command, subcommand and flag of $("$H" --version)."
  echo "# Produced by scripts/helmfile-surface.sh from \`helmfile --help\` and \`helmfile <command> --help\`."
  "$H" --help | flags_of Flags | sed 's/^/global /'
  for c in $("$H" --help | cmds_of); do
    [ "$c" = help ] && { echo "command help"; continue; }
    echo "command $c"
    page="$("$H" "$c" --help)"
    printf '%s\n' "$page" | flags_of Flags | grep -v -- '^--help$' | sed "s/^/flag $c /" || true
    for s in $(printf '%s\n' "$page" | cmds_of); do echo "subcommand $c $s"; done
  done
} >"$out"
echo "wrote $out ($(grep -vc '^#' "$out") entries)"
