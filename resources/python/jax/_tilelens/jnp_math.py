"""jax.numpy: elementwise functions and reductions."""
import numpy as np

from . import dtypes as D
from . import symbolic as S
from .array import Array, asarray, binop, unary, wrap, operand, result_dtype
from .jnp_base import _f32, _i32, _bool, _a, _scalar, _axis


def _binary(fn, kind="arith"):
    def f(a, b):
        return binop(a, b, fn, kind)
    return f


add = _binary(np.add)
subtract = _binary(np.subtract)
multiply = _binary(np.multiply)
divide = true_divide = _binary(np.true_divide, "divide")
floor_divide = _binary(np.floor_divide)
remainder = mod = _binary(np.mod)
power = pow = _binary(np.power)
arctan2 = _binary(np.arctan2, "divide")
bitwise_and = _binary(np.bitwise_and)
bitwise_or = _binary(np.bitwise_or)
bitwise_xor = _binary(np.bitwise_xor)
left_shift = _binary(np.left_shift)
right_shift = _binary(np.right_shift)
greater = _binary(np.greater, "compare")
greater_equal = _binary(np.greater_equal, "compare")
less = _binary(np.less, "compare")
less_equal = _binary(np.less_equal, "compare")
not_equal = _binary(np.not_equal, "compare")
logical_xor = _binary(np.logical_xor, "compare")
fmod = _binary(np.fmod)
hypot = _binary(np.hypot, "divide")
copysign = _binary(np.copysign, "divide")


def equal(a, b):
    if S.any_sym(a, b):
        return S.sym(a) == b
    return binop(a, b, np.equal, "compare")


def maximum(a, b):
    if S.any_sym(a, b):
        return S.call("max", a, b)
    return binop(a, b, np.maximum)


def minimum(a, b):
    if S.any_sym(a, b):
        return S.call("min", a, b)
    return binop(a, b, np.minimum)


def logical_and(*args):
    if S.any_sym(*args):
        return S.boolop("and", *args)
    out = args[0]
    for b in args[1:]:
        out = binop(out, b, np.logical_and, "compare")
    return out


def logical_or(*args):
    if S.any_sym(*args):
        return S.boolop("or", *args)
    out = args[0]
    for b in args[1:]:
        out = binop(out, b, np.logical_or, "compare")
    return out


def logical_not(a):
    if S.any_sym(a):
        return S.not_(a)
    v, _, _ = operand(a)
    return Array(np.logical_not(v), _bool)


def invert(a):
    a = _a(a)
    return Array(np.invert(a._v), a._dt)


bitwise_not = invert


def _unary(fn, float_only=False):
    return lambda x: unary(x, fn, float_only)


exp = _unary(np.exp, True)
exp2 = _unary(np.exp2, True)
log = _unary(np.log, True)
log2 = _unary(np.log2, True)
log10 = _unary(np.log10, True)
log1p = _unary(np.log1p, True)
expm1 = _unary(np.expm1, True)
sqrt = _unary(np.sqrt, True)
cbrt = _unary(np.cbrt, True)
tanh = _unary(np.tanh, True)
sinh = _unary(np.sinh, True)
cosh = _unary(np.cosh, True)
sin = _unary(np.sin, True)
cos = _unary(np.cos, True)
tan = _unary(np.tan, True)
arcsin = _unary(np.arcsin, True)
arccos = _unary(np.arccos, True)
arctan = _unary(np.arctan, True)
reciprocal = _unary(np.reciprocal, True)
floor = _unary(np.floor)
ceil = _unary(np.ceil)
rint = _unary(np.rint)
trunc = _unary(np.trunc)
sign = _unary(np.sign)
negative = _unary(np.negative)
positive = _unary(lambda v: v)
square = _unary(np.square)
conj = conjugate = _unary(np.conj)


def abs(x):
    if S.any_sym(x):
        return S.call("abs", x)
    return unary(x, np.abs)


absolute = abs


def round(x, decimals=0):
    return unary(x, lambda v: np.round(v, decimals))


around = round


def isnan(x):
    return Array(np.isnan(operand(x)[0]), _bool)


def isinf(x):
    return Array(np.isinf(operand(x)[0]), _bool)


def isfinite(x):
    return Array(np.isfinite(operand(x)[0]), _bool)


def signbit(x):
    return Array(np.signbit(operand(x)[0]), _bool)


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, **_):
    x = _a(x)
    return Array(D.fit(np.nan_to_num(x._v, nan=nan, posinf=posinf, neginf=neginf), x._dt), x._dt)


def clip(x, min=None, max=None, a_min=None, a_max=None):
    lo = min if min is not None else a_min
    hi = max if max is not None else a_max
    out = _a(x)
    if lo is not None:
        out = maximum(out, lo)
    if hi is not None:
        out = minimum(out, hi)
    return out


def where(cond, x=None, y=None):
    if x is None and y is None:
        return tuple(Array(i.astype(np.int32), _i32) for i in np.nonzero(operand(cond)[0]))
    if S.any_sym(cond, x, y):
        return S.where(cond, x, y)
    c = np.asarray(operand(cond)[0], dtype=bool)
    vx, dx, wx = operand(x)
    vy, dy, wy = operand(y)
    rdt = result_dtype(dx, wx, dy, wy)
    st = D.storage(rdt)
    return Array(D.fit(np.where(c, np.asarray(vx).astype(st, copy=False), np.asarray(vy).astype(st, copy=False)), rdt), rdt)


def select(condlist, choicelist, default=0):
    out = asarray(default)
    for c, v in reversed(list(zip(condlist, choicelist))):
        out = where(c, v, out)
    return out


# --- reductions ------------------------------------------------------------------

def _reduce(fn, keep_dtype=True, int_result=None):
    def f(x, axis=None, dtype=None, keepdims=False, initial=None, where=None, **_):
        x = _a(x)
        kw = {}
        if initial is not None:
            kw["initial"] = _scalar(initial)
        if where is not None:
            kw["where"] = np.asarray(operand(where)[0], dtype=bool)
        v = x._v
        if x._dt.kind == "b" and fn in (np.sum, np.prod, np.cumsum):
            v = v.astype(np.int32)
        out = fn(v, axis=_axis(axis), keepdims=keepdims, **kw) if fn not in (np.cumsum, np.cumprod) else fn(v, axis=axis)
        if dtype is not None:
            rdt = D.canon(dtype)
        elif int_result is not None:
            rdt = int_result
        elif x._dt.kind == "b" and fn in (np.sum, np.prod, np.cumsum):
            rdt = _i32
        elif fn is np.mean and not D.is_float(x._dt):
            rdt = _f32
        else:
            rdt = x._dt
        return Array(D.fit(out, rdt), rdt)
    return f


sum = _reduce(np.sum)
prod = _reduce(np.prod)
max = amax = _reduce(np.max)
min = amin = _reduce(np.min)
mean = _reduce(np.mean)
cumsum = _reduce(np.cumsum)
cumprod = _reduce(np.cumprod)


def any(x, axis=None, keepdims=False):
    return Array(np.asarray(np.any(operand(x)[0], axis=_axis(axis), keepdims=keepdims)), _bool)


def all(x, axis=None, keepdims=False):
    return Array(np.asarray(np.all(operand(x)[0], axis=_axis(axis), keepdims=keepdims)), _bool)


def var(x, axis=None, keepdims=False, ddof=0, **_):
    x = _a(x)
    rdt = x._dt if D.is_float(x._dt) else _f32
    return Array(D.fit(np.var(x._v, axis=_axis(axis), keepdims=keepdims, ddof=ddof), rdt), rdt)


def std(x, axis=None, keepdims=False, ddof=0, **_):
    return sqrt(var(x, axis, keepdims, ddof))


def argmax(x, axis=None, keepdims=False):
    return wrap(np.argmax(operand(x)[0], axis=axis, keepdims=keepdims), _i32)


def argmin(x, axis=None, keepdims=False):
    return wrap(np.argmin(operand(x)[0], axis=axis, keepdims=keepdims), _i32)


def count_nonzero(x, axis=None, keepdims=False):
    return wrap(np.count_nonzero(operand(x)[0], axis=axis, keepdims=keepdims), _i32)


def logsumexp(x, axis=None, keepdims=False, **_):
    x = _a(x)
    v = x._v.astype(np.float64)
    m = np.max(v, axis=_axis(axis), keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    out = np.log(np.sum(np.exp(v - m), axis=_axis(axis), keepdims=True)) + m
    if not keepdims:
        out = np.squeeze(out, axis=_axis(axis)) if axis is not None else out.reshape(())
    rdt = x._dt if D.is_float(x._dt) else _f32
    return Array(D.fit(out, rdt), rdt)


