"""Quickstart-style kernels: a whole-array add and a 2x2-grid matmul."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(a_ref, b_ref, sum_ref):
    sum_ref[...] = a_ref[...] + b_ref[...]


@jax.jit
def add_vectors(a: jax.Array, b: jax.Array) -> jax.Array:
    return pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype))(a, b)


def add_reference(a, b):
    return a + b


def product_kernel(a_ref, b_ref, c_ref):
    c_ref[...] = a_ref[...] @ b_ref[...]


def matmul(a: jax.Array, b: jax.Array, *, split: int = 2) -> jax.Array:
    # Halves of the rows of `a` times halves of the columns of `b`; like the
    # quickstart, it silently assumes that `split` divides both sizes.
    m, k = a.shape
    n = b.shape[1]
    return pl.pallas_call(
        product_kernel,
        grid=(split, split),
        in_specs=[pl.BlockSpec((m // split, k), lambda r, c: (r, 0)),
                  pl.BlockSpec((k, n // split), lambda r, c: (0, c))],
        out_specs=pl.BlockSpec((m // split, n // split), lambda r, c: (r, c)),
        out_shape=jax.ShapeDtypeStruct((m, n), a.dtype),
    )(a, b)


def matmul_reference(a, b, **_):
    return jnp.dot(a, b, preferred_element_type=jnp.float32)
