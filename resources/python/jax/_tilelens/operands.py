"""One pallas_call operand: its array, BlockSpec and block geometry."""
import numpy as np

from . import dtypes as D
from .errors import TileLensError
from .specs import BlockSpec, Squeezed, Element, Blocked, MemorySpace, Buffered


class Operand:
    def __init__(self, name, role, shape, dt, spec, line, file):
        self.name, self.role, self.shape, self.dt = name, role, tuple(int(s) for s in shape), dt
        self.spec = spec if isinstance(spec, BlockSpec) else None
        self.line, self.file = (spec.line, spec.file) if self.spec and spec.line else (line, file)
        ms = self.spec.memory_space if self.spec else None
        self.memory_space = ms.name if isinstance(ms, MemorySpace) else (str(ms).lower() if ms else "vmem")
        pm = self.spec.pipeline_mode if self.spec else None
        self.buffer_count = pm.buffer_count if isinstance(pm, Buffered) else 2
        self.revisit = pm.revisit if isinstance(pm, Buffered) else "immediate"
        self.alias_of = None
        self.index_map = self.spec.index_map if self.spec else None
        bs = self.spec.block_shape if self.spec else None
        self.whole = bs is None or self.memory_space in ("any", "hbm")
        self.dims = None if self.whole else [self._dim(b, d) for d, b in enumerate(bs)]
        if self.dims is not None and len(self.dims) != len(self.shape):
            raise TileLensError(
                f"operand {name}: block_shape {list(bs)} has rank {len(bs)} but the array has rank {len(self.shape)}")

    @staticmethod
    def _dim(b, d):
        if b is None or isinstance(b, Squeezed):
            return ("sq", 1)
        if isinstance(b, Element):
            lo, hi = (tuple(b.padding) + (0, 0))[:2]
            return ("el", int(b.block_size), int(lo), int(hi))
        if isinstance(b, Blocked):
            return ("b", int(b.block_size))
        return ("b", int(b))

    @property
    def pipelined(self):
        return self.memory_space in ("vmem", "smem")

    def block_shape_record(self):
        if self.whole:
            return None
        out = []
        for dim in self.dims:
            if dim[0] == "sq":
                out.append(None)
            elif dim[0] == "el":
                out.append({"element": dim[1], "padding": [dim[2], dim[3]]})
            else:
                out.append(dim[1])
        return out

    def full_block(self):
        """Block shape including squeezed (size-1) dimensions."""
        if self.whole:
            return self.shape
        return tuple(d[1] for d in self.dims)

    def body_index(self):
        """Index that removes squeezed dims from the block buffer."""
        if self.whole:
            return ()
        return tuple(0 if d[0] == "sq" else slice(None) for d in self.dims)

    def window(self, idx):
        """Block index tuple -> (array slices, buffer slices); None if wholly outside."""
        if self.whole:
            return tuple(slice(0, n) for n in self.shape), tuple(slice(0, n) for n in self.shape)
        arr, buf = [], []
        for d, (dim, i, n) in enumerate(zip(self.dims, idx, self.shape)):
            i = int(i)
            if dim[0] == "b":
                start, size = i * dim[1], dim[1]
            elif dim[0] == "sq":
                start, size = i, 1
            else:
                start, size = i - dim[2], dim[1]
            lo, hi = max(start, 0), min(start + size, n)
            if hi <= lo:
                return None
            arr.append(slice(lo, hi))
            buf.append(slice(lo - start, hi - start))
        return tuple(arr), tuple(buf)

    def read_block(self, array, idx, fill):
        buf = np.full(self.full_block(), fill, dtype=array.dtype)
        w = self.window(idx)
        if w is not None:
            buf[w[1]] = array[w[0]]
        return buf

    def write_block(self, array, writers, buf, idx, pid):
        w = self.window(idx)
        if w is not None:
            array[w[0]] = buf[w[1]]
            writers[w[0]] = pid
