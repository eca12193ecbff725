"""Blocked matmul with an f32 scratch accumulator, initialised and stored under pl.when."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def accumulate_kernel(a_ref, b_ref, c_ref, acc_ref, *, k_steps, init):
    step = pl.program_id(2)

    if init:
        @pl.when(step == 0)
        def _start():
            acc_ref[...] = jnp.zeros(acc_ref.shape, jnp.float32)

    acc_ref[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.float32)

    @pl.when(step == k_steps - 1)
    def _finish():
        c_ref[...] = acc_ref[...].astype(c_ref.dtype)


def vmem_for(bm, bk, bn, itemsize, limit):
    """A fixed limit in MiB, or "blocks": double-buffered blocks plus the accumulator and the
    dot's result, with 1 MiB to spare, as kernels that size their own limit do."""
    if limit != "blocks":
        return int(limit) * 1024 * 1024
    buffers = 2 * (bm * bk + bk * bn + bm * bn) * itemsize
    return buffers + 2 * bm * bn * 4 + 1024 * 1024


@functools.partial(jax.jit, static_argnames=("bm", "bk", "bn", "init", "b_map", "vmem"))
def matmul(a: jax.Array, b: jax.Array, *, bm: int = 128, bk: int = 128, bn: int = 128,
           init: bool = True, b_map: str = "kj", vmem: str = "32") -> jax.Array:
    m, k = a.shape
    n = b.shape[1]
    k_steps = pl.cdiv(k, bk)
    b_index = (lambda i, j, s: (s, j)) if b_map == "kj" else (lambda i, j, s: (j, s))
    return pl.pallas_call(
        functools.partial(accumulate_kernel, k_steps=k_steps, init=init),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            grid=(pl.cdiv(m, bm), pl.cdiv(n, bn), k_steps),
            in_specs=[pl.BlockSpec((bm, bk), lambda i, j, s: (i, s)),
                      pl.BlockSpec((bk, bn), b_index)],
            out_specs=pl.BlockSpec((bm, bn), lambda i, j, s: (i, j)),
            scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
        ),
        out_shape=jax.ShapeDtypeStruct((m, n), a.dtype),
        compiler_params=pltpu.CompilerParams(
            dimension_semantics=("parallel", "parallel", "arbitrary"),
            vmem_limit_bytes=vmem_for(bm, bk, bn, a.dtype.itemsize, vmem)),
    )(a, b)


def matmul_reference(a, b, **_):
    return jnp.dot(a, b, preferred_element_type=jnp.float32).astype(a.dtype)
