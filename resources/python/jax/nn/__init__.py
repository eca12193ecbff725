"""jax.nn stand-in."""
import numpy as _np

from .._tilelens import dtypes as _D
from .._tilelens import jnp_impl as _J
from .._tilelens.array import Array as _Array, asarray as _asarray, unary as _unary
from .._tilelens.errors import unsupported_module_getattr

__getattr__ = unsupported_module_getattr("jax.nn")


def relu(x):
    return _J.maximum(x, 0)


def sigmoid(x):
    return _unary(x, lambda v: 1.0 / (1.0 + _np.exp(-v)), True)


def silu(x):
    return _J.multiply(x, sigmoid(x))


swish = silu


def gelu(x, approximate=True):
    x = _asarray(x)
    v = x._v.astype(_np.float64)
    if approximate:
        out = 0.5 * v * (1 + _np.tanh(_np.sqrt(2 / _np.pi) * (v + 0.044715 * v ** 3)))
    else:
        import math
        out = 0.5 * v * (1 + _np.vectorize(math.erf)(v / _np.sqrt(2)))
    dt = x.dtype if _D.is_float(x.dtype) else _np.dtype(_np.float32)
    return _Array(_D.fit(out, dt), dt)


def softmax(x, axis=-1, where=None, **_):
    x = _asarray(x)
    v = x._v.astype(_np.float32)
    m = _np.max(v, axis=axis, keepdims=True)
    m = _np.where(_np.isfinite(m), m, 0)
    ex = _np.exp(v - m)
    out = ex / _np.sum(ex, axis=axis, keepdims=True)
    dt = x.dtype if _D.is_float(x.dtype) else _np.dtype(_np.float32)
    return _Array(_D.fit(out, dt), dt)


def log_softmax(x, axis=-1, **_):
    x = _asarray(x)
    return _J.subtract(x, _J.logsumexp(x, axis=axis, keepdims=True))


logsumexp = _J.logsumexp


def one_hot(x, num_classes, dtype=None, axis=-1):
    x = _asarray(x)
    dt = _D.canon(dtype, _np.dtype(_np.float32))
    out = (x._v[..., None] == _np.arange(int(num_classes)))
    if axis != -1:
        out = _np.moveaxis(out, -1, axis)
    return _Array(_D.fit(out, dt), dt)


def tanh(x):
    return _J.tanh(x)
