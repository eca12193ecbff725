"""Symbolic program ids: trace an index map once into TileLens's expression language.

A Sym is an integer expression string with its precedence. Python control
flow on a Sym (bool/int conversion) or any unsupported operation raises
TraceFallback, and the caller evaluates the index map per program instead.
"""
import keyword

_ATOM, _UNARY, _MUL, _ADD, _CMP, _NOT, _AND, _OR, _IF = 100, 90, 80, 70, 60, 50, 40, 30, 20
_RESERVED = {"cdiv", "min", "max", "abs", "jnp", "lax", "pl", "lambda", "and", "or", "not", "if", "else"}


class TraceFallback(Exception):
    pass


class Sym:
    _tl_sym = True
    __slots__ = ("expr", "prec")

    def __init__(self, expr, prec=_ATOM):
        self.expr, self.prec = expr, prec

    def __bool__(self):
        raise TraceFallback("Python control flow on a program id")

    def __index__(self):
        raise TraceFallback("program id used as a Python integer")

    __int__ = __index__

    def __float__(self):
        raise TraceFallback("program id used as a float")

    def __hash__(self):
        return id(self)

    def __getitem__(self, idx):
        return Sym(f"{self.expr}[{_index(idx)}]")

    def astype(self, *_):
        return self

    def __getattr__(self, name):
        raise TraceFallback(f"unsupported operation .{name} on a program id")

    def __repr__(self):
        return f"Sym({self.expr})"


def _lit(x):
    if isinstance(x, Sym):
        return x
    if isinstance(x, bool):
        return Sym(str(int(x)))
    if hasattr(x, "_v") and getattr(x, "ndim", None) == 0:  # concrete 0-d Array
        x = x.item()
    if hasattr(x, "dtype") and getattr(x, "shape", None) == ():  # numpy scalar
        x = x.item()
    if isinstance(x, bool):
        return Sym(str(int(x)))
    if isinstance(x, int):
        return Sym(str(x)) if x >= 0 else Sym(f"-{-x}", _UNARY)
    raise TraceFallback(f"non-integer value {x!r} in an index map")


def _wrap(s, prec, right=False):
    need = s.prec < prec or (right and s.prec == prec)
    return f"({s.expr})" if need else s.expr


def _bin(op, prec):
    def f(a, b):
        a, b = _lit(a), _lit(b)
        return Sym(f"{_wrap(a, prec)} {op} {_wrap(b, prec, right=True)}", prec)
    return f


def _r(fn):
    return lambda a, b: fn(b, a)


for _name, _op, _prec in [("add", "+", _ADD), ("sub", "-", _ADD), ("mul", "*", _MUL),
                          ("floordiv", "//", _MUL), ("mod", "%", _MUL)]:
    setattr(Sym, f"__{_name}__", _bin(_op, _prec))
    setattr(Sym, f"__r{_name}__", _r(_bin(_op, _prec)))
for _name, _op in [("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="), ("eq", "=="), ("ne", "!=")]:
    setattr(Sym, f"__{_name}__", _bin(_op, _CMP + 1))


def _cmp_fix():
    # comparisons do not chain in the expression language: parenthesise operands that are comparisons
    for _name, _op in [("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="), ("eq", "=="), ("ne", "!=")]:
        def f(a, b, _op=_op):
            a, b = _lit(a), _lit(b)
            return Sym(f"{_wrap(a, _ADD)} {_op} {_wrap(b, _ADD)}", _CMP)
        setattr(Sym, f"__{_name}__", f)


_cmp_fix()
Sym.__neg__ = lambda a: Sym(f"-{_wrap(a, _UNARY)}", _UNARY)
Sym.__pos__ = lambda a: a
Sym.__abs__ = lambda a: call("abs", a)
Sym.__and__ = Sym.__rand__ = lambda a, b: boolop("and", a, b)
Sym.__or__ = Sym.__ror__ = lambda a, b: boolop("or", a, b)
Sym.__invert__ = lambda a: not_(a)
Sym.__truediv__ = Sym.__rtruediv__ = lambda a, b: (_ for _ in ()).throw(TraceFallback("'/' in an index map"))


class SymTable:
    """A scalar-prefetch table seen by an index map during tracing."""
    _tl_sym = True

    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, tuple(shape), dtype
        self.ndim = len(self.shape)

    def __getitem__(self, idx):
        return Sym(f"{self.name}[{_index(idx)}]")

    @property
    def at(self):
        raise TraceFallback("table.at in an index map")

    def __getattr__(self, name):
        raise TraceFallback(f"unsupported operation .{name} on a prefetch table")


def _index(idx):
    items = idx if isinstance(idx, tuple) else (idx,)
    parts = []
    for i in items:
        if isinstance(i, slice) or i is Ellipsis or i is None:
            raise TraceFallback("slicing a prefetch table in an index map")
        parts.append(_lit(i).expr)
    return ", ".join(parts)


def any_sym(*xs):
    return any(getattr(x, "_tl_sym", False) for x in xs)


def sym(x):
    return _lit(x)


def call(fname, *args):
    return Sym(f"{fname}({', '.join(_lit(a).expr for a in args)})")


def boolop(op, *args):
    prec = _AND if op == "and" else _OR
    parts = [_wrap(_lit(a), prec + 1) for a in args]
    return Sym(f" {op} ".join(parts), prec)


def not_(a):
    return Sym(f"not {_wrap(_lit(a), _NOT)}", _NOT)


def where(c, a, b):
    c, a, b = _lit(c), _lit(a), _lit(b)
    return Sym(f"{_wrap(a, _IF + 1)} if {_wrap(c, _IF + 1)} else {_wrap(b, _IF)}", _IF)


def grid_names(fn, ngrid, taken):
    """Parameter names for the emitted lambda: the user's where usable."""
    import inspect
    names = []
    try:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    used = set(taken)
    for a in range(ngrid):
        n = params[a].name if a < len(params) else ""
        if (not n.isidentifier() or n.startswith("_") or keyword.iskeyword(n)
                or n in _RESERVED or n in used):
            n = f"i{a}"
            while n in used:
                n = "_" + n
        used.add(n)
        names.append(n)
    return names


def trace(fn, names, prefetch_args):
    """-> list of expression strings, one per block dimension (TraceFallback if not expressible)."""
    try:
        out = fn(*[Sym(n) for n in names], *prefetch_args)
    except TraceFallback:
        raise
    except Exception as e:  # an operation the tracer does not model
        raise TraceFallback(f"{type(e).__name__}: {e}") from None
    if not isinstance(out, (tuple, list)):
        out = (out,)
    return [_lit(e).expr for e in out]


def lambda_text(names, table_names, exprs):
    params = ", ".join(list(names) + list(table_names))
    if len(exprs) == 1:
        body = exprs[0]
    else:
        body = "(" + ", ".join(exprs) + ")"
    return f"lambda {params}: {body}"
