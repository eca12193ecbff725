"""Paged decode attention: K/V pages stay in HBM (pl.ANY) and are DMA'd into VMEM, double-buffered."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

MASKED = -1e30


def paged_kernel(lengths_ref, table_ref, q_ref, k_hbm, v_hbm, o_ref, k_buf, v_buf, sems, *,
                 page, mask_tail):
    b = pl.program_id(0)
    length = lengths_ref[b]
    n_pages = (length + page - 1) // page

    def copies(p, slot):
        where = table_ref[b, p]
        return (pltpu.make_async_copy(k_hbm.at[where], k_buf.at[slot], sems.at[0, slot]),
                pltpu.make_async_copy(v_hbm.at[where], v_buf.at[slot], sems.at[1, slot]))

    @pl.when(n_pages > 0)
    def _first():
        for c in copies(0, 0):
            c.start()

    q = q_ref[...].astype(jnp.float32)

    def step(p, carry):
        run_max, run_sum, acc = carry
        slot = p % 2

        @pl.when(p + 1 < n_pages)
        def _prefetch():
            for c in copies(p + 1, 1 - slot):
                c.start()

        for c in copies(p, slot):
            c.wait()
        k = k_buf[slot].astype(jnp.float32)
        v = v_buf[slot].astype(jnp.float32)
        s = jnp.einsum("hd,td->ht", q, k)
        if mask_tail:
            pos = p * page + jax.lax.broadcasted_iota(jnp.int32, s.shape, 1)
            s = jnp.where(pos < length, s, MASKED)
        new_max = jnp.maximum(run_max, s.max(axis=1, keepdims=True))
        w = jnp.exp(s - new_max)
        alpha = jnp.exp(run_max - new_max)
        return new_max, alpha * run_sum + w.sum(axis=1, keepdims=True), alpha * acc + w @ v

    heads, dim = q.shape
    init = (jnp.full((heads, 1), -jnp.inf, jnp.float32), jnp.zeros((heads, 1), jnp.float32),
            jnp.zeros((heads, dim), jnp.float32))
    _, run_sum, acc = jax.lax.fori_loop(0, n_pages, step, init)
    safe = jnp.where(run_sum > 0, run_sum, 1.0)
    o_ref[...] = jnp.where(run_sum > 0, acc / safe, 0.0).astype(o_ref.dtype)


@functools.partial(jax.jit, static_argnames=("mask_tail",))
def paged_attention(q, k_pages, v_pages, lengths, page_table, *, mask_tail=True):
    batch, heads, dim = q.shape
    page = k_pages.shape[1]
    return pl.pallas_call(
        functools.partial(paged_kernel, page=page, mask_tail=mask_tail),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=2,
            grid=(batch,),
            in_specs=[pl.BlockSpec((None, heads, dim), lambda b, lengths, table: (b, 0, 0)),
                      pl.BlockSpec(memory_space=pl.ANY),
                      pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec((None, heads, dim), lambda b, *_: (b, 0, 0)),
            scratch_shapes=[pltpu.VMEM((2, page, dim), k_pages.dtype),
                            pltpu.VMEM((2, page, dim), v_pages.dtype),
                            pltpu.SemaphoreType.DMA((2, 2))],
        ),
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("arbitrary",)),
    )(lengths, page_table, q, k_pages, v_pages)


def paged_reference(q, k_pages, v_pages, lengths, page_table, **_):
    page = k_pages.shape[1]
    outs = []
    for b in range(q.shape[0]):
        n = int(lengths[b])
        if n == 0:
            outs.append(jnp.zeros(q.shape[1:], q.dtype))
            continue
        pages = page_table[b, :(n + page - 1) // page]
        k = jnp.take(k_pages, pages, axis=0).reshape(-1, k_pages.shape[2])[:n]
        v = jnp.take(v_pages, pages, axis=0).reshape(-1, v_pages.shape[2])[:n]
        w = jax.nn.softmax(jnp.einsum("hd,td->ht", q[b], k), axis=-1)
        outs.append(w @ v)
    return jnp.stack(outs)
