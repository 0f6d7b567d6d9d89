# Source this (bash/zsh) after scripts/build-engine.sh to use the engine it built:
#   source scripts/engine-env.sh
# Sets PATH (pulumi, sops, age first), a private PULUMI_HOME holding the kubernetes plugin, no plugin
# downloads or update checks (pulumi, sops), no plugins from PATH, and an (empty unless already set) config passphrase.
# PULUMI_HELMFILE_PULUMI_ROOT is the root for the Automation API: PulumiCommand.get({ root }).
_phf_cache=${PULUMI_HELMFILE_CACHE:-$HOME/.cache/pulumi-helmfile}
if [ ! -x "$_phf_cache/bin/pulumi" ]; then
  echo "engine-env: $_phf_cache/bin/pulumi is missing: run scripts/build-engine.sh first" >&2
else
  case ":$PATH:" in
    *":$_phf_cache/bin:"*) ;;
    *) export PATH="$_phf_cache/bin:$PATH" ;;
  esac
  export PULUMI_HOME="$_phf_cache/pulumi-home"
  export PULUMI_HELMFILE_PULUMI_ROOT="$_phf_cache"
  export PULUMI_SKIP_UPDATE_CHECK=true
  export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
  export PULUMI_IGNORE_AMBIENT_PLUGINS=true
  export SOPS_DISABLE_VERSION_CHECK=1 # sops --version would ask GitHub for the latest release
  export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-}"
fi
unset _phf_cache
