"""Wrappers that fail in the ways a user's file can: raise, hang, exhaust memory, use a missing API."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def _check(x):
    if x.shape[0] % 3:
        raise ValueError(f"rows must be a multiple of 3, got {x.shape[0]}")  # RAISE_LINE


def raises(x):
    _check(x)
    return x


def hangs(x):
    n = 0
    while True:
        n += 1


def hogs_memory(x):
    big = jnp.ones((512, 1024, 1024), jnp.float32)  # 2 GiB
    return big.sum() + x


def checked_copy(x):
    # The wrapper's own precondition: shapes it refuses are outside the kernel's contract.
    if x.shape[0] % 8:
        raise ValueError(f"rows must be a multiple of 8, got {x.shape[0]}")
    spec = pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(copy_kernel, grid=(x.shape[0] // 8,), in_specs=[spec], out_specs=spec,
                          out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def lane_copy(x):
    # Raised while the body runs, as kernels do while tracing for a size they do not support.
    def k(x_ref, o_ref):
        if x_ref.shape[1] % 128:
            raise NotImplementedError(f"width {x_ref.shape[1]} must be a multiple of 128")
        o_ref[...] = x_ref[...]
    spec = pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(k, grid=(pl.cdiv(x.shape[0], 8),), in_specs=[spec], out_specs=spec,
                          out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def crashes(x):
    import os
    os.abort()  # the interpreter dies without writing a result


def uses_scan(x):
    return jax.lax.scan(lambda c, v: (c + v, c), 0.0, x)  # SCAN_LINE


def body_raises(x):
    def bad_kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] @ x_ref[...]  # BODY_LINE (shapes do not chain)
    return pl.pallas_call(bad_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def traced_branchy(x):
    # Python control flow on the program id defeats symbolic tracing: a table is recorded.
    def snake(i, j):
        if i % 2 == 0:
            return i, j
        return i, 3 - j

    return pl.pallas_call(
        copy_kernel, grid=(4, 4),
        in_specs=[pl.BlockSpec((8, 128), snake)],
        out_specs=pl.BlockSpec((8, 128), snake),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def copy_reference(x, **_):
    return x
