"""export.jax: exported Pallas code run under JAX against TileLens's own interpreter.

    check_exports.py --case-bin BIN --work DIR SPEC_DIR...

For every *.tilelens.json in the SPEC_DIRs, BIN (tilelens_export_case) runs TileLens's
interpreter with NaN padding and fill and writes the case: the exported code, the inputs,
TileLens's outputs. This script then, in one Python process, imports each exported module,
calls its wrapper on the same inputs under JAX's TPU interpret mode with NaN fill (HLO
interpret mode for a spec whose policy.revisit is "ideal", as the JAX engine does), and
compares element by element (docs/exports.md, "Checked against JAX"):

- NaN exactly where TileLens has NaN (padding-derived or never-written elements);
- elsewhere equal: exactly for copies, element-wise arithmetic and transposes; for the
  floating reductions (matmul, rowsum, softmax, attention) within TOLERANCE below.

A case where TileLens finds an output block visited again after another block, or a block
wholly outside the array, must be refused by JAX's TPU interpret mode (it raises on both);
any other error, or a missing refusal, fails. Exits 1 on any failure.
"""
import argparse
import glob
import importlib.util
import json
import os
import subprocess
import sys
import time

import numpy as np

# The floating reductions add in another order than TileLens (XLA's dot and reduce versus
# Eigen's GEMM and plain loops): float32 sums of a few hundred to a thousand terms in [-4, 4]
# differ by some ulps of the largest partial sum. |jax - tilelens| <= atol + rtol * |tilelens|
# per element, by the output's dtype; bfloat16 allows one rounding step (2**-8) either way.
TOLERANCE = {
    "float32": (1e-5, 1e-4),
    "float16": (2.0 ** -10, 1e-3),
    "bfloat16": (2.0 ** -7, 1e-2),
}
EXACT_BODIES = {"copy", "add", "sub", "mul", "max", "scale", "transpose"}


def spec_files(dirs):
    files = []
    for d in dirs:
        files += sorted(glob.glob(os.path.join(d, "*.tilelens.json")))
    return files


def use_cache(jax):
    path = os.environ.get("TILELENS_JAX_CACHE")
    if path:
        jax.config.update("jax_compilation_cache_dir", path)
        jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
        jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)


def load_module(path, index):
    spec = importlib.util.spec_from_file_location(f"tilelens_export_{index}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def arguments(jnp, case_dir, case):
    args = []
    for a in case["tables"] + case["inputs"]:
        values = np.load(os.path.join(case_dir, a["file"]))
        args.append(jnp.asarray(values).astype(jnp.dtype(a["dtype"])))
    return args


class HloInterpret:
    """`pl` with every pallas_call in HLO interpret mode (whole arrays carried)."""

    def __init__(self, pl):
        self._pl = pl

    def __getattr__(self, name):
        return getattr(self._pl, name)

    def pallas_call(self, *args, **kwargs):
        return self._pl.pallas_call(*args, interpret=True, **kwargs)


class InOrder:
    """`pltpu` whose CompilerParams drop dimension_semantics: the grid runs in order."""

    def __init__(self, pltpu):
        self._pltpu = pltpu

    def __getattr__(self, name):
        return getattr(self._pltpu, name)

    def CompilerParams(self, **kwargs):  # noqa: N802 - pltpu's name
        kwargs.pop("dimension_semantics", None)
        return self._pltpu.CompilerParams(**kwargs)


def racing(case):
    return [o["name"] for o in case["outputs"] if "parallel_race" in o["findings"]]


def run(jax, pl, pltpu, module, case, args):
    fn = getattr(module, case["function"])
    if racing(case):
        # TPU interpret mode visits a parallel axis in a shuffled order (InterpretParams.
        # random_seed); where TileLens finds a race the result depends on that order, so
        # the grid runs in TileLens's order to compare the indexing.
        module.pltpu = InOrder(pltpu)
    if case["revisit"] == "ideal":
        module.pl = HloInterpret(pl)
        return jax.block_until_ready(fn(*args))
    params = pltpu.InterpretParams(uninitialized_memory="nan",
                                   out_of_bounds_reads="uninitialized")
    with pltpu.force_tpu_interpret_mode(params):
        return jax.block_until_ready(fn(*args))


def compare(case, output, got):
    """Problems of one output: (message lines); empty when it agrees."""
    want = np.load(os.path.join(case["dir"], output["file"])).astype(np.float64)
    got = np.asarray(got).astype(np.float64)
    if want.shape != got.shape:
        return [f"{output['name']}: shape {got.shape}, TileLens {want.shape}"]
    nan_want, nan_got = np.isnan(want), np.isnan(got)
    bad = nan_want != nan_got
    both = ~nan_want & ~nan_got
    rtol, atol = (0.0, 0.0) if case["body"] in EXACT_BODIES else TOLERANCE.get(
        output["dtype"], (0.0, 0.0))
    err = np.where(both, np.abs(got - want), 0.0)
    bad |= both & (err > atol + rtol * np.abs(want))
    output["max_err"] = float(err.max()) if err.size else 0.0
    output["nan"] = int(nan_want.sum())
    if not bad.any():
        return []
    lines = [f"{output['name']}: {int(bad.sum())} of {bad.size} elements differ "
             f"(rtol {rtol}, atol {atol})"]
    for idx in list(zip(*np.nonzero(bad)))[:5]:
        i = tuple(int(v) for v in idx)
        lines.append(f"  at {i}: JAX {got[i]!r}, TileLens {want[i]!r}")
    return lines


def expected_refusal(case):
    if case["revisit"] == "ideal":
        return None
    for o in case["outputs"]:
        if o["revisited"]:
            return ("Revisited block", f"output {o['name']} revisits a block")
        if o["outside"]:
            return ("Out-of-bounds block index", f"output {o['name']} has blocks outside")
    return None


def check(jax, jnp, pl, pltpu, case, index):
    """'ok ...' or 'FAIL ...' lines for one case."""
    module = load_module(os.path.join(case["dir"], "kernel.py"), index)
    args = arguments(jnp, case["dir"], case)
    refusal = expected_refusal(case)
    try:
        outs = run(jax, pl, pltpu, module, case, args)
    except Exception as e:  # noqa: BLE001 - any failure of the run is reported
        pltpu.reset_tpu_interpret_mode_state()
        text = str(e)
        if refusal and refusal[0] in text:
            return [f"ok {case['name']}: JAX's interpret mode refuses it as TileLens predicts "
                    f"({refusal[1]}: '{refusal[0]}')"]
        return [f"FAIL {case['name']}: JAX raised {type(e).__name__}: {text[-600:]}"]
    if refusal:
        return [f"FAIL {case['name']}: TileLens says {refusal[1]}, but JAX ran it"]
    if not isinstance(outs, (list, tuple)):
        outs = [outs]
    problems = []
    for output, got in zip(case["outputs"], outs):
        problems += compare(case, output, got)
    if problems:
        return [f"FAIL {case['name']} ({case['body']}):"] + ["  " + p for p in problems]
    if racing(case):
        detail_race = (f"; run in grid order: TileLens finds a parallel_race on "
                       f"{', '.join(racing(case))}, and JAX shuffles parallel axes")
    else:
        detail_race = ""
    detail = ", ".join(f"{o['name']}: {o['nan']} NaN, max error {o['max_err']:.3g}"
                       for o in case["outputs"])
    return [f"ok {case['name']} ({case['body']}; {detail}{detail_race})"]


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--case-bin", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--shard", default="0/1",
                    help="I/N: check every N-th spec from the I-th, so ctest can run N at once")
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args(argv)
    start = time.time()
    shard, shards = (int(v) for v in a.shard.split("/"))
    specs = spec_files(a.dirs)[shard::shards]
    os.makedirs(a.work, exist_ok=True)
    made = subprocess.run([a.case_bin, a.work] + specs)
    failed = made.returncode != 0
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu
    use_cache(jax)
    checked = 0
    for index, path in enumerate(specs):
        case_dir = os.path.join(a.work, os.path.basename(path)[: -len(".tilelens.json")])
        with open(os.path.join(case_dir, "case.json"), encoding="utf-8") as f:
            case = json.load(f)
        case["dir"] = case_dir
        if "skipped" in case:
            print(f"skip {case['name']}: {case['skipped']}")
            continue
        if "error" in case:
            print(f"FAIL {case['name']}: {case['error']}")
            failed = True
            continue
        lines = check(jax, jnp, pl, pltpu, case, index)
        failed = failed or lines[0].startswith("FAIL")
        checked += 1
        print("\n".join(lines), flush=True)
    print(f"{checked} spec(s) checked against JAX {jax.__version__} in "
          f"{time.time() - start:.1f} s; {'FAILED' if failed else 'all agree'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
