"""jax.numpy: shapes, joins, gathers and products."""
import builtins

import numpy as np

from . import dtypes as D
from .array import Array, asarray, wrap, operand, matmul, _compute_pair, fast_matmul
from .jnp_base import _f32, _i32, _bool, _a, _shape, _scalar, _axis
from .jnp_math import multiply


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
    return _join(lambda a, axis: np.hstack(a))(arrays)


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


