"""A stand-in for `jax` that the benchmark-script test runs the emitted script under.

Arrays are numpy arrays; `jax.jit` and compilation are pass-throughs; `pallas_call` runs the
kernel program by program over the grid (jax.experimental.pallas). Calls are recorded in a JSON
file named by the environment variable TILELENS_FAKE_JAX_LOG, written when Python exits.
"""
import numpy as _np

from jax import _log
from jax import lax
from jax import numpy
from jax import random


class ShapeDtypeStruct:
    def __init__(self, shape, dtype):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = _np.dtype(dtype)


class _Config:
    def update(self, name, value):
        _log.note("config", [name, value])


config = _Config()


class _Device:
    platform = "cpu"
    device_kind = "numpy stand-in"


def devices():
    return [_Device()]


def block_until_ready(x):
    _log.count("block_until_ready")
    return x


class _Compiled:
    def __init__(self, fn):
        self._fn = fn

    def __call__(self, *args):
        return self._fn(*args)


class _Lowered:
    def __init__(self, fn):
        self._fn = fn

    def compile(self):
        _log.count("compile")
        return _Compiled(self._fn)


class _Jitted:
    def __init__(self, fn):
        self._fn = fn

    def __call__(self, *args):
        return self._fn(*args)

    def lower(self, *args):
        _log.count("lower")
        return _Lowered(self._fn)


def jit(fn):
    _log.count("jit")
    return _Jitted(fn)
