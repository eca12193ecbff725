"""jax.experimental.pallas stand-in: records pallas_call and runs bodies on numpy."""
from ..._tilelens.errors import unsupported_module_getattr
from ..._tilelens.recorder import pallas_call
from ..._tilelens.specs import (BlockSpec, GridSpec, MemorySpace, ANY, Buffered, RevisitMode,
                                Element, Squeezed, squeezed, Blocked, BoundedSlice, CostEstimate,
                                estimate_cost, no_block_spec)
from ..._tilelens.primitives import (program_id, num_programs, when, loop, cdiv, next_power_of_2,
                                     multiple_of, max_contiguous, debug_print, run_scoped)
from ..._tilelens.refs import ds, ds as dslice, Slice, load, store

__getattr__ = unsupported_module_getattr("jax.experimental.pallas")
