"""Runs a Pulumi Python program under Pulumi's mocks (no engine, no provider) and prints, as JSON,
the resources it registered: type, name and inputs. Invokes answer from a JSON map of results by
function token ($EXAMPLE_INVOKE_RESULTS); the stack's config comes from $PULUMI_CONFIG, as the
engine passes it.

    python run-python-with-mocks.py <program.py>
"""
import json
import os
import runpy
import sys

import pulumi
from pulumi.runtime.stack import run_pulumi_func
from pulumi.runtime.sync_await import _sync_await

program, results = sys.argv[1], json.loads(os.environ["EXAMPLE_INVOKE_RESULTS"])
registered = []


class Mocks(pulumi.runtime.Mocks):
    def new_resource(self, args):
        registered.append({"type": args.typ, "name": args.name, "inputs": args.inputs})
        return [f"{args.name}-id", args.inputs]

    def call(self, args):
        return results[args.token]


pulumi.runtime.set_mocks(Mocks(), project="examples", stack="test", preview=False)
# Runs the program as the language host would, then waits for every registration it started.
_sync_await(run_pulumi_func(lambda: runpy.run_path(program, run_name="__main__")))
print(json.dumps(registered), flush=True)
# Done: leave without the interpreter's teardown, where the SDK's event loop, collected after its
# selector, sometimes prints "Exception ignored in: BaseEventLoop.__del__" to stderr.
os._exit(0)
