"""pl.pallas_call: record the call's configuration, and run it in "run" mode."""
import functools
import inspect
import itertools
import math

import numpy as np

from . import dtypes as D
from . import symbolic as S
from . import tree as T
from .array import Array, asarray
from .errors import TileLensError
from .inner import Streams
from .operands import Operand
from .refs import CURRENT
from .session import state
from .specs import BlockSpec, GridSpec, ScratchShape, user_frame


def _int(x):
    return int(x.item()) if isinstance(x, Array) else int(x)


def _grid(g):
    if g is None:
        return ()
    if isinstance(g, (int, np.integer, Array)):
        return (_int(g),)
    return tuple(_int(x) for x in g)


def _kernel_name(kernel):
    k = kernel
    while isinstance(k, functools.partial):
        k = k.func
    return getattr(k, "__name__", "kernel")


def _param_names(kernel):
    try:
        ps = inspect.signature(kernel).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in ps if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _specs_for(specs, args, given):
    """Per top-level arg, the list of BlockSpecs (or None) for each of its leaves."""
    out = []
    for t, arg in enumerate(args):
        leaves = T.tree_leaves(arg)
        if not given:
            s = None
        elif isinstance(specs, (list, tuple)) and not isinstance(specs, BlockSpec):
            s = specs[t] if t < len(specs) else None
        else:
            s = specs if len(args) == 1 else None
        if isinstance(s, BlockSpec) or s is None:
            out.append([s] * len(leaves))
        else:
            sl = T.tree_leaves(s, is_leaf=lambda x: isinstance(x, BlockSpec) or x is None)
            out.append(sl if len(sl) == len(leaves) else [None] * len(leaves))
    return out


def _leaf_names(base, n):
    return [base] if n == 1 else [f"{base}_{k}" for k in range(n)]


class _Call:
    """Everything pallas_call knows once it has its arguments."""

    def __init__(self, kernel, out_shape, kw, args, file, line):
        gs = kw.get("grid_spec")
        if isinstance(gs, GridSpec):
            grid, in_specs, out_specs = gs.grid, gs.in_specs, gs.out_specs
            scratch, nsp = gs.scratch_shapes, gs.num_scalar_prefetch
            in_given, out_given = gs.in_specs is not None, gs.out_specs is not None
        else:
            grid, in_specs, out_specs = kw.get("grid", ()), kw.get("in_specs"), kw.get("out_specs")
            scratch, nsp = tuple(kw.get("scratch_shapes") or ()), 0
            in_given, out_given = "in_specs" in kw and in_specs is not None, "out_specs" in kw and out_specs is not None
        self.kernel, self.file, self.line = kernel, file, line
        self.grid = _grid(grid)
        self.nprog = math.prod(self.grid)
        self.name = _kernel_name(kernel)
        cp = kw.get("compiler_params")
        if isinstance(cp, dict):  # older spelling: dict(mosaic=dict(dimension_semantics=...))
            cp = cp.get("mosaic", cp)
            ds, vl, backend = cp.get("dimension_semantics"), cp.get("vmem_limit_bytes"), "mosaic_tpu"
        else:
            ds = getattr(cp, "dimension_semantics", None)
            vl = getattr(cp, "vmem_limit_bytes", None)
            backend = getattr(cp, "backend", None)
        self.dimension_semantics = None if ds is None else [str(getattr(d, "value", d)).lower().split(".")[-1] for d in ds]
        self.vmem_limit_bytes = vl
        self.backend = backend

        names = _param_names(kernel)
        pre_args, op_args = args[:nsp], args[nsp:]
        self.pre_tree = T.tree_structure(tuple(pre_args))
        self.in_tree = T.tree_structure(tuple(op_args))
        self.out_tree = T.tree_structure(out_shape)
        pos = 0
        self.prefetch = []  # (name, Array)
        for a in pre_args:
            leaves = T.tree_leaves(a)
            base = names[pos] if pos < len(names) else f"s{len(self.prefetch)}"
            for nm, leaf in zip(_leaf_names(base, len(leaves)), leaves):
                self.prefetch.append((nm, asarray(leaf)))
            pos += 1
        self.inputs = []
        for a, specs in zip(op_args, _specs_for(in_specs, op_args, in_given)):
            leaves = T.tree_leaves(a)
            base = names[pos] if pos < len(names) else None
            lnames = _leaf_names(base, len(leaves)) if base else [f"in{len(self.inputs) + k}" for k in range(len(leaves))]
            for nm, leaf, spec in zip(lnames, leaves, specs):
                arr = asarray(leaf)
                op = Operand(nm, "input", arr.shape, arr.dtype, spec, line, file)
                op.value = arr
                self.inputs.append(op)
            pos += 1
        out_leaves = T.tree_leaves(out_shape)
        out_top = list(out_shape) if isinstance(out_shape, (list, tuple)) and not hasattr(out_shape, "shape") else [out_shape]
        out_specs_l = _specs_for(out_specs, out_top, out_given)
        self.outputs = []
        for a, specs in zip(out_top, out_specs_l):
            leaves = T.tree_leaves(a)
            base = names[pos] if pos < len(names) else None
            lnames = _leaf_names(base, len(leaves)) if base else [f"out{len(self.outputs) + k}" for k in range(len(leaves))]
            for nm, leaf, spec in zip(lnames, leaves, specs):
                self.outputs.append(Operand(nm, "output", tuple(leaf.shape), D.canon(leaf.dtype), spec, line, file))
            pos += 1
        assert len(self.outputs) == len(out_leaves)
        self.scratch = []
        for s in scratch:
            base = names[pos] if pos < len(names) else f"scratch{len(self.scratch)}"
            self.scratch.append((base, s))
            pos += 1
        seen = set()
        for op in self.all_operands():
            while op.name in seen:
                op.name += "_"
            seen.add(op.name)
        n_all = len(self.prefetch) + len(self.inputs)
        for i, o in dict(kw.get("input_output_aliases") or {}).items():
            i, o = int(i), int(o)
            if not 0 <= i < n_all or not 0 <= o < len(self.outputs):
                raise TileLensError(f"input_output_aliases {{{i}: {o}}} is out of range")
            if i < len(self.prefetch):
                self.outputs[o].alias_of = self.prefetch[i][0]
                self.outputs[o].alias_value = self.prefetch[i][1]
            else:
                self.outputs[o].alias_of = self.inputs[i - len(self.prefetch)].name
                self.outputs[o].alias_value = self.inputs[i - len(self.prefetch)].value

    def out_tree_flat_unflatten(self, refs):
        v = self.out_tree.unflatten(refs)
        return list(v) if self.out_tree.kind in ("tuple", "list") else [v]

    def all_operands(self):
        return self.inputs + self.outputs

    # --- index maps -------------------------------------------------------------------
    def trace_maps(self):
        table_names = [n for n, _ in self.prefetch]
        sym_tables = self.pre_tree.unflatten(
            [S.SymTable(n, a.shape, a.dtype) for n, a in self.prefetch])
        cache = {}
        for op in self.all_operands():
            op.index_map_text, op.index_map_table = None, None
            if op.whole or op.index_map is None:
                continue
            fn = op.index_map
            if id(fn) not in cache:
                names = S.grid_names(fn, len(self.grid), table_names)
                try:
                    exprs = S.trace(fn, names, sym_tables)
                    cache[id(fn)] = ("text", S.lambda_text(names, table_names, exprs), len(exprs))
                except S.TraceFallback:
                    cache[id(fn)] = ("table", self.table(fn), None)
            kind, val, rank = cache[id(fn)]
            if kind == "text":
                if rank != len(op.shape):
                    raise TileLensError(
                        f"operand {op.name}: index map returns {rank} values for a rank-{len(op.shape)} array")
                op.index_map_text = val
            else:
                op.index_map_table = val

    def programs(self):
        return itertools.product(*[range(n) for n in self.grid])

    def table(self, fn):
        if self.nprog > state["max_table_programs"]:
            raise TileLensError(
                f"index map of {self.name} cannot be traced symbolically and the grid has "
                f"{self.nprog} programs (per-program evaluation stops at {state['max_table_programs']})")
        pre = self.concrete_prefetch()
        return [list(self.eval_map(fn, pid, pre)) for pid in self.programs()]

    def concrete_prefetch(self):
        from .refs import Ref
        self.prefetch_bufs = [a._v.copy() for _, a in self.prefetch]
        refs = [Ref(b, a.dtype, memory_space="smem") for b, (_, a) in zip(self.prefetch_bufs, self.prefetch)]
        return self.pre_tree.unflatten(refs)

    @staticmethod
    def eval_map(fn, pid, pre):
        out = fn(*pid, *pre)
        if not isinstance(out, (tuple, list)):
            out = (out,)
        return tuple(_int(v) for v in out)

    def record(self):
        ops = []
        for op in self.all_operands():
            ops.append({
                "name": op.name, "role": op.role, "shape": list(op.shape), "dtype": D.name(op.dt),
                "block_shape": op.block_shape_record(),
                "index_map": op.index_map_text, "index_map_table": op.index_map_table,
                "memory_space": op.memory_space, "buffer_count": op.buffer_count,
                "revisit": op.revisit, "alias_of": op.alias_of, "line": op.line,
            })
        scratch = []
        for name, s in self.scratch:
            if s is None:
                continue
            if not isinstance(s, ScratchShape):
                raise TileLensError(f"scratch shape {s!r} is not supported by TileLens's stand-ins")
            if s.semaphore:
                scratch.append({"name": name, "semaphore": s.semaphore, "shape": list(s.shape)})
            else:
                scratch.append({"name": name, "shape": list(s.shape), "dtype": D.name(s.dtype),
                                "memory_space": s.memory_space})
        return {
            "line": self.line, "file": self.file, "name": self.name, "grid": list(self.grid),
            "backend": self.backend,
            "dimension_semantics": self.dimension_semantics, "vmem_limit_bytes": self.vmem_limit_bytes,
            "scalar_prefetch": [{"name": n, "shape": list(a.shape), "dtype": D.name(a.dtype),
                                 "values": a._v.ravel().tolist()} for n, a in self.prefetch],
            "operands": ops, "scratch": scratch,
            "outputs_npy": [], "writers_npy": [], "reference_npy": [],
        }


def _names(fn, name, seen, depth=4):
    """Whether `fn`'s code, the functions it defines and the ones it reaches through its
    globals and closure name `name` (an attribute or a global)."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    code = getattr(fn, "__code__", None)
    if code is None or id(code) in seen or depth == 0:
        return False
    seen.add(id(code))
    codes, reached = [code], []
    while codes:
        co = codes.pop()
        if name in co.co_names:
            return True
        codes += [k for k in co.co_consts if hasattr(k, "co_names")]
        reached += [fn.__globals__.get(n) for n in co.co_names]
    reached += [c.cell_contents for c in (fn.__closure__ or ()) if c.cell_contents is not None]
    return any(callable(f) and _names(f, name, seen, depth - 1) for f in reached
               if not isinstance(f, type))


def _probe(c):
    """In record mode, runs the first program of a body that may call emit_pipeline, with the
    pipelines only recording: that is where the operands' inner tiles come from. A failure
    leaves the call as recorded; run mode reports it."""
    if not _names(c.kernel, "emit_pipeline", set()):
        return
    from .pipeline import run_call
    state["probe"] = True
    try:
        run_call(c, probe=True)
    except MemoryError:
        raise
    except Exception:  # noqa: BLE001 - the kernel's errors are run mode's to report
        pass
    finally:
        state["probe"] = False
        state["program"] = None
        CURRENT["pid"] = -1


def pallas_call(kernel, out_shape=None, **kw):
    file, line = user_frame()

    def call(*args):
        c = _Call(kernel, out_shape, kw, args, file, line)
        c.trace_maps()
        state["calls"].append(c.record())
        index = len(state["calls"]) - 1
        streams = Streams(c.all_operands())
        state["streams"] = streams
        try:
            if state["mode"] == "run":
                from .pipeline import run_call
                outs, writers = run_call(c)
                if index == state["entry"]:
                    state["entry_outputs"] = (c, outs, writers)
            else:
                _probe(c)
                outs = [np.zeros(op.shape, D.storage(op.dt)) for op in c.outputs]
        finally:
            state["streams"] = None
        streams.apply(state["calls"][index])
        arrays = [Array(v, op.dt) for v, op in zip(outs, c.outputs)]
        state["call_outputs"].append(arrays)
        return c.out_tree.unflatten(arrays)
    return call
