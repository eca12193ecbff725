"""A pallas_call under jax.vmap: JAX batches it into a call with a leading grid axis."""
import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def double_rows(x):
    return pl.pallas_call(
        double_kernel,
        grid=(x.shape[0] // 8,),
        in_specs=[pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0)),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
    )(x)


def double_batched(x):
    return jax.vmap(double_rows)(x)


def double_reference(x, **_):
    return x * 2.0
