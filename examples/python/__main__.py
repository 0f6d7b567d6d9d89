"""The helmfile quickstart as a Python program: one Helmfile component, rendered to a directory."""
import os

import pulumi
import pulumi_helmfile as helmfile

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
