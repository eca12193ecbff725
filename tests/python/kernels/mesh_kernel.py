"""A kernel written with pl.kernel over a TPU core mesh instead of pl.pallas_call: the body
pipelines 8-row blocks from HBM itself with emit_pipeline."""
import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add(x, *, amount=1.0):
    @pl.kernel(out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
               mesh=pltpu.create_tensorcore_mesh("core", num_cores=1))
    def add_kernel(x_hbm, o_hbm):
        def body(x_vmem, o_vmem):
            o_vmem[...] = x_vmem[...] + amount

        pltpu.emit_pipeline(body, grid=(x.shape[0] // 8,),
                            in_specs=[pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))],
                            out_specs=pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0)))(x_hbm, o_hbm)

    return add_kernel(x)


def add_reference(x, **_):
    return x + 1.0
