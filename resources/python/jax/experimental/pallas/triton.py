"""jax.experimental.pallas.triton stand-in."""
import numpy as _np

from ..._tilelens import dtypes as _D
from ..._tilelens import jnp_impl as _J
from ..._tilelens.array import asarray as _asarray
from ..._tilelens.errors import unsupported_module_getattr
from ..._tilelens.refs import load, store
from ..._tilelens.specs import TritonCompilerParams as CompilerParams

__getattr__ = unsupported_module_getattr("jax.experimental.pallas.triton")

TritonCompilerParams = CompilerParams


def dot(a, b, trans_a=False, trans_b=False, allow_tf32=None, precision=None):
    a, b = _asarray(a), _asarray(b)
    if trans_a:
        a = a.T
    if trans_b:
        b = b.T
    out = _np.dtype(_np.float32)
    if _D.is_int(a.dtype) and _D.is_int(b.dtype):
        out = _np.dtype(_np.int32)
    return _J.dot(a, b, preferred_element_type=out)


def approx_tanh(x):
    return _J.tanh(x)


def debug_barrier():
    pass
