"""Shared helpers: run tilelens_run.py in a child process and read its result."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STANDINS = os.path.join(ROOT, "resources", "python")
RUNNER = os.path.join(STANDINS, "tilelens_run.py")
JAX_RUNNER = os.path.join(STANDINS, "jax_engine", "tilelens_jax_run.py")
# TILELENS_TEST_JAX_PYTHON names an interpreter with JAX: the kernel suites then run on the
# JAX engine under it (ctest's python.jax), else on the stand-ins under this interpreter.
JAX_PYTHON = os.environ.get("TILELENS_TEST_JAX_PYTHON", "")
ENGINE = "jax" if JAX_PYTHON else "standins"
KERNELS = os.path.join(HERE, "kernels")

import numpy as np  # noqa: E402


def standins_on_path():
    """Make `import jax` find the stand-ins in this (test) process."""
    if STANDINS not in sys.path:
        sys.path.insert(0, STANDINS)


def arg(*shape, dtype="float32", **extra):
    return {"shape": list(shape), "dtype": dtype, **extra}


class RunnerCase(unittest.TestCase):
    """A test case that runs kernel files through the child-process runner."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="tilelens-py-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def run_kernel(self, file, call, args, kwargs=None, reference=None, mode="run",
                   policy=None, entry=0, seconds=60, memory=4 << 30, seed=0):
        out = tempfile.mkdtemp(dir=self.tmp)
        req = {"mode": mode, "file": os.path.join(KERNELS, file), "call": call, "args": args,
               "kwargs": kwargs or {}, "reference": reference, "entry": entry, "seed": seed,
               "policy": policy or {"uninitialized": "nan", "revisit": "tpu"},
               "limits": {"seconds": seconds, "memory_bytes": memory}}
        path = os.path.join(out, "request.json")
        with open(path, "w") as f:
            json.dump(req, f)
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        cmd = [JAX_PYTHON, JAX_RUNNER] if ENGINE == "jax" else [sys.executable, RUNNER]
        proc = subprocess.run(cmd + [path, out], capture_output=True, text=True,
                              timeout=seconds + 60, env=env)
        with open(os.path.join(out, "result.json")) as f:
            result = json.load(f)
        result["_dir"] = out
        result["_stderr"] = proc.stderr
        result["_rc"] = proc.returncode
        return result

    def ok(self, result):
        if result["status"] != "ok":
            self.fail(f"runner error: {result['error']['message']}\n{result['error']['traceback']}")
        return result

    def npy(self, result, name):
        return np.load(os.path.join(result["_dir"], name))

    def entry_call(self, result):
        return [c for c in result["calls"] if c["outputs_npy"]][0]

    def output_and_reference(self, result, i=0):
        c = self.entry_call(result)
        return (self.npy(result, c["outputs_npy"][i]).astype(np.float64),
                self.npy(result, c["reference_npy"][i]).astype(np.float64))

    def assertMatchesReference(self, result, rtol=1e-4, atol=1e-4):
        out, ref = self.output_and_reference(self.ok(result))
        bad = ~np.isclose(out, ref, rtol=rtol, atol=atol)
        self.assertEqual(int(bad.sum()), 0, f"{int(bad.sum())} of {out.size} elements differ")

    def assertDiffersFromReference(self, result, rtol=1e-4, atol=1e-4):
        out, ref = self.output_and_reference(self.ok(result))
        self.assertTrue((~np.isclose(out, ref, rtol=rtol, atol=atol)).any(), "the bug went unnoticed")
