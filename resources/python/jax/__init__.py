"""TileLens's numpy stand-in for the parts of JAX that Pallas kernel files use."""
import functools as _functools

from ._tilelens import dtypes as _D
from ._tilelens.array import Array, asarray as _asarray
from ._tilelens.errors import unsupported_module_getattr as _missing, TileLensUnsupported
from ._tilelens import tree as _tree_impl

__version__ = "0.0.0+tilelens"
__getattr__ = _missing("jax")

Array = Array


class ShapeDtypeStruct:
    def __init__(self, shape, dtype, sharding=None, weak_type=False, **_):
        self.shape = tuple(int(s) for s in shape)
        self.dtype = _D.canon(dtype)
        self.sharding = sharding

    @classmethod
    def like(cls, x):
        return cls(x.shape, x.dtype)

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: _functools.reduce(lambda a, b: a * b, self.shape, 1))

    def __repr__(self):
        return f"ShapeDtypeStruct(shape={self.shape}, dtype={_D.name(self.dtype)})"


def _to_arrays(x):
    import numpy as np
    return _tree_impl.tree_map(lambda v: _asarray(v) if isinstance(v, (np.ndarray, np.generic)) else v, x)


def jit(fun=None, *, static_argnums=None, static_argnames=None, donate_argnums=None,
        donate_argnames=None, **_):
    """Runs the function eagerly; numpy array arguments become (32-bit) jax Arrays."""
    if fun is None:
        return lambda f: jit(f, static_argnums=static_argnums, static_argnames=static_argnames)
    static_nums = set((static_argnums,) if isinstance(static_argnums, int) else (static_argnums or ()))
    static_names = set((static_argnames,) if isinstance(static_argnames, str) else (static_argnames or ()))

    @_functools.wraps(fun)
    def jitted(*args, **kwargs):
        args = [a if i in static_nums else _to_arrays(a) for i, a in enumerate(args)]
        kwargs = {k: v if k in static_names else _to_arrays(v) for k, v in kwargs.items()}
        return fun(*args, **kwargs)
    return jitted


class custom_vjp:
    """Calls the primal function; the VJP rules are stored, not used."""

    def __init__(self, fun, nondiff_argnums=()):
        _functools.update_wrapper(self, fun)
        self.fun, self.nondiff_argnums = fun, nondiff_argnums

    def __call__(self, *args, **kwargs):
        return self.fun(*args, **kwargs)

    def defvjp(self, fwd, bwd, **_):
        self.fwd, self.bwd = fwd, bwd


class custom_jvp(custom_vjp):
    def defjvp(self, jvp, **_):
        self.jvp = jvp

    def defjvps(self, *jvps):
        self.jvps = jvps


class named_scope:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __call__(self, f):
        return f


class default_matmul_precision(named_scope):
    pass


def ensure_compile_time_eval():
    return named_scope("compile-time")


def block_until_ready(x):
    return x


def device_get(x):
    import numpy as np
    return _tree_impl.tree_map(lambda v: np.asarray(v) if isinstance(v, Array) else v, x)


def device_put(x, *_a, **_k):
    return _to_arrays(x)


class _Device:
    platform = "tpu"
    device_kind = "TPU v5 lite"
    id = 0


def devices(*_):
    return [_Device()]


local_devices = devices


def default_backend():
    return "tpu"


def checkpoint(fun=None, **_):
    return (lambda f: f) if fun is None else fun


remat = checkpoint


class _Config:
    def update(self, *_):
        pass

    def __getattr__(self, name):
        return False


config = _Config()


def eval_shape(fun, *args, **kwargs):
    out = fun(*args, **kwargs)
    return _tree_impl.tree_map(lambda v: ShapeDtypeStruct(v.shape, v.dtype), out)


from . import numpy, lax, nn, tree_util, tree, random, sharding, debug  # noqa: E402,F401
