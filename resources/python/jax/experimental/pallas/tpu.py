"""jax.experimental.pallas.tpu stand-in."""
from ..._tilelens import jnp_impl as _J
from ..._tilelens.errors import unsupported_module_getattr
from ..._tilelens.specs import (VMEM, SMEM, ANY, HBM, SEMAPHORE, SemaphoreType, PrefetchScalarGridSpec,
                                CompilerParams, GridDimensionSemantics)
from ..._tilelens.refs import (make_async_copy, async_copy, sync_copy, semaphore_signal,
                               semaphore_wait, semaphore_read)
from ..._tilelens.primitives import run_scoped
from ..._tilelens.inner import emit_pipeline

__getattr__ = unsupported_module_getattr("jax.experimental.pallas.tpu")

TPUCompilerParams = CompilerParams
PARALLEL = GridDimensionSemantics.PARALLEL
ARBITRARY = GridDimensionSemantics.ARBITRARY
CORE_PARALLEL = GridDimensionSemantics.CORE_PARALLEL
SUBCORE_PARALLEL = GridDimensionSemantics.SUBCORE_PARALLEL


class MemorySpace:
    VMEM, SMEM, ANY, HBM, SEMAPHORE = VMEM, SMEM, ANY, HBM, SEMAPHORE


TPUMemorySpace = MemorySpace


def repeat(x, repeats, axis):
    reps = [1] * x.ndim
    reps[axis] = int(repeats)
    return _J.tile(x, tuple(reps))


def roll(x, shift, axis, **_):
    return _J.roll(x, shift, axis)


def delay(*_):
    pass
