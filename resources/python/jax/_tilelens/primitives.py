"""Primitives used inside Pallas bodies: program ids, when, loop, cdiv, run_scoped."""
import numpy as np

from . import symbolic as S
from .array import Array
from .errors import TileLensError
from .session import state

_i32 = np.dtype(np.int32)


def _pid():
    if state["program"] is None:
        raise TileLensError("pl.program_id/num_programs used outside a running kernel body")
    return state["program"], state["grid"]


def program_id(axis):
    pid, grid = _pid()
    if not 0 <= axis < len(grid):
        raise TileLensError(f"pl.program_id({axis}) on a grid of rank {len(grid)}")
    return Array(np.asarray(pid[axis], np.int32), _i32)


def num_programs(axis):
    pid, grid = _pid()
    if not 0 <= axis < len(grid):
        raise TileLensError(f"pl.num_programs({axis}) on a grid of rank {len(grid)}")
    return Array(np.asarray(grid[axis], np.int32), _i32)


def when(condition):
    def decorator(f):
        if bool(condition):
            f()
        return None
    return decorator


def loop(lower, upper, *, step=1, unroll=None):
    def decorator(body):
        for i in range(int(lower), int(upper), int(step)):
            body(Array(np.asarray(i, np.int32), _i32))
        return None
    return decorator


def cdiv(a, b):
    if S.any_sym(a, b):
        return S.call("cdiv", a, b)
    if isinstance(a, Array) or isinstance(b, Array):
        return (a + b - 1) // b
    return -(-int(a) // int(b))


def next_power_of_2(x):
    x = int(x)
    return 1 if x <= 1 else 1 << (x - 1).bit_length()


def multiple_of(x, *_):
    return x


def max_contiguous(x, *_):
    return x


def debug_print(fmt, *args, **_):
    print(fmt.format(*args) if "{" in fmt else " ".join([fmt] + [str(a) for a in args]))


def run_scoped(body, *types, **named):
    from .pipeline import _scratch_ref
    refs = [_scratch_ref(t) for t in types]
    nrefs = {k: _scratch_ref(t) for k, t in named.items()}
    return body(*refs, **nrefs)
