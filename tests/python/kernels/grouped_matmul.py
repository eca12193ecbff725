"""Grouped matmul: row tiles pick their weight matrix from a scalar-prefetched group table."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def grouped_kernel(tile_group_ref, lhs_ref, rhs_ref, out_ref, acc_ref):
    step = pl.program_id(2)

    @pl.when(step == 0)
    def _start():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += jnp.dot(lhs_ref[...], rhs_ref[...], preferred_element_type=jnp.float32)

    @pl.when(step == pl.num_programs(2) - 1)
    def _finish():
        out_ref[...] = acc_ref[...].astype(out_ref.dtype)


@functools.partial(jax.jit, static_argnames=("tm", "tk", "tn", "by_row_tile"))
def grouped_matmul(lhs, rhs, tile_group, *, tm=64, tk=128, tn=128, by_row_tile=True):
    m, k = lhs.shape
    n = rhs.shape[2]

    def rhs_map(i, j, s, tile_group_ref):
        tile = i if by_row_tile else j  # the bug: the column tile picks the group
        return tile_group_ref[tile], s, j

    return pl.pallas_call(
        grouped_kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(m // tm, n // tn, k // tk),
            in_specs=[pl.BlockSpec((tm, tk), lambda i, j, s, groups: (i, s)),
                      pl.BlockSpec((None, tk, tn), rhs_map)],
            out_specs=pl.BlockSpec((tm, tn), lambda i, j, s, groups: (i, j)),
            scratch_shapes=[pltpu.VMEM((tm, tn), jnp.float32)],
        ),
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
    )(tile_group, lhs, rhs)


def grouped_reference(lhs, rhs, tile_group, *, tm=64, **_):
    rows = []
    for t, g in enumerate(tile_group.tolist()):
        rows.append(jnp.dot(lhs[t * tm:(t + 1) * tm], rhs[g], preferred_element_type=jnp.float32))
    return jnp.concatenate(rows, axis=0)
