"""jax.numpy: array creation."""
import numpy as np

from . import dtypes as D
from .array import Array, asarray, wrap, operand
from .jnp_base import _f32, _shape, _scalar


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


def linspace(start, stop, num=50, endpoint=True, dtype=None, **_):
    return wrap(np.linspace(_scalar(start), _scalar(stop), int(num), endpoint=endpoint), D.canon(dtype, _f32))


def eye(n, m=None, k=0, dtype=None):
    return wrap(np.eye(int(n), None if m is None else int(m), k), D.canon(dtype, _f32))


def tri(n, m=None, k=0, dtype=None):
    return wrap(np.tri(int(n), None if m is None else int(m), k), D.canon(dtype, _f32))


def iota(dtype, size):
    return wrap(np.arange(int(size)), D.canon(dtype))


