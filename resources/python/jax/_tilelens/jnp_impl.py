"""jax.numpy functions over the Array stand-in (numpy does the work)."""
import builtins
import math

import numpy as np

from . import dtypes as D
from . import symbolic as S
from .array import Array, asarray, binop, unary, wrap, cast, matmul, operand, unwrap_index
from .array import _compute_pair, fast_matmul

_f32 = np.dtype(np.float32)
_i32 = np.dtype(np.int32)
_bool = np.dtype(np.bool_)


def _a(x):
    return asarray(x)


def _shape(shape):
    if isinstance(shape, (int, np.integer, Array)):
        return (int(shape),)
    return tuple(int(s) for s in shape)


# --- creation ------------------------------------------------------------------

def full(shape, fill_value, dtype=None, **_):
    v, dt, w = operand(fill_value)
    dt = D.canon(dtype) if dtype is not None else (dt or D.default_for_scalar(w))
    return Array(D.fit(np.full(_shape(shape), v, dtype=D.storage(dt)), dt), dt)


def zeros(shape, dtype=None, **_):
    dt = D.canon(dtype, _f32)
    return Array(np.zeros(_shape(shape), D.storage(dt)), dt)


def ones(shape, dtype=None, **_):
    dt = D.canon(dtype, _f32)
    return Array(np.ones(_shape(shape), D.storage(dt)), dt)


empty = zeros


def _like(x, dtype, shape):
    dt = D.canon(dtype) if dtype is not None else D.canon(getattr(x, "dtype", None), None)
    if dt is None:
        dt = operand(x)[1] or D.default_for_scalar(x)
    return dt, (_shape(shape) if shape is not None else tuple(np.shape(x) if not hasattr(x, "shape") else x.shape))


def zeros_like(x, dtype=None, shape=None):
    dt, s = _like(x, dtype, shape)
    return zeros(s, dt)


def ones_like(x, dtype=None, shape=None):
    dt, s = _like(x, dtype, shape)
    return ones(s, dt)


empty_like = zeros_like


def full_like(x, fill_value, dtype=None, shape=None):
    dt, s = _like(x, dtype, shape)
    return full(s, fill_value, dt)


def array(x, dtype=None, copy=True, **_):
    if isinstance(x, (list, tuple)) and any(isinstance(e, Array) for e in x):
        x = [np.asarray(e) if isinstance(e, Array) else e for e in x]
    return asarray(x, dtype)


def arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    start, stop, step = (_scalar(v) for v in (start, stop, step))
    v = np.arange(start, stop, step)
    dt = D.canon(dtype) if dtype is not None else D.canon(v.dtype)
    return wrap(v, dt)


def _scalar(v):
    return v.item() if isinstance(v, Array) else v


def linspace(start, stop, num=50, endpoint=True, dtype=None, **_):
    return wrap(np.linspace(_scalar(start), _scalar(stop), int(num), endpoint=endpoint), D.canon(dtype, _f32))


def eye(n, m=None, k=0, dtype=None):
    return wrap(np.eye(int(n), None if m is None else int(m), k), D.canon(dtype, _f32))


def tri(n, m=None, k=0, dtype=None):
    return wrap(np.tri(int(n), None if m is None else int(m), k), D.canon(dtype, _f32))


def iota(dtype, size):
    return wrap(np.arange(int(size)), D.canon(dtype))


# --- elementwise ---------------------------------------------------------------

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
    from .array import result_dtype
    rdt = result_dtype(dx, wx, dy, wy)
    st = D.storage(rdt)
    return Array(D.fit(np.where(c, np.asarray(vx).astype(st, copy=False), np.asarray(vy).astype(st, copy=False)), rdt), rdt)


def select(condlist, choicelist, default=0):
    out = asarray(default)
    for c, v in reversed(list(zip(condlist, choicelist))):
        out = where(c, v, out)
    return out


# --- reductions ------------------------------------------------------------------

def _axis(axis):
    if isinstance(axis, list):
        return tuple(axis)
    return axis


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


# --- shapes --------------------------------------------------------------------

def _keep(fn):
    def f(x, *args, **kw):
        x = _a(x)
        return Array(np.asarray(fn(x._v, *args, **kw)), x._dt)
    return f


def reshape(x, *shape, order="C", newshape=None, **_):
    if newshape is not None:
        shape = (newshape,)
    return _a(x).reshape(*shape, order=order)


ravel = _keep(np.ravel)
transpose = _keep(lambda v, axes=None: np.transpose(v, axes))
permute_dims = transpose
swapaxes = _keep(np.swapaxes)
moveaxis = _keep(np.moveaxis)
expand_dims = _keep(lambda v, axis: np.expand_dims(v, _axis(axis)))
squeeze = _keep(lambda v, axis=None: np.squeeze(v, _axis(axis)))
flip = _keep(np.flip)
fliplr = _keep(np.fliplr)
flipud = _keep(np.flipud)
roll = _keep(lambda v, shift, axis=None: np.roll(v, int(shift) if np.ndim(shift) == 0 else np.asarray(shift), axis))
tril = _keep(np.tril)
triu = _keep(np.triu)
diag = _keep(np.diag)
diagonal = _keep(np.diagonal)
atleast_1d = _keep(np.atleast_1d)
atleast_2d = _keep(np.atleast_2d)
atleast_3d = _keep(np.atleast_3d)
sort = _keep(np.sort)


def broadcast_to(x, shape):
    return _keep(np.broadcast_to)(x, _shape(shape)).copy()


def tile(x, reps):
    return _keep(np.tile)(x, tuple(int(r) for r in np.atleast_1d(reps)) if not isinstance(reps, int) else reps)


def repeat(x, repeats, axis=None, total_repeat_length=None):
    x = _a(x)
    r = operand(repeats)[0]
    out = np.repeat(x._v, np.asarray(r).astype(np.int64), axis=axis)
    if total_repeat_length is not None:
        n = int(total_repeat_length)
        ax = 0 if axis is None else axis
        cur = out.shape[ax]
        if cur >= n:
            out = np.take(out, np.arange(n), axis=ax)
        else:
            last = np.take(out, [cur - 1], axis=ax) if cur else np.zeros_like(np.take(x._v.ravel(), [0]))
            out = np.concatenate([out] + [last] * (n - cur), axis=ax)
    return Array(out, x._dt)


def _join(fn):
    def f(arrays, axis=0, dtype=None, **_):
        arrs = [_a(a) for a in arrays]
        rdt = arrs[0]._dt
        for a in arrs[1:]:
            rdt = D.promote(rdt, a._dt)
        if dtype is not None:
            rdt = D.canon(dtype)
        st = D.storage(rdt)
        return Array(D.fit(fn([a._v.astype(st, copy=False) for a in arrs], axis=axis), rdt), rdt)
    return f


concatenate = concat = _join(np.concatenate)
stack = _join(np.stack)


def hstack(arrays):
    return _join(np.hstack)(arrays, axis=None) if False else _join(lambda a, axis: np.hstack(a))(arrays)


def vstack(arrays):
    return _join(lambda a, axis: np.vstack(a))(arrays)


def split(x, indices_or_sections, axis=0):
    x = _a(x)
    ios = indices_or_sections if isinstance(indices_or_sections, int) else [int(i) for i in indices_or_sections]
    return [Array(p, x._dt) for p in np.split(x._v, ios, axis=axis)]


def pad(x, pad_width, mode="constant", constant_values=0, **_):
    x = _a(x)
    pw = np.asarray(operand(pad_width)[0] if isinstance(pad_width, Array) else pad_width).tolist()
    if mode == "constant":
        out = np.pad(x._v, pw, mode, constant_values=_scalar(constant_values))
    else:
        out = np.pad(x._v, pw, mode)
    return Array(D.fit(out, x._dt), x._dt)


def take(x, indices, axis=None, **_):
    x = _a(x)
    return Array(np.take(x._v, np.asarray(operand(indices)[0]).astype(np.int64), axis=axis), x._dt)


def take_along_axis(x, indices, axis, **_):
    x = _a(x)
    return Array(np.take_along_axis(x._v, np.asarray(operand(indices)[0]).astype(np.int64), axis), x._dt)


def searchsorted(a, v, side="left", **_):
    return wrap(np.searchsorted(operand(a)[0], operand(v)[0], side=side), _i32)


def argsort(x, axis=-1, **_):
    return wrap(np.argsort(operand(x)[0], axis=axis, kind="stable"), _i32)


def histogram(x, bins=10, range=None, weights=None, density=None):
    h, e = np.histogram(operand(x)[0], bins=bins, range=range)
    return wrap(h, _i32), wrap(e, _f32)


def meshgrid(*xs, indexing="xy"):
    return [wrap(m) for m in np.meshgrid(*[operand(x)[0] for x in xs], indexing=indexing)]


def outer(a, b):
    return multiply(ravel(a)[:, None], ravel(b)[None, :])


def allclose(a, b, rtol=1e-5, atol=1e-8, equal_nan=False):
    return Array(np.asarray(np.allclose(operand(a)[0], operand(b)[0], rtol, atol, equal_nan)), _bool)


def isclose(a, b, rtol=1e-5, atol=1e-8, equal_nan=False):
    return Array(np.isclose(operand(a)[0], operand(b)[0], rtol, atol, equal_nan), _bool)


def array_equal(a, b, equal_nan=False):
    return Array(np.asarray(np.array_equal(operand(a)[0], operand(b)[0], equal_nan)), _bool)


def shape(x):
    return tuple(np.shape(x)) if not hasattr(x, "shape") else tuple(x.shape)


def ndim(x):
    return len(shape(x))


def size(x):
    return int(np.prod(shape(x)))


# --- products --------------------------------------------------------------------

def dot(a, b, preferred_element_type=None, precision=None):
    a, b = _a(a), _a(b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    rdt = D.promote(a._dt, b._dt)
    out_dt = D.canon(preferred_element_type) if preferred_element_type is not None else rdt
    va, vb = _compute_pair(a, b, out_dt)
    out = fast_matmul(va, vb) if va.ndim == 2 and vb.ndim == 2 else np.dot(va, vb)
    return Array(D.fit(out, out_dt), out_dt)


def matmul_fn(a, b, preferred_element_type=None, precision=None):
    return matmul(a, b, preferred_element_type)


def vdot(a, b, **kw):
    return dot(ravel(a), ravel(b), **kw)


def inner(a, b, **kw):
    a, b = _a(a), _a(b)
    return einsum("...i,...i->...", a, b, **kw) if a.ndim == 1 and b.ndim == 1 else tensordot(a, b, ((a.ndim - 1,), (b.ndim - 1,)), **kw)


def tensordot(a, b, axes=2, preferred_element_type=None, precision=None):
    a, b = _a(a), _a(b)
    rdt = D.promote(a._dt, b._dt)
    out_dt = D.canon(preferred_element_type) if preferred_element_type is not None else rdt
    va, vb = _compute_pair(a, b, out_dt)
    return Array(D.fit(np.tensordot(va, vb, axes), out_dt), out_dt)


def einsum(subscripts, *operands, preferred_element_type=None, precision=None, optimize=True, **_):
    ops = [_a(o) for o in operands]
    rdt = ops[0]._dt
    for o in ops[1:]:
        rdt = D.promote(rdt, o._dt)
    out_dt = D.canon(preferred_element_type) if preferred_element_type is not None else rdt
    if D.is_float(rdt) or D.is_float(out_dt):
        ct = np.float32
    elif builtins.all(o._dt.kind == "b" for o in ops):
        ct = np.bool_
    else:
        ct = np.int64
    vals = [o._v.astype(ct, copy=False) for o in ops]
    out = np.einsum(subscripts, *vals, optimize=len(vals) > 2)
    return Array(D.fit(out, out_dt), out_dt)


# --- dtype utilities ------------------------------------------------------------

class _DTypeMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, (np.dtype, D.ExtDType))


class dtype(metaclass=_DTypeMeta):
    """jnp.dtype: a class (so `jnp.dtype | None` annotations work) that builds dtypes."""

    def __new__(cls, x, align=False, copy=False):
        return D.canon(x)


def result_type(*xs):
    out = None
    for x in xs:
        dt = D.canon(x) if not isinstance(x, (Array, int, float, bool)) else (x._dt if isinstance(x, Array) else D.default_for_scalar(x))
        out = dt if out is None else D.promote(out, dt)
    return out


def promote_types(a, b):
    return D.promote(D.canon(a), D.canon(b))


class _Category:
    def __init__(self, name, test):
        self.__name__ = name
        self._test = test


floating = _Category("floating", lambda d: D.is_float(d))
inexact = _Category("inexact", lambda d: D.is_float(d) or d.kind == "c")
integer = _Category("integer", lambda d: D.is_int(d))
signedinteger = _Category("signedinteger", lambda d: d.kind == "i")
unsignedinteger = _Category("unsignedinteger", lambda d: d.kind == "u")
number = _Category("number", lambda d: d.kind in "iufc")
complexfloating = _Category("complexfloating", lambda d: d.kind == "c")
generic = _Category("generic", lambda d: True)


def issubdtype(a, b):
    a = D.canon(a)
    if isinstance(b, _Category):
        return b._test(a)
    return a == D.canon(b)


def can_cast(a, b, casting="safe"):
    return np.can_cast(D.storage(D.canon(a)), D.storage(D.canon(b)), casting)


# --- methods of Array that are jnp functions ---------------------------------------

def _method_astype(x, dt):
    return cast(x, D.canon(dt))


ARRAY_METHODS = {
    "sum": sum, "prod": prod, "max": max, "min": min, "mean": mean, "any": any,
    "all": all, "argmax": argmax, "argmin": argmin, "cumsum": cumsum, "cumprod": cumprod,
    "var": var, "std": std, "clip": clip, "round": round, "repeat": repeat,
    "dot": dot, "conj": conj, "sort": sort, "argsort": argsort, "take": take,
    "nonzero": lambda x: where(x), "diagonal": diagonal,
}
