"""A matmul whose x and y stay in HBM: a single program walks them with pltpu.emit_pipeline
over an inner (M // bm, N // bn, K // bk) grid, accumulating into the output tile in place."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def matmul(x, y, *, bm=8, bn=128, bk=128, x_buffers=None, slice_x=False):
    m, k = x.shape
    n = y.shape[1]

    def tile_product(x_tile, y_tile, o_tile):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_tile[...] = jnp.zeros(o_tile.shape, o_tile.dtype)

        o_tile[...] += jnp.dot(x_tile[...], y_tile[...], preferred_element_type=jnp.float32)

    def kernel(x_hbm, y_hbm, o_hbm):
        x_mode = {} if x_buffers is None else {"pipeline_mode": pl.Buffered(x_buffers)}
        pipeline = pltpu.emit_pipeline(
            tile_product, grid=(m // bm, n // bn, k // bk),
            in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk), **x_mode),
                      pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
            out_specs=[pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j))])
        # slice_x: a view of x instead of the operand itself, which the recording cannot follow.
        pipeline(x_hbm.at[:m] if slice_x else x_hbm, y_hbm, o_hbm)

    return pl.pallas_call(
        kernel, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY))(x, y)


def matmul_reference(x, y, **_):
    return jnp.dot(x, y, preferred_element_type=jnp.float32)


def matmul_row_blocks(x, y, *, rows=8, bk=128):
    """Each program owns `rows` rows of x as a VMEM block and walks it, and y in HBM, bk
    columns (rows of y) at a time."""
    m, k = x.shape
    n = y.shape[1]

    def kernel(x_ref, y_hbm, o_ref):
        o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)

        def step(x_tile, y_tile):
            o_ref[...] += jnp.dot(x_tile[...], y_tile[...], preferred_element_type=jnp.float32)

        pltpu.emit_pipeline(step, grid=(k // bk,),
                            in_specs=[pl.BlockSpec((rows, bk), lambda kk: (0, kk)),
                                      pl.BlockSpec((bk, n), lambda kk: (kk, 0))])(x_ref, y_hbm)

    return pl.pallas_call(
        kernel, grid=(m // rows,), out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        in_specs=[pl.BlockSpec((rows, k), lambda i: (i, 0)), pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((rows, n), lambda i: (i, 0)))(x, y)
