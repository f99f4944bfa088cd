# Runs a Pulumi Python program as Pulumi's `pulumi-language-python-exec` does (the script Pulumi's
# Python language host runs the program with, which ships with the CLI, not with the `pulumi`
# package): reads the engine's settings from the command line and the config from the
# environment, configures the SDK's runtime, and runs the program (`__main__.py` of a directory, or
# a file) inside the SDK's stack. An error the program raised is logged to the engine, which then
# ends with exit code 32: reported already (./python-language-host.js answers `Run` with a bail).
import argparse
import asyncio
import logging
import os
import runpy
import sys
import traceback

# The exit code with which Pulumi's SDKs say the error is reported already.
REPORTED_AND_EXITED = 32

try:
    import pulumi
    import pulumi.runtime
except ImportError:
    print(traceback.format_exc(), file=sys.stderr)
    print(
        "\nIt looks like the Pulumi SDK has not been installed. Have you run pip install?\n"
        "If you are running in a virtualenv, you must run pip install -r requirements.txt from inside the virtualenv.",
        file=sys.stderr,
    )
    sys.exit(1)

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Execute a Pulumi Python program")
    ap.add_argument("--project")
    ap.add_argument("--stack")
    ap.add_argument("--organization")
    ap.add_argument("--root_directory")
    ap.add_argument("--parallel")
    ap.add_argument("--dry_run")
    ap.add_argument("--pwd")
    ap.add_argument("--monitor")
    ap.add_argument("--engine")
    ap.add_argument("--tracing")
    ap.add_argument("PROGRAM")
    ap.add_argument("ARGS", nargs="*")
    args = ap.parse_args()

    pulumi.runtime.set_all_config(pulumi.runtime.get_config_env(), pulumi.runtime.get_config_secret_keys_env())
    pulumi.runtime.configure(
        pulumi.runtime.Settings(
            monitor=args.monitor,
            engine=args.engine,
            project=args.project,
            stack=args.stack,
            parallel=int(args.parallel) if args.parallel else None,
            dry_run=args.dry_run == "true",
            organization=args.organization,
            root_directory=args.root_directory,
        )
    )

    # The program runs as if it had been executed directly, from its directory.
    sys.argv = [args.PROGRAM] + args.ARGS
    if args.pwd is not None:
        os.chdir(args.pwd)
    # Its own modules import as they would beside it.
    program_dir = args.PROGRAM if os.path.isdir(args.PROGRAM) else os.path.dirname(os.path.abspath(args.PROGRAM))
    sys.path.insert(0, os.path.abspath(program_dir))

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    # Futures a failed program leaves unresolved are expected; asyncio's complaints about them are not the user's concern.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    exit_code = 0
    try:
        loop.run_until_complete(pulumi.runtime.run_in_stack(lambda: runpy.run_path(args.PROGRAM, run_name="__main__")))
    except pulumi.RunError as e:
        pulumi.log.error(str(e))
        exit_code = REPORTED_AND_EXITED
    except Exception:
        pulumi.log.error("Program failed with an unhandled exception:\n" + traceback.format_exc())
        exit_code = REPORTED_AND_EXITED
    finally:
        loop.close()
        sys.stdout.flush()
        sys.stderr.flush()
    sys.exit(exit_code)
