"""jax.numpy stand-in (numpy underneath; 32-bit by default like JAX without x64)."""
import numpy as _np

from .._tilelens import dtypes as _D
from .._tilelens import jnp_impl as _J
from .._tilelens.array import Array as ndarray, Array as _Array, asarray as _asarray
from .._tilelens.errors import unsupported_module_getattr as _missing
from .._tilelens.jnp_impl import *  # noqa: F401,F403
from .._tilelens.jnp_impl import (sum, max, min, abs, round, all, any, pow, floating, inexact,
                                  integer, signedinteger, unsignedinteger, number,
                                  complexfloating, generic, issubdtype, dtype, result_type,
                                  promote_types, can_cast)
from .._tilelens.jnp_impl import matmul_fn as matmul

__getattr__ = _missing("jax.numpy")


class _ScalarType:
    """jnp.float32 and friends: a dtype spelling that also builds arrays."""

    def __init__(self, np_type):
        self.dtype = _np.dtype(np_type)
        self.__name__ = self.dtype.name

    def __call__(self, x=0):
        return _asarray(x, self.dtype)

    def __eq__(self, other):
        try:
            return self.dtype == _D.canon(other) if not isinstance(other, _D.ExtDType) else False
        except TypeError:
            return False

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        return f"<class 'jax.numpy.{self.dtype.name}'>"


float32 = _ScalarType(_np.float32)
float64 = _ScalarType(_np.float64)
float16 = _ScalarType(_np.float16)
int8 = _ScalarType(_np.int8)
int16 = _ScalarType(_np.int16)
int32 = _ScalarType(_np.int32)
int64 = _ScalarType(_np.int64)
uint8 = _ScalarType(_np.uint8)
uint16 = _ScalarType(_np.uint16)
uint32 = _ScalarType(_np.uint32)
uint64 = _ScalarType(_np.uint64)
bool_ = _ScalarType(_np.bool_)
complex64 = _ScalarType(_np.complex64)
bfloat16 = _D.bfloat16
float8_e4m3fn = _D.float8_e4m3fn
float8_e5m2 = _D.float8_e5m2
int4 = _D.int4
uint4 = _D.uint4
float_ = float32
int_ = int32
finfo = _D.finfo
iinfo = _D.iinfo

inf = _np.inf
nan = _np.nan
pi = _np.pi
e = _np.e
euler_gamma = _np.euler_gamma
newaxis = None


def asarray(x, dtype=None, **_):
    return _asarray(x, dtype)

