"""Each engine checks the other: the same kernel file, recorded and run by the stand-ins and by
the real JAX, must give the same recorded call and outputs that agree.

Run by ctest's python.jax with TILELENS_TEST_JAX_PYTHON naming an interpreter with JAX.
"""
import itertools
import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

from support import JAX_PYTHON, JAX_RUNNER, KERNELS, RUNNER, arg

CASES = [
    ("quickstart_kernels.py", "matmul", [arg(301, 128), arg(128, 256)], {}, "matmul_reference"),
    ("blocked_matmul.py", "matmul", [arg(256, 384), arg(384, 256)], {}, "matmul_reference"),
    ("blocked_matmul.py", "matmul", [arg(256, 256), arg(256, 256)], {"b_map": "jk"}, "matmul_reference"),
    ("flash_forward.py", "flash_forward", [arg(2, 2, 256, 64)] * 3, {}, "attention_reference"),
    ("grouped_matmul.py", "grouped_matmul",
     [arg(256, 256), arg(3, 256, 256), arg(4, dtype="int32", values=[0, 2, 2, 1])], {}, "grouped_reference"),
    # Every other kernel file of tests/python/kernels the stand-ins run (vmapped_double.py and
    # mesh_kernel.py: the stand-ins have no vmap of a pallas_call and no pl.kernel;
    # failing.py: its calls fail on purpose).
    ("pipeline_sum.py", "stack_sum", [arg(4, 256, 256)], {}, "sum_reference"),
    ("paged_attention.py", "paged_attention",
     [arg(4, 4, 128), arg(16, 16, 128), arg(16, 16, 128), arg(4, dtype="int32", values=[0, 5, 40, 64]),
      arg(4, 4, dtype="int32", values=[3, 1, 4, 0, 9, 2, 6, 5, 8, 7, 10, 11, 15, 12, 14, 13])], {},
     "paged_reference"),
    ("triton_attention.py", "attention", [arg(2, 128, 2, 40)] * 3, {}, "attention_reference"),
    ("triton_shared_block.py", "double_rows", [arg(4, 128)], {}, "double_rows_reference"),
    ("wrapped_outputs.py", "double_padded", [arg(300, 128)], {}, "double_reference"),
    ("dma_race.py", "double", [arg(8, 128)], {"wait_first": True}, "double_reference"),
    ("sorted_rows.py", "sort_rows", [arg(16, 128)], {}, "sort_reference"),
    ("vmem_temporaries.py", "row_gram", [arg(512, 512)], {}, "row_gram_reference"),
    ("small_kernels.py", "three_tap", [arg(64, 256)], {}, "three_tap_reference"),
    # (its "matmul" writes its output in HBM, which only the stand-ins attribute to programs)
    ("emit_pipeline_matmul.py", "matmul_row_blocks", [arg(16, 256), arg(256, 256)], {}, "matmul_reference"),
]


def _run(cmd, case, tmp):
    file, call, args, kwargs, ref = case
    out = tempfile.mkdtemp(dir=tmp)
    req = {"mode": "run", "file": os.path.join(KERNELS, file), "call": call, "args": args,
           "kwargs": kwargs, "reference": ref, "entry": 0, "seed": 0,
           "policy": {"uninitialized": "nan", "revisit": "tpu"},
           "limits": {"seconds": 120, "memory_bytes": 4 << 30}}
    path = os.path.join(out, "request.json")
    with open(path, "w") as f:
        json.dump(req, f)
    subprocess.run(cmd + [path, out], capture_output=True, text=True, timeout=300,
                   env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    with open(os.path.join(out, "result.json")) as f:
        result = json.load(f)
    result["_dir"] = out
    return result


def _blocks(op, grid, prefetch):
    """Every program's block indices, from the expression or the table."""
    if op["index_map_table"] is not None:
        return [tuple(r) for r in op["index_map_table"]]
    if op["index_map"] is None:
        return None
    env = {"min": min, "max": max, "abs": abs, "cdiv": lambda a, b: -(-a // b)}
    tables = [np.asarray(t["values"], dtype=np.int64).reshape(t["shape"]) for t in prefetch]
    fn = eval(op["index_map"], env)  # noqa: S307 - the runner's own lambda text
    out = []
    for pid in itertools.product(*[range(n) for n in grid]):
        v = fn(*pid, *tables)
        out.append(tuple(int(x) for x in (v if isinstance(v, tuple) else (v,))))
    return out


class TwoEnginesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="tilelens-engines-")

    def compare(self, case):
        a = _run([sys.executable, RUNNER], case, self.tmp)
        b = _run([JAX_PYTHON, JAX_RUNNER], case, self.tmp)
        for r in (a, b):
            self.assertEqual(r["status"], "ok", (r.get("error") or {}).get("traceback"))
        self.assertEqual(a["engine"]["name"], "standins")
        self.assertEqual(b["engine"]["name"], "jax")
        ca, cb = a["calls"][0], b["calls"][0]
        for key in ("grid", "dimension_semantics", "scalar_prefetch", "scratch", "line", "name"):
            self.assertEqual(ca[key], cb[key], key)
        self.assertEqual(len(ca["operands"]), len(cb["operands"]))
        for oa, ob in zip(ca["operands"], cb["operands"]):
            for key in ("name", "role", "shape", "dtype", "memory_space", "alias_of", "buffer_count"):
                self.assertEqual(oa[key], ob[key], f"{oa['name']}.{key}")
            full = lambda o: o["block_shape"] if o["block_shape"] is not None else o["shape"]  # noqa: E731
            self.assertEqual(full(oa), full(ob), f"{oa['name']}.block_shape")
            self.assertEqual(_blocks(oa, ca["grid"], ca["scalar_prefetch"]),
                             _blocks(ob, cb["grid"], cb["scalar_prefetch"]), f"{oa['name']} blocks")
            if oa["index_map"] is not None:  # the same expression, not only the same table
                self.assertEqual(oa["index_map"], ob["index_map"], oa["name"])
            self.assertEqual(oa.get("inner"), ob.get("inner"), f"{oa['name']}.inner")  # emit_pipeline
        for na, nb in zip(ca["outputs_npy"], cb["outputs_npy"]):
            xa = np.load(os.path.join(a["_dir"], na)).astype(np.float64)
            xb = np.load(os.path.join(b["_dir"], nb)).astype(np.float64)
            self.assertEqual(xa.shape, xb.shape)
            same = np.isclose(xa, xb, rtol=1e-4, atol=1e-3) | (np.isnan(xa) & np.isnan(xb))
            self.assertTrue(same.all(), f"{int((~same).sum())} of {xa.size} elements disagree")
        for wa, wb in zip(ca["writers_npy"], cb["writers_npy"]):
            np.testing.assert_array_equal(np.load(os.path.join(a["_dir"], wa)),
                                          np.load(os.path.join(b["_dir"], wb)))


class KernelsOfJaxItselfTest(unittest.TestCase):
    def test_a_file_inside_the_jax_package_keeps_its_call_site(self):
        jax_dir = subprocess.run([JAX_PYTHON, "-c", "import jax, os; print(os.path.dirname(jax.__file__))"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        file = os.path.join(jax_dir, "experimental", "pallas", "ops", "tpu", "example_kernel.py")
        tmp = tempfile.mkdtemp(prefix="tilelens-engines-")
        r = _run([JAX_PYTHON, JAX_RUNNER], (file, "double", [arg(64, 256)], {}, None), tmp)
        self.assertEqual(r["status"], "ok", (r.get("error") or {}).get("traceback"))
        self.assertEqual(r["calls"][0]["file"], file)
        self.assertEqual(r["calls"][0]["line"], 25)  # where pl.pallas_call(...)(x) is written


class VmapTest(unittest.TestCase):
    def test_a_vmapped_call_is_recorded_as_jax_batched_it_and_runs(self):
        r = _run([JAX_PYTHON, JAX_RUNNER],
                 ("vmapped_double.py", "double_batched", [arg(3, 16, 128)], {}, "double_reference"),
                 tempfile.mkdtemp(prefix="tilelens-engines-"))
        self.assertEqual(r["status"], "ok", (r.get("error") or {}).get("traceback"))
        call = r["calls"][0]
        self.assertEqual(call["grid"], [3, 2])
        self.assertEqual(call["dimension_semantics"], ["parallel", "parallel"])
        self.assertIn("jax.vmap added grid axes [0]", call["notes"][0])
        self.assertEqual(call["operands"][0]["block_shape"], [None, 8, 128])
        out = np.load(os.path.join(r["_dir"], call["outputs_npy"][0]))
        ref = np.load(os.path.join(r["_dir"], call["reference_npy"][0]))
        np.testing.assert_allclose(out, ref, rtol=1e-6)


class InterpreterRetryTest(unittest.TestCase):
    def test_an_empty_read_at_a_buffers_end_runs_again_and_a_real_one_fails(self):
        # JAX's TPU interpreter refuses a DMA reading nothing at the end of a buffer (seen on a
        # causal conv1d kernel); a read of elements past the end stays the kernel's error.
        code = (
            "import sys; sys.path.insert(0, sys.argv[1]); import tilelens_jax_run as R\n"
            "from jax.experimental.pallas import tpu as pltpu\n"
            "p = pltpu.InterpretParams(detect_races=True)\n"
            "msg = 'IndexError: Out-of-bounds read of (0 0 hbm 107): reading [(3, slice({}, {}, 1), "
            "slice(0, 1, 1))] but buffer has shape (4, 3, 1).'\n"
            "empty = R._interpreter_retry(RuntimeError(msg.format(3, 3)), p)\n"
            "past = R._interpreter_retry(RuntimeError(msg.format(2, 4)), p)\n"
            "print(empty[1].out_of_bounds_reads, empty[1].detect_races, past)\n")
        out = subprocess.run([JAX_PYTHON, "-c", code, os.path.dirname(JAX_RUNNER)], capture_output=True,
                             text=True, check=True).stdout.strip()
        self.assertEqual(out, "uninitialized True None")


class SupportedReleasesTest(unittest.TestCase):
    def test_the_range_the_engine_reports(self):
        code = ("import sys; sys.path.insert(0, sys.argv[1]); import tilelens_jax_run as R; "
                "print([R.supported(v) for v in ('0.8.3', '0.9.0', '0.10.2', '0.11.0', '0.10.2.dev1')])")
        out = subprocess.run([JAX_PYTHON, "-c", code, os.path.dirname(JAX_RUNNER)], capture_output=True,
                             text=True, check=True).stdout.strip()
        self.assertEqual(out, "[False, True, True, False, True]")
        r = _run([JAX_PYTHON, JAX_RUNNER], ("blocked_matmul.py", "matmul", [arg(128, 128), arg(128, 128)], {},
                                           None), tempfile.mkdtemp(prefix="tilelens-engines-"))
        self.assertTrue(r["engine"]["supported"])


def _add(i, case):
    setattr(TwoEnginesTest, f"test_{i}_{case[0][:-3]}_{case[1]}", lambda self: self.compare(case))


for _i, _case in enumerate(CASES):
    _add(_i, _case)

if __name__ == "__main__":
    unittest.main()
