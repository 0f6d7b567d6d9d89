"""The helmfile quickstart as a Python program: one Helmfile component, rendered to a directory."""
import os

import pulumi
import pulumi_helmfile as helmfile
import pulumi_kubernetes as k8s  # so that a release's objects come back as their classes

HERE = os.path.dirname(os.path.abspath(__file__))

cfg = pulumi.Config()
file = cfg.get("file") or os.path.join(HERE, "..", "quickstart", "helmfile.yaml")
render_dir = cfg.get("renderDir") or os.path.join(HERE, "rendered")
state_values = cfg.get_object("stateValues") or {}
if cfg.get("secretValues") is not None:
    # A secret input keeps the releases' values secret in the state.
    plain = state_values
    state_values = cfg.require_secret_object("secretValues").apply(lambda s: {**plain, **s})

quickstart = helmfile.Helmfile(
    "quickstart",
    file=file,
    environment=cfg.get("environment"),
    state_values=state_values,
    render_to_directory=render_dir,
    concurrency=2,
)

pulumi.export("releaseIds", quickstart.release_ids)
pulumi.export("releases", quickstart.releases)


def first_config_map(ids, releases):
    """The first release's first ConfigMap: an object to build on (helm.v4.Chart's resources)."""
    objects = releases[ids[0]].resources if ids else []
    maps = [o for o in objects if isinstance(o, k8s.core.v1.ConfigMap)]
    return maps[0].metadata.name if maps else None


# Nested applies, not Output.all: Output.all walks into each ReleaseInfo as a dict and calls its
# .values(), which the `values` field of a release shadows.
pulumi.export(
    "firstConfigMap",
    quickstart.release_ids.apply(lambda ids: quickstart.releases.apply(lambda r: first_config_map(ids, r))),
)
