# Runs a Pulumi Python program for tools/engine/language-python (our own language host). The PyPI
# `pulumi` package does not ship upstream's `pulumi-language-python-exec` script (it lives in the
# pulumi repository next to the Go host), so the host passes this file to `python -c`.
#
#   python -u -c <this> --monitor A --engine A --project P --stack S --pwd D [--organization O]
#                       [--root-directory R] [--dry-run] [--parallel N] PROGRAM [ARGS...]
#
# Config arrives in PULUMI_CONFIG (JSON object) and PULUMI_CONFIG_SECRET_KEYS (JSON array).
# Exit codes: 0 success, 32 failure already reported to the engine as an error diagnostic.
import argparse
import asyncio
import logging
import os
import runpy
import signal
import sys
import traceback

try:
    import pulumi
    import pulumi.runtime
except ImportError:
    print(traceback.format_exc(), file=sys.stderr)
    print(
        "the `pulumi` package is not installed in this Python environment "
        "(scripts/setup.sh creates .venv with it; or set runtime.options.virtualenv in Pulumi.yaml)",
        file=sys.stderr,
    )
    sys.exit(1)

EXIT_ALREADY_REPORTED = 32

# What the SDK raises once the engine has shut its resource monitor down: after a resource's own
# failure (a component provider's construct error, a failed step), which the engine already reported.
MONITOR_GONE = ("resource monitor shut down", "Resource monitor has terminated")


def monitor_gone(err: BaseException) -> bool:
    """Whether err, or an error it was raised from or during, says the engine's monitor is gone."""
    seen = set()
    e = err
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        details = getattr(e, "details", None)
        text = details() if callable(details) else str(e)
        if any(m in (text or "") for m in MONITOR_GONE):
            return True
        e = e.__cause__ or e.__context__
    return False



def main() -> int:
    ap = argparse.ArgumentParser(prog="pulumi-language-python-exec")
    ap.add_argument("--monitor", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--project", required=True)
    ap.add_argument("--stack", required=True)
    ap.add_argument("--pwd")
    ap.add_argument("--organization")
    ap.add_argument("--root-directory")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--parallel", type=int, default=0)
    ap.add_argument("program")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()

    pulumi.runtime.set_all_config(
        pulumi.runtime.get_config_env(), pulumi.runtime.get_config_secret_keys_env()
    )
    pulumi.runtime.configure(
        pulumi.runtime.Settings(
            project=a.project,
            stack=a.stack,
            monitor=a.monitor,
            engine=a.engine,
            parallel=a.parallel if a.parallel > 0 else None,
            dry_run=a.dry_run,
            organization=a.organization,
            root_directory=a.root_directory,
        )
    )
    sys.argv = [a.program] + a.args
    if a.pwd:
        os.chdir(a.pwd)

    # The engine interrupts the program when it stops a run (a resource failed and was reported, or
    # the user cancelled): end at once and quietly, as a KeyboardInterrupt traceback through the SDK's
    # RPC plumbing would bury the engine's own message.
    def interrupted(_signum, _frame):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(EXIT_ALREADY_REPORTED)

    signal.signal(signal.SIGINT, interrupted)

    # Pulumi resolves futures that nobody awaits when a program fails; asyncio would log each one.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    ok = False
    try:
        # A directory runs its __main__.py (runpy puts the directory first on sys.path).
        loop.run_until_complete(
            pulumi.runtime.run_in_stack(lambda: runpy.run_path(a.program, run_name="__main__"))
        )
        ok = True
    except pulumi.RunError as e:
        pulumi.log.error(str(e))
    except Exception as e:  # noqa: BLE001 - every failure is reported to the engine
        if monitor_gone(e):
            # The engine stopped the run for a failure it already reported: a traceback of the SDK's
            # RPC plumbing would only bury that error, and with the monitor gone even a debug line
            # would be printed to stderr, so nothing is added (upstream's exec script stays quiet too).
            pass
        else:
            pulumi.log.error(traceback.format_exc())
    finally:
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.close()
        sys.stdout.flush()
        sys.stderr.flush()
    return 0 if ok else EXIT_ALREADY_REPORTED


if __name__ == "__main__":
    sys.exit(main())
