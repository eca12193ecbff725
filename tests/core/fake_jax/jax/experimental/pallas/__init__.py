"""pallas_call interpreted with numpy, with the TPU pipeline's semantics.

Programs run in grid order (last axis fastest). Each input block is read from its array, the
part past the edge padded with NaN (floats) or the dtype's maximum (integers). An output block
lives in a buffer that starts as NaN when its block index changes and is written back (the part
past the edge dropped) when the index changes again and after the last program. Stores must
match the block's dtype and shape, as on the target.
"""
import itertools

import numpy as _np

from jax import _log

_program = {"ids": (), "grid": ()}


def program_id(axis):
    return _program["ids"][axis]


def num_programs(axis):
    return _program["grid"][axis]


def cdiv(a, b):
    return -(-a // b)


def when(condition):
    def run(body):
        if condition:
            body()
        return body

    return run


class BlockSpec:
    def __init__(self, block_shape=None, index_map=None):
        self.block_shape = block_shape
        self.index_map = index_map


class Ref:
    """A block in VMEM: `ref[...]` reads a copy, `ref[...] = v` stores into it."""

    def __init__(self, array):
        self._array = array

    @property
    def shape(self):
        return self._array.shape

    @property
    def dtype(self):
        return self._array.dtype

    def __getitem__(self, index):
        return self._array[index].copy()

    def __setitem__(self, index, value):
        value = _np.asarray(value)
        target = self._array[index]
        if value.dtype != target.dtype or value.shape != target.shape:
            raise TypeError("store of %s %s into a %s %s block" %
                            (value.dtype, value.shape, target.dtype, target.shape))
        self._array[index] = value


def _fill(dtype):
    dtype = _np.dtype(dtype)
    if dtype.kind == "f":
        return _np.nan
    if dtype.kind in "iu":
        return _np.iinfo(dtype).max
    return True


def _window(array_shape, block_shape, index):
    """Per dimension: (first element, size, squeezed)."""
    window = []
    for dim, (extent, block, i) in enumerate(zip(array_shape, block_shape, index)):
        size, start = (1, i) if block is None else (block, i * block)
        if start < 0 or start >= extent:
            raise IndexError("block index %s of dimension %d is outside the array (%d elements)"
                             % (tuple(index), dim, extent))
        window.append((start, size, block is None))
    return window


def _overlap(array_shape, window):
    """Slices of the array and of the block where they overlap."""
    in_array, in_block = [], []
    for extent, (start, size, _) in zip(array_shape, window):
        stop = min(start + size, extent)
        in_array.append(slice(start, stop))
        in_block.append(slice(0, stop - start))
    return tuple(in_array), tuple(in_block)


def _visible(window):
    return tuple(size for _, size, squeezed in window if not squeezed)


def _read(array, window):
    block = _np.full([size for _, size, _ in window], _fill(array.dtype), dtype=array.dtype)
    in_array, in_block = _overlap(array.shape, window)
    block[in_block] = array[in_array]
    return block.reshape(_visible(window))


def _write_back(array, window, block):
    in_array, in_block = _overlap(array.shape, window)
    array[in_array] = block.reshape([size for _, size, _ in window])[in_block]


def _block_shape(spec, shape):
    return tuple(shape) if spec.block_shape is None else tuple(spec.block_shape)


def _index(spec, ids, rank):
    if spec.index_map is None:
        return (0,) * rank
    return tuple(int(v) for v in spec.index_map(*ids))


def pallas_call(kernel, out_shape, grid=(), in_specs=(), out_specs=None, compiler_params=None,
                scratch_shapes=(), interpret=False, **options):
    grid = tuple(int(g) for g in (grid if isinstance(grid, tuple) else (grid,)))
    semantics = getattr(compiler_params, "dimension_semantics", None)
    record = {
        "grid": list(grid),
        "block_shapes": [list(s.block_shape) if s.block_shape is not None else None
                         for s in list(in_specs) + [out_specs]],
        "out_shape": list(out_shape.shape),
        "backend": getattr(compiler_params, "BACKEND", None),
        "dimension_semantics": list(semantics) if semantics is not None else None,
        "scratch_shapes": [list(s.shape) for s in scratch_shapes],
        "interpret": bool(interpret),
        "runs": 0,
        "index_maps": None,
    }
    _log.state["pallas_calls"].append(record)

    def run(*inputs):
        specs = list(in_specs) + [out_specs]
        shapes = [a.shape for a in inputs] + [out_shape.shape]
        out = _np.full(out_shape.shape, _fill(out_shape.dtype), dtype=out_shape.dtype)
        scratch = [_np.full(s.shape, _fill(s.dtype), dtype=s.dtype) for s in scratch_shapes]
        seen = [[] for _ in specs]
        held = None  # (block index, window, buffer) of the output block in VMEM
        for ids in itertools.product(*[range(g) for g in grid]):
            _program["ids"], _program["grid"] = ids, grid
            indices = [_index(s, ids, len(shape)) for s, shape in zip(specs, shapes)]
            for log, index in zip(seen, indices):
                log.append(list(index))
            refs = [Ref(_read(a, _window(a.shape, _block_shape(s, a.shape), i)))
                    for a, s, i in zip(inputs, in_specs, indices)]
            if held is None or held[0] != indices[-1]:
                if held is not None:
                    _write_back(out, held[1], held[2])
                window = _window(out.shape, _block_shape(out_specs, out.shape), indices[-1])
                held = (indices[-1], window,
                        _np.full(_visible(window), _fill(out.dtype), dtype=out.dtype))
            kernel(*refs, Ref(held[2]), *[Ref(s) for s in scratch])
        if held is not None:
            _write_back(out, held[1], held[2])
        if record["index_maps"] is None:
            record["index_maps"] = seen
        record["runs"] += 1
        return out

    return run
