"""A manual copy read before its wait: the read races with the DMA still writing the buffer."""
import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def early_read_kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    o_ref[...] = buf[...] * 2.0  # the bug: read before copy.wait()
    copy.wait()


def waited_kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...] * 2.0


def double(x, *, wait_first=False):
    return pl.pallas_call(
        waited_kernel if wait_first else early_read_kernel,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(x.shape, lambda: (0, 0)),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), pltpu.SemaphoreType.DMA(())],
    )(x)


def double_reference(x, **_):
    return x * 2.0
