"""jax.numpy: dtype objects and queries."""
import numpy as np

from . import dtypes as D
from .array import Array


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


