"""Small kernels for protocol details: aliases, element blocks, revisits, SMEM, dtypes, many calls."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


def double_even_rows(x):
    # Output aliases the input; only even row blocks are visited, odd ones keep x.
    rows = x.shape[0] // 8
    return pl.pallas_call(
        double_kernel, grid=(rows // 2,),
        in_specs=[pl.BlockSpec((8, x.shape[1]), lambda i: (2 * i, 0))],
        out_specs=pl.BlockSpec((8, x.shape[1]), lambda i: (2 * i, 0)),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        input_output_aliases={0: 0})(x)


def double_even_rows_reference(x):
    blocks = (jnp.arange(x.shape[0]) // 8)[:, None]
    return jnp.where(blocks % 2 == 0, x * 2, x)


def window_kernel(x_ref, o_ref):
    w = x_ref[...]
    o_ref[...] = w[:, 0:128] + w[:, 1:129] + w[:, 2:130]


def three_tap(x):
    # Element-indexed windows overlap their neighbours by the stencil's halo.
    rows, cols = x.shape
    return pl.pallas_call(
        window_kernel, grid=(cols // 128,),
        in_specs=[pl.BlockSpec((rows, pl.Element(130, (1, 1))), lambda j: (0, j * 128))],
        out_specs=pl.BlockSpec((rows, 128), lambda j: (0, j)),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def three_tap_reference(x):
    p = jnp.pad(x, ((0, 0), (1, 1)))
    return p[:, :-2] + p[:, 1:-1] + p[:, 2:]


def add_kernel(x_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += x_ref[...]


def column_sums(x, *, revisit_any=False):
    # Accumulates over the leading axis of a (2, 3) grid: block j is revisited non-consecutively.
    mode = pl.Buffered(2, revisit=pl.RevisitMode.ANY) if revisit_any else None
    return pl.pallas_call(
        add_kernel, grid=(x.shape[0] // 8, x.shape[1] // 128),
        in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i, j))],
        out_specs=pl.BlockSpec((8, 128), lambda i, j: (0, j), pipeline_mode=mode),
        out_shape=jax.ShapeDtypeStruct((8, x.shape[1]), x.dtype))(x)


def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i * 3


def iota_smem(x):
    return pl.pallas_call(iota_kernel, grid=(x.shape[0],),
                          out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
                          out_shape=jax.ShapeDtypeStruct((x.shape[0],), jnp.int32))()


def cast_kernel(x_ref, o_ref):
    o_ref[...] = (x_ref[...].astype(jnp.float32) * 1.5).astype(o_ref.dtype)


def scale_to(x, *, dtype="bfloat16"):
    return pl.pallas_call(cast_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, jnp.dtype(dtype)))(x)


def scale_to_reference(x, *, dtype="bfloat16"):
    return (x.astype(jnp.float32) * 1.5).astype(jnp.dtype(dtype))


def two_calls(x):
    y = pl.pallas_call(double_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
    return pl.pallas_call(double_kernel, grid=(x.shape[0] // 8,),
                          in_specs=[pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))],
                          out_specs=pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0)),
                          out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(y)


def two_calls_reference(x):
    return x * 4


def many_programs(x):
    spec = pl.BlockSpec((8, 128), lambda i, j: (i, j))
    return pl.pallas_call(double_kernel, grid=(64, 64), in_specs=[spec], out_specs=spec,
                          out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def table_kernel(table, x_ref, o_ref):
    o_ref[...] = x_ref[...] + table[0, 0]


def spelled_maps(x, table):
    # Index-map spellings from production kernels, traced into expressions.
    spec = lambda f: pl.BlockSpec((8, 128), f)
    return pl.pallas_call(
        table_kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1, grid=(4, 4),
            in_specs=[spec(lambda i, j, *_: (jax.lax.div(i, 2) + jax.lax.rem(j, 2), jnp.where(i > 1, j, 0)))],
            out_specs=spec(lambda i, j, t: (jnp.maximum(i - 1, 0), t[i, j]))),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(table, x)


@functools.partial(jax.jit, static_argnames=("n",))
def rank0_sum(x, *, n=1):
    def k(x_ref, o_ref):
        o_ref[...] = jnp.sum(x_ref[...])
    return pl.pallas_call(k, grid=(n,), in_specs=[pl.BlockSpec(x.shape, lambda i: (0,) * x.ndim)],
                          out_specs=pl.BlockSpec((), lambda i: ()),
                          out_shape=jax.ShapeDtypeStruct((), x.dtype))(x)


def optional_bias(x, bias=None):
    def k(x_ref, *rest):
        *b_ref, o_ref = rest
        o_ref[...] = x_ref[...] * 2 + (b_ref[0][...] if b_ref else 0)
    args = (x,) if bias is None else (x, bias)
    return pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(*args)
