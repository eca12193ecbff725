"""The call log of the stand-in, dumped as JSON at exit to $TILELENS_FAKE_JAX_LOG."""
import atexit
import json
import os

state = {"counts": {}, "pallas_calls": [], "notes": []}


def count(name):
    state["counts"][name] = state["counts"].get(name, 0) + 1


def note(kind, value):
    state["notes"].append([kind, value])


@atexit.register
def _write():
    path = os.environ.get("TILELENS_FAKE_JAX_LOG")
    if path:
        with open(path, "w") as f:
            json.dump(state, f, indent=1)
