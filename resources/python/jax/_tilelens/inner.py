"""pltpu.emit_pipeline: an inner pipeline over refs, run inside a kernel body.

Run: the inner grid's steps run in row-major order; each BlockSpec's index map gives a step's
block of its ref, copied in (inputs) or written back (outputs) with pallas_call's pipeline rules
(docs/python-runner.md, "Pipeline semantics"); pl.program_id inside the body answers for the
inner grid. Recorded: which of the pallas_call's operands a pipeline streams, in what tiles and
through how many buffers, as the operands' `inner` (docs/python-runner.md, "emit_pipeline fills
inner"); refs are matched to the operands by identity.
"""
import itertools

import numpy as np

from . import dtypes as D
from . import tree as T
from .array import Array
from .errors import TileLensError
from .operands import Operand
from .refs import Ref, CURRENT
from .session import state
from .specs import BlockSpec, Buffered, Squeezed, Element, Blocked, user_frame

# The rule is shared with the JAX engine (plain Python, no JAX needed).
from jax_engine.inner_rule import inner_entry


def _int(x):
    return int(x.item()) if isinstance(x, Array) else int(x)


def _specs(specs):
    if not isinstance(specs, (list, tuple)):
        specs = (specs,)
    return T.tree_leaves(tuple(specs), is_leaf=lambda s: isinstance(s, BlockSpec))


def _spec_dims(spec):
    """The inner block shape per dimension of the ref it walks: an int, None (squeezed: one
    element) or "element"; None for no block shape (the whole ref)."""
    if spec.block_shape is None:
        return None
    out = []
    for d in spec.block_shape:
        if d is None or isinstance(d, Squeezed):
            out.append(None)
        elif isinstance(d, Element):
            out.append("element")
        else:
            out.append(int(d.block_size) if isinstance(d, Blocked) else int(d))
    return out


def _buffers(spec):
    return spec.pipeline_mode.buffer_count if isinstance(spec.pipeline_mode, Buffered) else 2


class Streams:
    """What the pipelines of one pallas_call's body streamed, per operand (inputs, outputs)."""

    def __init__(self, operands):
        self.operands = operands
        self.refs = []  # the refs the body gets now, one per operand
        self.inner, self.notes = {}, []

    def _note(self, text):
        if text not in self.notes:
            self.notes.append(text)

    def _operand(self, ref):
        """(operand index, None), (index, "view") for a view into it, or (None, None)."""
        for k, r in enumerate(self.refs):
            if r is ref:
                return k, None
        for k, r in enumerate(self.refs):
            if isinstance(r, Ref) and isinstance(ref, Ref) and np.may_share_memory(r._buf, ref._buf):
                return k, "view"
        return None, None

    def note(self, line, grid, pairs):
        where = f"pltpu.emit_pipeline at line {line}" if line else "pltpu.emit_pipeline"
        streamed = []
        for spec, ref in pairs:
            k, how = self._operand(ref)
            if k is None:
                continue  # a scratch buffer or another pipeline's tile: no operand of the call
            op = self.operands[k]
            if how == "view":
                self._note(f"{where} streams a view of {op.name} (.at[...], a reshape or a "
                           "bitcast), not the operand itself: its inner tiles are not recorded")
                continue
            inner, why = inner_entry(op.shape, op.block_shape_record(), _spec_dims(spec), _buffers(spec))
            if inner is None:
                self._note(f"{where} streams {op.name}, but {why}: its inner tiles are not recorded")
            elif k in self.inner and self.inner[k] != inner:
                self._note(f"{where} streams {op.name} again in other tiles; the first pipeline's "
                           "are recorded")
            else:
                self.inner[k] = inner
                streamed.append(op.name)
        if streamed:
            self._note(f"{where} streams {', '.join(streamed)} over an inner grid of {list(grid)}: "
                       "recorded as their inner tiles")

    def apply(self, record):
        for k, inner in self.inner.items():
            record["operands"][k]["inner"] = inner
        if self.notes:
            record["notes"] = list(self.notes)


def emit_pipeline(body, *, grid, in_specs=(), out_specs=(), **_):
    _, line = user_frame()
    grid = (_int(grid),) if isinstance(grid, (int, np.integer, Array)) else tuple(_int(g) for g in grid)
    ins, outs = _specs(in_specs), _specs(out_specs)

    def pipeline(*refs, scratches=None, **_):
        flat = T.tree_leaves(refs, is_leaf=lambda r: isinstance(r, Ref))
        if len(flat) != len(ins) + len(outs):
            raise TileLensError(f"emit_pipeline has {len(ins) + len(outs)} BlockSpecs but was "
                                f"applied to {len(flat)} refs")
        streams = state.get("streams")
        if streams is not None:
            streams.note(line, grid, list(zip(ins + outs, flat)))
        if not state.get("probe"):
            _run(body, grid, ins + outs, len(ins), flat, T.tree_structure(refs, is_leaf=lambda r: isinstance(r, Ref)),
                 scratches)

    return pipeline


def _run(body, grid, specs, nin, refs, tree, scratches):
    fill = lambda dt: D.fill_value(dt, state["policy"].get("uninitialized", "nan"))  # noqa: E731
    ops = [Operand(f"ref{k}", "input" if k < nin else "output", r.shape, r.dtype, s, None, None)
           for k, (s, r) in enumerate(zip(specs, refs))]
    idx, bufs, views = [None] * len(ops), [None] * len(ops), [None] * len(ops)
    outer = state["program"], state["grid"]

    def write_back(k):
        w = ops[k].window(idx[k])
        if w is not None:
            refs[k]._buf[w[0]] = bufs[k][w[1]]
            if refs[k]._w is not None:
                refs[k]._w[w[0]] = CURRENT["pid"]

    try:
        for pid in itertools.product(*[range(n) for n in grid]):
            for k, op in enumerate(ops):
                i = (0,) * len(op.shape) if op.index_map is None else tuple(
                    _int(v) for v in _tuple(op.index_map(*pid)))
                if i == idx[k]:
                    continue
                if k < nin:
                    bufs[k] = op.read_block(refs[k]._buf, i, fill(op.dt))
                else:
                    if idx[k] is not None:
                        write_back(k)
                    bufs[k] = np.full(op.full_block(), fill(op.dt), D.storage(op.dt))
                views[k] = Ref(bufs[k][op.body_index()], op.dt)
                idx[k] = i
            state["program"], state["grid"] = pid, grid
            body(*tree.unflatten(views), *(scratches or ()))
            state["program"], state["grid"] = outer
        for k in range(nin, len(ops)):
            if idx[k] is not None:
                write_back(k)
    finally:
        state["program"], state["grid"] = outer


def _tuple(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,)
