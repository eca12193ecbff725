"""Helpers shared by the jax.numpy modules."""
import numpy as np

from .array import Array, asarray

_f32 = np.dtype(np.float32)
_i32 = np.dtype(np.int32)
_bool = np.dtype(np.bool_)


def _a(x):
    return asarray(x)


def _shape(shape):
    if isinstance(shape, (int, np.integer, Array)):
        return (int(shape),)
    return tuple(int(s) for s in shape)


def _scalar(v):
    return v.item() if isinstance(v, Array) else v


def _axis(axis):
    if isinstance(axis, list):
        return tuple(axis)
    return axis
