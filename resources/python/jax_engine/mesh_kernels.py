"""pl.kernel: a body run once on each core of a mesh (JAX's mpmd_map and core_map), with no
grid or BlockSpecs of its own (docs/python-runner.md, "pl.kernel over a mesh").

A TPU mesh kernel runs under JAX's TPU interpret mode with the check's fill and race
detection. It is recorded as a call whose grid is the mesh's cores and whose operands are
whole arrays in HBM: the body moves them itself (emit_pipeline, async copies), so the indexing
stage cannot see which elements it touches and says so; numerics and JAX's checks apply.
"""
import functools

import numpy as np

from record import _dtype_name


class KernelRecorded:
    """A pl.kernel call as the runner's call record, with what running it needs."""
    backend = "mosaic_tpu"
    element_padding = False
    manual_memory = True
    semantics_widened = False

    def __init__(self, body, mesh, args, out_avals, file, line):
        name = getattr(body, "__name__", "kernel")
        shape = dict(getattr(mesh, "shape", {}) or {})
        self.grid = [int(v) for v in shape.values()] or [1]
        self.axes = list(shape) or ["core"]
        self.nin = len(args)
        self.file, self.line, self.name = file, line, name
        names = _parameter_names(body)
        name_of = lambda k, fallback: names[k] if k < len(names) else fallback  # noqa: E731
        self.ops = [self._op(name_of(k, f"in{k}"), "input", a.shape, a.dtype) for k, a in enumerate(args)]
        self.ops += [self._op(name_of(self.nin + k, f"out{k}"), "output", o.shape, o.dtype)
                     for k, o in enumerate(out_avals)]
        self.notes = [f"pl.kernel over a mesh of {dict(zip(self.axes, self.grid))} runs its body once "
                      "per core; it is recorded as a grid of the mesh's cores with every operand whole "
                      "in HBM, moved by the body itself"]

    def _op(self, name, role, shape, dtype):
        return {"name": name, "role": role, "shape": [int(s) for s in shape], "dtype": _dtype_name(dtype),
                "block_shape": None, "index_map": None, "index_map_table": None, "memory_space": "hbm",
                "buffer_count": 2, "revisit": "immediate", "alias_of": None, "line": self.line,
                "stores": None}

    def record(self):
        return {"line": self.line, "file": self.file, "name": self.name, "grid": self.grid,
                "backend": self.backend, "dimension_semantics": ["core_parallel"] + ["parallel"] * (len(self.grid) - 1),
                "vmem_limit_bytes": None, "scalar_prefetch": [], "operands": self.ops, "scratch": [],
                "cost_estimate": None, "notes": self.notes,
                "outputs_npy": [], "writers_npy": [], "reference_npy": []}

    def writers(self, out_index):
        op = self.ops[self.nin + out_index]
        return np.full(tuple(op["shape"]), -1, np.int64)  # written by the body's own copies


def _parameter_names(body):
    """The body's parameter names (its refs: inputs, then outputs), as far as they are plain."""
    import inspect
    try:
        return [p.name for p in inspect.signature(body).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        return []


def _is_tpu_mesh(mesh):
    return "tpu" in type(mesh).__module__ or "TensorCore" in type(mesh).__name__


def install(session, run_call):
    """Wraps JAX's mpmd_map (what pl.kernel builds on) so that a TPU mesh kernel called with
    concrete arrays is recorded and run by `run_call(rec, kernel, args, out_types)`; other meshes keep JAX's
    behaviour (a GPU mesh needs a GPU: the engine reports it as unsupported)."""
    import jax
    from jax._src.pallas import mpmd
    orig = mpmd.mpmd_map

    def mpmd_map(meshes_and_fns, /, out_types=(), **kw):
        meshes = [m for m, _ in meshes_and_fns]
        if not meshes or not all(_is_tpu_mesh(m) for m in meshes):
            return orig(meshes_and_fns, out_types, **kw)
        kw["interpret"] = session.interpret_params()
        kernel = orig(meshes_and_fns, out_types, **kw)
        body = meshes_and_fns[0][1]

        @functools.wraps(kernel)
        def call(*args):
            if not session.active or any(isinstance(a, jax.core.Tracer) for a in args):
                return kernel(*args)
            file, line = session.call_site()
            outs = jax.tree_util.tree_leaves(out_types)
            rec = KernelRecorded(body, meshes[0], args, outs, file, line)
            return run_call(rec, kernel, args, out_types)

        return call

    mpmd.mpmd_map = mpmd_map
