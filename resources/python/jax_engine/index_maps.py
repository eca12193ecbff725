"""Index maps read from JAX's own jaxprs (docs/python-runner.md, "The JAX engine").

`expression` turns an index map's jaxpr into TileLens's expression language, the one the
stand-ins' tracer writes; `table` evaluates it for every program at once. The tracer's Sym
class is shared with the stand-ins, loaded by path so that their `jax` package stays hidden.
"""
import importlib.util
import os
import sys

import numpy as np

_SYM_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "jax", "_tilelens", "symbolic.py")


def _load_symbolic():
    spec = importlib.util.spec_from_file_location("tilelens_symbolic", _SYM_PATH)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["tilelens_symbolic"] = mod
    spec.loader.exec_module(mod)
    return mod


S = _load_symbolic()
TraceFallback = S.TraceFallback


class _Opaque:
    """A sign() or a comparison on one: only the floor-division and modulo patterns use it."""


class _Eval:
    """Evaluates one jaxpr on Sym values, keeping each variable's defining equation."""

    def __init__(self):
        self.env = {}
        self.defs = {}  # var -> eqn

    def read(self, v):
        if hasattr(v, "val"):  # a Literal
            val = v.val
            if hasattr(val, "item") and getattr(val, "ndim", 0) == 0:
                val = val.item()
            if isinstance(val, (bool, np.bool_)):
                return bool(val)
            if isinstance(val, (int, np.integer)):
                return int(val)
            raise TraceFallback(f"literal {val!r} in an index map")
        return self.env[v]

    def eqn_of(self, v, prim):
        e = self.defs.get(v) if not hasattr(v, "val") else None
        return e if e is not None and e.primitive.name == prim else None

    def run(self, jaxpr, args):
        for var, a in zip(jaxpr.invars, args):
            self.env[var] = a
        for e in jaxpr.eqns:
            outs = self.step(e)
            for var, o in zip(e.outvars, outs):
                self.env[var] = o
                self.defs[var] = e
        return [self.read(v) for v in jaxpr.outvars]

    def step(self, e):
        name = e.primitive.name
        ins = [self.read(v) for v in e.invars]
        if name in ("pjit", "jit", "closed_call", "core_call"):
            inner = e.params.get("jaxpr") or e.params.get("call_jaxpr")
            sub = _Eval()
            return sub.run(getattr(inner, "jaxpr", inner), ins)
        if name == "get":
            return [self.get(e, ins)]
        if name == "select_n":
            return [self.select(e, ins)]
        return [_unary_binary(name, ins, e)]

    def get(self, e, ins):
        import jax
        ref, rest = ins[0], ins[1:]
        if not isinstance(ref, S.SymTable):
            raise TraceFallback("read of a ref that is not a prefetch table")
        transforms = jax.tree_util.tree_unflatten(e.params["tree"], rest)
        if len(transforms) != 1:
            raise TraceFallback("a transformed prefetch table")
        idx = []
        for i in transforms[0].indices:
            if type(i).__name__ == "Slice":
                raise TraceFallback("slicing a prefetch table in an index map")
            idx.append(i)
        return ref[tuple(idx)] if len(idx) > 1 else ref[idx[0]]

    def select(self, e, ins):
        if len(ins) != 3:
            raise TraceFallback("select_n with more than two cases")
        fd = self.floordiv(e)
        if fd is not None:
            return fd
        md = self.mod(e)
        if md is not None:
            return md
        p, no, yes = ins
        if isinstance(p, _Opaque):
            raise TraceFallback("sign in an index map")
        if isinstance(p, bool):
            return yes if p else no
        return S.where(p, yes, no)

    def rounding(self, e, base, fix):
        """`select_n(<sign test>, base(x, y), fix(base(x, y), ...))`, JAX's sequence for Python's
        rounding of negatives: -> (x, y) of the base equation, else None.
        x // y: base div, fix sub 1; x % y: base rem, fix add y."""
        pred, b, f = e.invars
        be, fe = self.eqn_of(b, base), self.eqn_of(f, fix)
        if be is None or fe is None or fe.invars[0] is not b or not self.eqn_of(pred, "and"):
            return None
        return tuple(self.read(v) for v in be.invars)

    def floordiv(self, e):
        xy = self.rounding(e, "div", "sub")
        return None if xy is None else xy[0] // xy[1]

    def mod(self, e):
        xy = self.rounding(e, "rem", "add")
        return None if xy is None else xy[0] % xy[1]


def _is_int(v):
    return isinstance(v, (int, bool)) or isinstance(v, S.Sym)


def _unary_binary(name, ins, e):
    if name == "sign" or (name in ("ne", "and") and any(isinstance(v, _Opaque) for v in ins)):
        return _Opaque()
    if name == "convert_element_type":
        new = e.params.get("new_dtype")
        if new is not None and np.dtype(new).kind not in "iub":
            raise TraceFallback("conversion to a float in an index map")
        return ins[0]
    if name == "multiple_of":  # pl.multiple_of is a hint to the compiler: the value is unchanged
        return ins[0]
    if name in ("squeeze", "reshape", "broadcast_in_dim", "copy", "copy_p", "optimization_barrier"):
        if any(d != 1 for d in getattr(e.outvars[0].aval, "shape", ())):
            raise TraceFallback(f"{name} of a non-scalar in an index map")
        return ins[0]
    if not all(_is_int(v) for v in ins):
        raise TraceFallback(f"{name} on a non-integer value")
    a = ins[0]
    b = ins[1] if len(ins) > 1 else None
    both_int = all(isinstance(v, (int, bool)) and not isinstance(v, S.Sym) for v in ins)
    if name == "add":
        return a + b
    if name == "sub":
        return a - b
    if name == "mul":
        return a * b
    if name == "neg":
        return -a
    if name == "div":
        return int(a / b) if both_int else S.call("lax.div", a, b)
    if name == "rem":
        return int(np.fmod(a, b)) if both_int else S.call("lax.rem", a, b)
    if name in ("max", "min"):
        return (max if name == "max" else min)(a, b) if both_int else S.call(name, a, b)
    if name == "abs":
        return abs(a)
    cmp = {"lt": "__lt__", "le": "__le__", "gt": "__gt__", "ge": "__ge__", "eq": "__eq__", "ne": "__ne__"}
    if name in cmp:
        if both_int:
            return bool(getattr(a, cmp[name])(b))
        if not isinstance(a, S.Sym):  # keep the program id on the left where Python would swap
            a = S.sym(a)
        return getattr(a, cmp[name])(b)
    is_bool = e.outvars[0].aval.dtype == np.bool_
    if name in ("and", "or") and is_bool:
        if both_int:
            return (a and b) if name == "and" else (a or b)
        return S.boolop(name, a, b)
    if name == "not" and is_bool:
        return (not a) if both_int else S.not_(a)
    raise TraceFallback(f"{name} in an index map")


def expression(closed, names, tables):
    """-> (lambda text, rank). tables: [(name, shape, dtype)] of the scalar-prefetch leaves."""
    jaxpr = closed.jaxpr
    ngrid = len(jaxpr.invars) - len(tables)
    if ngrid != len(names):
        raise TraceFallback("index map arity differs from the grid")
    args = [S.Sym(n) for n in names] + [S.SymTable(n, shape, dt) for n, shape, dt in tables]
    try:
        outs = _Eval().run(jaxpr, args)
    except TraceFallback:
        raise
    except Exception as exc:  # an equation this reader does not model
        raise TraceFallback(f"{type(exc).__name__}: {exc}") from None
    if any(isinstance(o, _Opaque) for o in outs):
        raise TraceFallback("sign in an index map")
    exprs = [S._lit(o).expr for o in outs]
    return S.lambda_text(names, [t[0] for t in tables], exprs), len(exprs)


def table(closed, grid, prefetch_values, limit):
    """Every program's block indices, row-major over the grid: int64 array (programs, rank)."""
    import jax
    import jax.numpy as jnp
    from jax._src.state.discharge import discharge_state
    nprog = int(np.prod(grid)) if grid else 1
    if nprog > limit:
        raise ValueError(f"the grid has {nprog} programs (per-program evaluation stops at {limit})")
    try:  # JAX 0.10 takes and returns a ClosedJaxpr; earlier releases a Jaxpr and its consts
        d = discharge_state(closed)
        jaxpr, consts = d.jaxpr, d.consts
    except TypeError:
        jaxpr, consts = discharge_state(closed.jaxpr, closed.consts)
    n_out = len(closed.jaxpr.outvars)
    pre = [jnp.asarray(v) for v in prefetch_values]

    def f(*ids):
        return jax.core.eval_jaxpr(jaxpr, consts, *ids, *pre)[:n_out]

    if not grid:
        outs = f()
    else:
        ids = np.indices(tuple(grid)).reshape(len(grid), -1)
        try:
            outs = jax.vmap(f)(*[jnp.asarray(x, jnp.int32) for x in ids])
        except NotImplementedError:  # a primitive without a batching rule: one program at a time
            rows = [[int(v) for v in f(*[jnp.int32(x) for x in col])] for col in ids.T]
            outs = list(np.asarray(rows, dtype=np.int64).reshape(nprog, n_out).T)
    cols = [np.broadcast_to(np.asarray(o, dtype=np.int64), (nprog,)) for o in outs]
    return np.stack(cols, axis=1) if cols else np.zeros((nprog, 0), np.int64)
