"""jax.lax over the Array stand-in."""
import numpy as np

from . import dtypes as D
from . import jnp_impl as J
from . import symbolic as S
from .array import Array, asarray, binop, unary, operand, wrap, cast


def _i(x):
    return int(x.item()) if isinstance(x, Array) else int(x)


def fori_loop(lower, upper, body_fun, init_val, *, unroll=None):
    carry = init_val
    for i in range(_i(lower), _i(upper)):
        carry = body_fun(Array(np.asarray(i, np.int32), np.dtype(np.int32)), carry)
    return carry


def while_loop(cond_fun, body_fun, init_val):
    carry = init_val
    while bool(cond_fun(carry)):
        carry = body_fun(carry)
    return carry


def cond(pred, true_fun, false_fun, *operands, operand=None):
    if operand is not None:
        operands = (operand,)
    return true_fun(*operands) if bool(pred) else false_fun(*operands)


def switch(index, branches, *operands):
    i = min(max(_i(index), 0), len(branches) - 1)
    return branches[i](*operands)


def select(pred, on_true, on_false):
    return J.where(pred, on_true, on_false)


def select_n(which, *cases):
    out = cases[0]
    for k, c in enumerate(cases[1:], start=1):
        out = J.where(J.equal(which, k) if not isinstance(which, bool) else which == k, c, out)
    return out


def _trunc_div(a, b):
    if a.dtype.kind in "iu" and b.dtype.kind in "iu":
        q = np.floor_divide(a, b)
        fix = (np.mod(a, b) != 0) & ((a < 0) != (b < 0))
        return q + fix
    return np.true_divide(a, b)


def div(a, b):
    if S.any_sym(a, b):
        return S.call("lax.div", a, b)
    return binop(a, b, lambda x, y: _trunc_div(np.asarray(x), np.asarray(y)))


def rem(a, b):
    if S.any_sym(a, b):
        return S.call("lax.rem", a, b)
    return binop(a, b, np.fmod)


def clamp(lo, x, hi):
    return J.minimum(J.maximum(x, lo), hi)


def max(a, b):
    return J.maximum(a, b)


def min(a, b):
    return J.minimum(a, b)


add, sub, mul = J.add, J.subtract, J.multiply
eq, ne, lt, le, gt, ge = J.equal, J.not_equal, J.less, J.less_equal, J.greater, J.greater_equal
exp, exp2, log, log1p, expm1, tanh, sqrt = J.exp, J.exp2, J.log, J.log1p, J.expm1, J.tanh, J.sqrt
sin, cos, abs, neg, sign, floor, ceil = J.sin, J.cos, J.abs, J.negative, J.sign, J.floor, J.ceil
square, pow, atan2 = J.square, J.power, J.arctan2
bitwise_and, bitwise_or, bitwise_xor, bitwise_not = J.bitwise_and, J.bitwise_or, J.bitwise_xor, J.invert
shift_left, shift_right_arithmetic = J.left_shift, J.right_shift
is_finite = J.isfinite
logistic = lambda x: unary(x, lambda v: 1.0 / (1.0 + np.exp(-v)), True)
rsqrt = lambda x: unary(x, lambda v: 1.0 / np.sqrt(v), True)
reciprocal = J.reciprocal
round = J.round
stop_gradient = lambda x: x
optimization_barrier = lambda x: x


def integer_pow(x, y):
    return J.power(x, int(y))


def shift_right_logical(x, y):
    x = asarray(x)
    u = x._v.view(np.dtype(f"u{x._v.dtype.itemsize}"))
    return Array((u >> np.asarray(operand(y)[0]).astype(u.dtype)).view(x._v.dtype), x._dt)


def convert_element_type(x, new_dtype):
    return cast(asarray(x), D.canon(new_dtype))


def bitcast_convert_type(x, new_dtype):
    x, dt = asarray(x), D.canon(new_dtype)
    return Array(x._v.view(D.storage(dt)), dt)


def broadcasted_iota(dtype, shape, dimension, **_):
    shape = tuple(int(s) for s in shape)
    dt = D.canon(dtype)
    v = np.arange(shape[dimension]).reshape([-1 if d == dimension else 1 for d in range(len(shape))])
    return Array(D.fit(np.broadcast_to(v, shape).copy(), dt), dt)


def iota(dtype, size, **_):
    return J.iota(dtype, size)


def broadcast_in_dim(x, shape, broadcast_dimensions, **_):
    x = asarray(x)
    shape = tuple(int(s) for s in shape)
    dims = tuple(broadcast_dimensions)
    view = [1] * len(shape)
    for k, d in enumerate(dims):
        view[d] = x.shape[k]
    return Array(np.broadcast_to(x._v.reshape(view), shape).copy(), x._dt)


def broadcast(x, sizes):
    x = asarray(x)
    return Array(np.broadcast_to(x._v, tuple(sizes) + x.shape).copy(), x._dt)


def reshape(x, new_sizes, dimensions=None, **_):
    x = asarray(x)
    v = x._v if dimensions is None else np.transpose(x._v, dimensions)
    return Array(v.reshape(tuple(int(s) for s in new_sizes)), x._dt)


def transpose(x, permutation):
    x = asarray(x)
    return Array(np.transpose(x._v, permutation), x._dt)


def squeeze(x, dimensions):
    return J.squeeze(x, tuple(dimensions))


def expand_dims(x, dimensions):
    return J.expand_dims(x, tuple(dimensions))


def rev(x, dimensions):
    return J.flip(x, tuple(dimensions))


def concatenate(operands, dimension):
    return J.concatenate(operands, axis=dimension)


def pad(x, padding_value, padding_config):
    x = asarray(x)
    if any(int(i) != 0 for _, _, i in padding_config):
        from .errors import unsupported
        unsupported("jax.lax.pad with interior padding")
    lo_hi = [(int(a), int(b)) for a, b, _ in padding_config]
    v = x._v
    sl = tuple(slice(-a if a < 0 else 0, v.shape[d] + b if b < 0 else None) for d, (a, b) in enumerate(lo_hi))
    v = v[sl]
    v = np.pad(v, [(a if a > 0 else 0, b if b > 0 else 0) for a, b in lo_hi],
               constant_values=operand(padding_value)[0])
    return Array(v, x._dt)


def slice(x, start_indices, limit_indices, strides=None):
    x = asarray(x)
    strides = strides or (1,) * len(start_indices)
    import builtins
    return Array(x._v[tuple(builtins.slice(int(a), int(b), int(s))
                             for a, b, s in zip(start_indices, limit_indices, strides))].copy(), x._dt)


def slice_in_dim(x, start_index, limit_index, stride=1, axis=0):
    x = asarray(x)
    import builtins
    idx = [builtins.slice(None)] * x.ndim
    idx[axis] = builtins.slice(start_index, limit_index, stride)
    return Array(x._v[tuple(idx)].copy(), x._dt)


def _clamped_starts(x, starts, sizes):
    return [int(np.clip(_i(s), 0, n - z)) for s, n, z in zip(starts, x.shape, sizes)]


def dynamic_slice(x, start_indices, slice_sizes):
    x = asarray(x)
    sizes = [int(s) for s in slice_sizes]
    st = _clamped_starts(x, start_indices, sizes)
    import builtins
    return Array(x._v[tuple(builtins.slice(a, a + z) for a, z in zip(st, sizes))].copy(), x._dt)


def dynamic_slice_in_dim(x, start_index, slice_size, axis=0):
    x = asarray(x)
    starts = [0] * x.ndim
    sizes = list(x.shape)
    starts[axis], sizes[axis] = start_index, slice_size
    return dynamic_slice(x, starts, sizes)


def dynamic_update_slice(x, update, start_indices):
    x, u = asarray(x), asarray(update)
    st = _clamped_starts(x, start_indices, u.shape)
    out = x._v.copy()
    import builtins
    out[tuple(builtins.slice(a, a + z) for a, z in zip(st, u.shape))] = D.fit(u._v, x._dt)
    return Array(out, x._dt)


def dynamic_update_slice_in_dim(x, update, start_index, axis):
    x = asarray(x)
    starts = [0] * x.ndim
    starts[axis] = start_index
    return dynamic_update_slice(x, update, starts)


def dot(a, b, precision=None, preferred_element_type=None, **_):
    return J.dot(a, b, preferred_element_type=preferred_element_type)


def dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None, **_):
    (lc, rc), (lb, rb) = dimension_numbers
    lhs, rhs = asarray(lhs), asarray(rhs)
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    ls = [next(letters) for _ in range(lhs.ndim)]
    rs = [None] * rhs.ndim
    for a, b in zip(lb, rb):
        rs[b] = ls[a]
    for a, b in zip(lc, rc):
        rs[b] = ls[a]
    rs = [r if r is not None else next(letters) for r in rs]
    batch = [ls[a] for a in lb]
    lfree = [ls[d] for d in range(lhs.ndim) if d not in lb and d not in lc]
    rfree = [rs[d] for d in range(rhs.ndim) if d not in rb and d not in rc]
    spec = f"{''.join(ls)},{''.join(rs)}->{''.join(batch + lfree + rfree)}"
    return J.einsum(spec, lhs, rhs, preferred_element_type=preferred_element_type)


def _reduce(fn):
    return lambda x, axes: fn(x, axis=tuple(axes))


reduce_sum = _reduce(J.sum)
reduce_max = _reduce(J.max)
reduce_min = _reduce(J.min)
reduce_prod = _reduce(J.prod)
reduce_and = _reduce(J.all)
reduce_or = _reduce(J.any)


def argmax(x, axis, index_dtype):
    return cast(J.argmax(x, axis), D.canon(index_dtype))


def argmin(x, axis, index_dtype):
    return cast(J.argmin(x, axis), D.canon(index_dtype))


def full(shape, fill_value, dtype=None, **_):
    return J.full(shape, fill_value, dtype)


def full_like(x, fill_value, dtype=None, shape=None, **_):
    return J.full_like(x, fill_value, dtype, shape)


def sort(x, dimension=-1, is_stable=True, num_keys=1):
    return J.sort(x, axis=dimension)


def cumsum(x, axis=0, reverse=False):
    x = asarray(x)
    v = np.flip(x._v, axis) if reverse else x._v
    out = np.cumsum(v, axis=axis)
    return Array(D.fit(np.flip(out, axis) if reverse else out, x._dt), x._dt)


def cummax(x, axis=0, reverse=False):
    x = asarray(x)
    v = np.flip(x._v, axis) if reverse else x._v
    out = np.maximum.accumulate(v, axis=axis)
    return Array(np.flip(out, axis) if reverse else out, x._dt)


def erf(x):
    import math
    return unary(x, np.vectorize(math.erf, otypes=[np.float64]), True)


def top_k(x, k):
    x = asarray(x)
    idx = np.argsort(-x._v, axis=-1, kind="stable")[..., :int(k)]
    return Array(np.take_along_axis(x._v, idx, -1), x._dt), wrap(idx, np.dtype(np.int32))


class Precision:
    DEFAULT = "default"
    HIGH = "high"
    HIGHEST = "highest"


class DotAlgorithmPreset:
    DEFAULT = "default"
