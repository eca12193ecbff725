"""pltpu.emit_pipeline inside a kernel body: which operands of the pallas_call it streams, in
what tiles and through how many buffers, recorded as the operands' `inner` (docs/python-runner.md,
"emit_pipeline fills inner").

The kernel body is traced just before its pallas_call binds; the refs the body receives are
noted, and each pipeline applied while it is traced matches its refs to them by identity.
"""
import functools

from inner_rule import inner_entry



def _leaves(tree, is_leaf=None):
    import jax
    return jax.tree_util.tree_leaves(tree, is_leaf=is_leaf)


def _spec_dims(spec):
    """An inner BlockSpec's block shape per dimension of the ref it walks: an int, None
    (squeezed: one element) or "element"; None for no block shape (the whole ref)."""
    shape = getattr(spec, "block_shape", None)
    if shape is None:
        return None
    out = []
    for d in shape:
        kind = type(d).__name__
        if d is None or kind == "Squeezed":
            out.append(None)
        elif kind == "Blocked":
            out.append(int(d.block_size))
        elif hasattr(d, "block_size"):
            out.append("element")
        else:
            out.append(int(d))
    return out


def _buffers(spec):
    pm = getattr(spec, "pipeline_mode", None)
    n = getattr(pm, "buffer_count", None)
    return 2 if n is None else int(n)


class Pipelines:
    """What emit_pipeline saw while one kernel body was traced."""

    def __init__(self, kernel_refs):
        self.kernel_refs = kernel_refs  # the refs the body received, in order
        self.applied = []  # (line, grid, [(spec, ref)], inputs)

    def note(self, line, grid, in_specs, out_specs, refs):
        from jax._src.state.types import TransformedRef
        is_ref = lambda r: isinstance(r, TransformedRef)  # noqa: E731
        specs = list(_normalize(in_specs)) + list(_normalize(out_specs))
        if len(refs) == len(specs):
            # One argument per spec; an argument may bundle its ref with what a custom
            # allocation needs beside it (a row table), the ref first.
            pairs = []
            for spec, arg in zip(specs, refs):
                leaves = _leaves(arg, is_leaf=is_ref)
                pairs.append((spec, leaves[0] if leaves else arg))
        else:
            pairs = list(zip(_leaves(tuple(specs)), _leaves(refs, is_leaf=is_ref)))
        self.applied.append((line, tuple(grid), pairs))

    def _operand(self, ref, nsp, nops):
        """(operand index, None), (index, "view") for a view of it, or (None, None)."""
        from jax._src.state.types import TransformedRef
        base = ref.ref if isinstance(ref, TransformedRef) else ref
        for k, r in enumerate(self.kernel_refs[nsp:nsp + nops]):
            if r is ref:
                return k, None
            if base is r or base is getattr(r, "ref", None):
                return k, "view"
        return None, None

    def apply(self, rec, ops):
        """Sets each streamed operand's `inner` on the records `ops`; notes on `rec.notes`."""
        nsp = len(rec.prefetch)
        if self.applied and self.kernel_refs is None:
            rec.notes.append("pltpu.emit_pipeline ran, but the refs of the kernel body were not "
                             "seen: no operand's inner tiles are recorded")
            return
        for line, grid, pairs in self.applied:
            where = f"pltpu.emit_pipeline at line {line}" if line else "pltpu.emit_pipeline"
            streamed = []
            for spec, ref in pairs:
                k, how = self._operand(ref, nsp, len(ops))
                if k is None:
                    continue  # a scratch buffer or another pipeline's tile: no operand of the call
                op = ops[k]
                if how == "view":
                    rec.notes.append(f"{where} streams a view of {op['name']} (.at[...], a reshape "
                                     "or a bitcast), not the operand itself: its inner tiles are not "
                                     "recorded")
                    continue
                inner, why = inner_entry(op["shape"], op["block_shape"], _spec_dims(spec), _buffers(spec))
                if inner is None:
                    rec.notes.append(f"{where} streams {op['name']}, but {why}: its inner tiles are "
                                     "not recorded")
                elif "inner" in op and op["inner"] != inner:
                    rec.notes.append(f"{where} streams {op['name']} again in other tiles; the first "
                                     "pipeline's are recorded")
                else:
                    op["inner"] = inner
                    streamed.append(op["name"])
            if streamed:
                rec.notes.append(f"{where} streams {', '.join(streamed)} over an inner grid of "
                                 f"{list(grid)}: recorded as their inner tiles")


def _normalize(specs):
    if not isinstance(specs, (list, tuple)):
        specs = (specs,)
    return tuple(specs)


def install(session):
    """Wraps pltpu.emit_pipeline (JAX's and the pltpu module's name for it) so that a pipeline
    applied while a kernel body is traced is noted on `session.pipelines`."""
    from jax._src.pallas.mosaic import pipeline as P
    from jax.experimental.pallas import tpu as pltpu
    orig = P.emit_pipeline

    @functools.wraps(orig)
    def emit_pipeline(body, *, grid, in_specs=(), out_specs=(), **kw):
        run = orig(body, grid=grid, in_specs=in_specs, out_specs=out_specs, **kw)
        _, line = session.call_site()

        @functools.wraps(run)
        def pipeline(*refs, **kws):
            seen = session.pipelines
            if seen is not None:
                try:
                    seen.note(line, grid, in_specs, out_specs, refs)
                except Exception:  # noqa: BLE001 - recording must never change what runs
                    pass
            return run(*refs, **kws)

        return pipeline

    P.emit_pipeline = emit_pipeline
    pltpu.emit_pipeline = emit_pipeline


def traced_kernel(session, fun):
    """The kernel function `fun`, noting the refs it is traced with for the pipelines it applies."""
    from jax._src.state.types import TransformedRef

    @functools.wraps(fun)
    def kernel(*args, **kwargs):
        if session.pipelines is not None:
            session.pipelines.kernel_refs = _leaves(args, is_leaf=lambda r: isinstance(r, TransformedRef))
        return fun(*args, **kwargs)

    return kernel
