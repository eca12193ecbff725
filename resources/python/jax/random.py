"""jax.random stand-in: numpy generators keyed by the integer seed (not JAX's bits)."""
import numpy as np

from ._tilelens import dtypes as D
from ._tilelens.array import Array, wrap, asarray
from ._tilelens.errors import unsupported_module_getattr

__getattr__ = unsupported_module_getattr("jax.random")


def key(seed, **_):
    return wrap(np.asarray([0, int(seed) & 0xFFFFFFFF], np.uint32), np.dtype(np.uint32))


PRNGKey = key


def _gen(k):
    s = np.asarray(k).ravel().astype(np.uint64)
    return np.random.default_rng([int(v) for v in s])


def split(k, num=2):
    g = _gen(k)
    return wrap(g.integers(0, 2 ** 32, size=(int(num), 2), dtype=np.uint64).astype(np.uint32), np.dtype(np.uint32))


def fold_in(k, data):
    return wrap(np.asarray([np.asarray(k).ravel()[-1], int(data)], np.uint32), np.dtype(np.uint32))


def _shape(shape):
    return (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(s) for s in shape)


def normal(k, shape=(), dtype=None):
    dt = D.canon(dtype, np.dtype(np.float32))
    return wrap(_gen(k).standard_normal(_shape(shape)), dt)


def uniform(k, shape=(), dtype=None, minval=0.0, maxval=1.0):
    dt = D.canon(dtype, np.dtype(np.float32))
    return wrap(_gen(k).uniform(float(minval), float(maxval), _shape(shape)), dt)


def randint(k, shape, minval, maxval, dtype=None):
    dt = D.canon(dtype, np.dtype(np.int32))
    return wrap(_gen(k).integers(int(minval), int(maxval), _shape(shape)), dt)


def bernoulli(k, p=0.5, shape=()):
    return wrap(_gen(k).random(_shape(shape)) < float(p), np.dtype(np.bool_))


def permutation(k, x, axis=0, independent=False):
    g = _gen(k)
    if isinstance(x, (int, np.integer)):
        return wrap(g.permutation(int(x)), np.dtype(np.int32))
    a = asarray(x)
    return Array(g.permutation(a._v, axis=axis), a.dtype)


def choice(k, a, shape=(), replace=True, p=None, axis=0):
    g = _gen(k)
    src = np.arange(int(a)) if isinstance(a, (int, np.integer)) else np.asarray(a)
    return wrap(g.choice(src, _shape(shape), replace=replace, p=None if p is None else np.asarray(p), axis=axis))
