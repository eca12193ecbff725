"""Summing a stack of matrices: the reduction axis must be the grid's last."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def sum_kernel(x_ref, total_ref):
    @pl.when(pl.program_id(2) == 0)
    def _zero():
        total_ref[...] = jnp.zeros_like(total_ref)

    total_ref[...] += x_ref[...]


def stack_sum(x: jax.Array, block=(128, 128)) -> jax.Array:
    depth, rows, cols = x.shape
    br, bc = block
    return pl.pallas_call(
        sum_kernel,
        grid=(rows // br, cols // bc, depth),
        in_specs=[pl.BlockSpec((None, br, bc), lambda i, j, d: (d, i, j))],
        out_specs=pl.BlockSpec((br, bc), lambda i, j, d: (i, j)),
        out_shape=jax.ShapeDtypeStruct((rows, cols), x.dtype),
    )(x)


def leading_axis_kernel(x_ref, total_ref):
    total_ref[...] += x_ref[...]


def stack_sum_leading(x: jax.Array, block=(128, 128)) -> jax.Array:
    # The bug the pipelining guide warns about: the reduction runs over the
    # first grid axis, so each output block is revisited non-consecutively,
    # and nothing zero-initialises it.
    depth, rows, cols = x.shape
    br, bc = block
    return pl.pallas_call(
        leading_axis_kernel,
        grid=(depth, rows // br, cols // bc),
        in_specs=[pl.BlockSpec((None, br, bc), lambda d, i, j: (d, i, j))],
        out_specs=pl.BlockSpec((br, bc), lambda d, i, j: (i, j)),
        out_shape=jax.ShapeDtypeStruct((rows, cols), x.dtype),
    )(x)


def sum_reference(x, **_):
    return jnp.sum(x, axis=0)
