"""GPU (Triton) style attention: whole-sequence K/V blocks read in pl.ds slices, masked loads/stores."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

MASKED = -1e30


def attention_kernel(q_ref, k_ref, v_ref, o_ref, *, bq, bk, dim, causal, mask_q):
    qi = pl.program_id(0)
    padded = q_ref.shape[-1]
    live = (jnp.arange(padded) < dim)[None, :]
    q = plgpu.load(q_ref, mask=live, other=0.0) if mask_q else plgpu.load(q_ref)

    def step(t, carry):
        acc, run_max, run_sum = carry
        rows = pl.ds(t * bk, bk)
        k = plgpu.load(k_ref.at[rows, :], mask=live, other=0.0)
        v = plgpu.load(v_ref.at[rows, :], mask=live, other=0.0)
        s = plgpu.dot(q, k, trans_b=True) / dim ** 0.5
        if causal:
            seen_q = qi * bq + jnp.arange(bq)[:, None]
            seen_k = t * bk + jnp.arange(bk)[None, :]
            s = jnp.where(seen_q >= seen_k, s, MASKED)
        new_max = jnp.maximum(run_max, s.max(axis=1))
        alpha = jnp.exp(run_max - new_max)
        p = jnp.exp(s - new_max[:, None])
        return acc * alpha[:, None] + plgpu.dot(p.astype(v.dtype), v), new_max, run_sum * alpha + p.sum(axis=1)

    steps = lax.div((qi + 1) * bq + bk - 1, bk) if causal else k_ref.shape[0] // bk
    init = (jnp.zeros((bq, padded), jnp.float32), jnp.full((bq,), -jnp.inf, jnp.float32),
            jnp.zeros((bq,), jnp.float32))
    acc, _, run_sum = lax.fori_loop(0, steps, step, init)
    plgpu.store(o_ref, (acc / run_sum[:, None]).astype(o_ref.dtype), mask=live)


@functools.partial(jax.jit, static_argnames=("bq", "bk", "causal", "mask_q"))
def attention(q, k, v, *, bq=64, bk=64, causal=True, mask_q=True):
    batch, seq, heads, dim = q.shape
    padded = pl.next_power_of_2(dim)
    kernel = functools.partial(attention_kernel, bq=bq, bk=bk, dim=dim, causal=causal, mask_q=mask_q)
    return pl.pallas_call(
        kernel,
        grid=(pl.cdiv(seq, bq), batch, heads),
        in_specs=[pl.BlockSpec((None, bq, None, padded), lambda i, b, h: (b, i, h, 0)),
                  pl.BlockSpec((None, seq, None, padded), lambda i, b, h: (b, 0, h, 0)),
                  pl.BlockSpec((None, seq, None, padded), lambda i, b, h: (b, 0, h, 0))],
        out_specs=pl.BlockSpec((None, bq, None, padded), lambda i, b, h: (b, i, h, 0)),
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        compiler_params=plgpu.CompilerParams(num_warps=4, num_stages=2),
    )(q, k, v)


def attention_reference(q, k, v, *, causal=True, **_):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k, preferred_element_type=jnp.float32) / q.shape[-1] ** 0.5
    if causal:
        s = jnp.where(jnp.tril(jnp.ones(s.shape[2:], dtype=bool)), s, MASKED)
    return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v, preferred_element_type=jnp.float32)
