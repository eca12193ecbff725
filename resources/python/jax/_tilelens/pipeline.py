"""Run a recorded pallas_call program by program with the TPU pipeline model.

Inputs: a block is copied in when its block index differs from the previous
program's (padding holds the fill value). Outputs: a block lives in a
buffer that starts as the fill value and is written back when the next
program's block index differs and after the last program. revisit "ideal"
(and RevisitMode.ANY per operand) reload the buffer from the output array.
policy "cores" > 1 models megacore: a leading parallel axis is split into
contiguous per-core ranges, each with fresh scratch and scalar-prefetch copies.
"""
import numpy as np

from . import dtypes as D
from .refs import Ref, SemaphoreRef, CURRENT
from .session import state


def _fill(dt):
    return D.fill_value(dt, state["policy"].get("uninitialized", "nan"))


def _scratch_ref(s):
    if s is None:
        return None
    if s.semaphore:
        return SemaphoreRef(np.zeros(s.shape, np.int64), s.semaphore)
    return Ref(np.full(s.shape, _fill(s.dtype), D.storage(s.dtype)), s.dtype, memory_space=s.memory_space)


def run_call(c, probe=False):
    """Runs every program of c; with `probe`, only the first, for what its body records."""
    ideal = state["policy"].get("revisit", "tpu") == "ideal"
    pre = c.concrete_prefetch()
    in_arrays = [op.value._v.copy() for op in c.inputs]
    out_arrays, writers = [], []
    for op in c.outputs:
        if getattr(op, "alias_value", None) is not None:
            out_arrays.append(op.alias_value._v.astype(D.storage(op.dt)).reshape(op.shape).copy())
        else:
            out_arrays.append(np.full(op.shape, _fill(op.dt), D.storage(op.dt)))
        writers.append(np.full(op.shape, -1, np.int64))
    scratch = [_scratch_ref(s) for _, s in c.scratch]

    # HBM / ANY operands: the body gets the whole array and moves data itself.
    in_refs = [Ref(a, op.dt, memory_space=op.memory_space) if not op.pipelined else None
               for a, op in zip(in_arrays, c.inputs)]
    out_refs = [Ref(a, op.dt, w, op.memory_space) if not op.pipelined else None
                for a, w, op in zip(out_arrays, writers, c.outputs)]
    in_idx = [None] * len(c.inputs)
    out_idx = [None] * len(c.outputs)
    out_bufs = [None] * len(c.outputs)
    zero = lambda op: (0,) * len(op.shape)

    def block_index(op, pid, cache):
        if op.whole or op.index_map is None:
            return zero(op)
        key = id(op.index_map)
        if key not in cache:
            cache[key] = c.eval_map(op.index_map, pid, pre)
        return cache[key]

    cores = int(state["policy"].get("cores", 1) or 1)
    split = (cores > 1 and c.grid and c.dimension_semantics
             and c.dimension_semantics[0] in ("parallel", "core_parallel"))
    core_of = (lambda pid: pid[0] * cores // c.grid[0]) if split else (lambda pid: 0)
    core = 0
    last = -1
    for p, pid in enumerate(c.programs()):
        if probe and p:
            break
        if core_of(pid) != core:  # next core: its own pipeline, scratch and SMEM copies
            core = core_of(pid)
            for k, op in enumerate(c.outputs):
                if op.pipelined and out_idx[k] is not None and not ideal:
                    op.write_block(out_arrays[k], writers[k], out_bufs[k], out_idx[k], p - 1)
            in_idx, out_idx = [None] * len(c.inputs), [None] * len(c.outputs)
            scratch = [_scratch_ref(s) for _, s in c.scratch]
            pre = c.concrete_prefetch()
        CURRENT["pid"] = p
        state["program"], state["grid"] = pid, c.grid
        cache = {}
        for k, op in enumerate(c.inputs):
            if not op.pipelined:
                continue
            idx = block_index(op, pid, cache)
            if idx != in_idx[k]:
                buf = op.read_block(in_arrays[k], idx, _fill(op.dt))
                in_refs[k] = Ref(buf[op.body_index()], op.dt, memory_space=op.memory_space)
                in_idx[k] = idx
        for k, op in enumerate(c.outputs):
            if not op.pipelined:
                continue
            idx = block_index(op, pid, cache)
            if ideal or idx != out_idx[k]:
                if out_idx[k] is not None and not ideal:
                    op.write_block(out_arrays[k], writers[k], out_bufs[k], out_idx[k], p - 1)
                if ideal or op.revisit == "any":
                    out_bufs[k] = op.read_block(out_arrays[k], idx, _fill(op.dt))
                else:
                    out_bufs[k] = np.full(op.full_block(), _fill(op.dt), D.storage(op.dt))
                out_refs[k] = Ref(out_bufs[k][op.body_index()], op.dt, memory_space=op.memory_space)
                out_idx[k] = idx
        args = (list(_unflatten(c.pre_tree, pre)) + list(c.in_tree.unflatten(in_refs))
                + list(c.out_tree_flat_unflatten(out_refs)) + scratch)
        if state.get("streams") is not None:  # emit_pipeline matches its refs to these
            state["streams"].refs = in_refs + out_refs
        c.kernel(*args)
        if ideal:
            for k, op in enumerate(c.outputs):
                if op.pipelined:
                    op.write_block(out_arrays[k], writers[k], out_bufs[k], out_idx[k], p)
        last = p
    if not ideal:
        for k, op in enumerate(c.outputs):
            if op.pipelined and out_idx[k] is not None:
                op.write_block(out_arrays[k], writers[k], out_bufs[k], out_idx[k], last)
    state["program"] = None
    CURRENT["pid"] = -1
    return out_arrays, writers


def _unflatten(tree, value):
    return value if isinstance(value, tuple) else tuple(value)
