"""BlockSpec, grid specs, memory spaces, scratch shapes and compiler params."""
import dataclasses
import os
import sys

from . import dtypes as D
from .errors import unsupported

_STANDIN_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def user_frame():
    """(file, line) of the innermost frame outside the stand-ins."""
    f = sys._getframe(1)
    while f is not None:
        fn = os.path.abspath(f.f_code.co_filename)
        if not fn.startswith(_STANDIN_DIR + os.sep):
            return fn, f.f_lineno
        f = f.f_back
    return None, None


class MemorySpace:
    """pltpu.VMEM / SMEM / HBM / pl.ANY: a memory space that also builds scratch shapes."""

    def __init__(self, name):
        self.name = name

    def __call__(self, shape=(), dtype=None, **_):
        return ScratchShape(tuple(int(s) for s in shape), D.canon(dtype, D.canon("float32")), self.name)

    def __repr__(self):
        return f"MemorySpace.{self.name.upper()}"

    def __eq__(self, other):
        return isinstance(other, MemorySpace) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


ANY = MemorySpace("any")
VMEM = MemorySpace("vmem")
SMEM = MemorySpace("smem")
HBM = MemorySpace("hbm")
SEMAPHORE = MemorySpace("semaphore")


@dataclasses.dataclass
class ScratchShape:
    shape: tuple
    dtype: object
    memory_space: str
    semaphore: str = None


class _SemaphoreKind:
    def __init__(self, kind):
        self.kind = kind

    def __call__(self, shape=()):
        return ScratchShape(tuple(int(s) for s in shape), None, "semaphore", self.kind)


class SemaphoreType:
    DMA = _SemaphoreKind("dma")
    REGULAR = _SemaphoreKind("regular")
    BARRIER = _SemaphoreKind("barrier")


class RevisitMode:
    IMMEDIATE = "immediate"
    ANY = "any"


@dataclasses.dataclass(frozen=True)
class Buffered:
    buffer_count: int = 2
    revisit: str = "immediate"

    def __init__(self, buffer_count=2, *, revisit=RevisitMode.IMMEDIATE, **_):
        object.__setattr__(self, "buffer_count", int(buffer_count))
        object.__setattr__(self, "revisit", revisit)


class Squeezed:
    def __repr__(self):
        return "Squeezed()"


squeezed = Squeezed()


@dataclasses.dataclass(frozen=True)
class Element:
    block_size: int
    padding: tuple = (0, 0)


@dataclasses.dataclass(frozen=True)
class Blocked:
    block_size: int


class BoundedSlice:
    def __init__(self, *_a, **_k):
        unsupported("jax.experimental.pallas.BoundedSlice")


class BlockSpec:
    def __init__(self, block_shape=None, index_map=None, *, memory_space=None,
                 pipeline_mode=None, indexing_mode=None, **_):
        if callable(block_shape) and not callable(index_map):  # old (index_map, block_shape) order
            block_shape, index_map = index_map, block_shape
        self.block_shape = None if block_shape is None else tuple(block_shape)
        self.index_map = index_map
        self.memory_space = memory_space
        self.pipeline_mode = pipeline_mode
        self.file, self.line = user_frame()

    def __repr__(self):
        return f"BlockSpec({self.block_shape}, {self.index_map})"


no_block_spec = None


class GridSpec:
    def __init__(self, grid=(), in_specs=None, out_specs=None, scratch_shapes=(), num_scalar_prefetch=0, **_):
        self.grid = grid
        self.in_specs = in_specs
        self.out_specs = out_specs
        self.scratch_shapes = tuple(scratch_shapes or ())
        self.num_scalar_prefetch = int(num_scalar_prefetch)


class PrefetchScalarGridSpec(GridSpec):
    def __init__(self, num_scalar_prefetch, grid=(), in_specs=None, out_specs=None, scratch_shapes=(), **kw):
        super().__init__(grid, in_specs, out_specs, scratch_shapes, num_scalar_prefetch, **kw)


class CompilerParams:
    """pltpu.CompilerParams: only dimension_semantics and vmem_limit_bytes matter here."""
    backend = "mosaic_tpu"

    def __init__(self, dimension_semantics=None, vmem_limit_bytes=None, **kw):
        self.dimension_semantics = None if dimension_semantics is None else tuple(dimension_semantics)
        self.vmem_limit_bytes = vmem_limit_bytes
        self.extra = kw


class TritonCompilerParams:
    backend = "triton"

    def __init__(self, num_warps=None, num_stages=None, **kw):
        self.num_warps, self.num_stages = num_warps, num_stages
        self.dimension_semantics = None
        self.vmem_limit_bytes = None


class GridDimensionSemantics:
    PARALLEL = "parallel"
    ARBITRARY = "arbitrary"
    CORE_PARALLEL = "core_parallel"
    SUBCORE_PARALLEL = "subcore_parallel"


@dataclasses.dataclass(frozen=True)
class CostEstimate:
    flops: int = 0
    transcendentals: int = 0
    bytes_accessed: int = 0
    remote_bytes_transferred: int = 0


def estimate_cost(fun, *args, **kwargs):
    """Not modelled: the cost estimate does not affect what TileLens checks."""
    return CostEstimate(0, 0, 0)
