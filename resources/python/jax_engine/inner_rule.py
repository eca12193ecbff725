"""The rule both Python engines use to turn an operand streamed by pltpu.emit_pipeline into its
spec `inner` (docs/python-runner.md, "emit_pipeline fills inner"). Plain Python: the stand-ins
import it without JAX, the JAX engine from its own folder."""

MAX_BUFFERS = 16  # the spec format's limit on `inner.buffers`


def inner_entry(shape, block, dims, buffers):
    """(inner, None) for an operand of array `shape` and recorded `block` (None: whole, in HBM)
    streamed with inner block `dims` (None: the whole ref) through `buffers` tiles, else
    (None, why). The tile has one entry per dimension of the block, null where it spans it."""
    outer = list(shape) if block is None else list(block)
    walked = [d for d, b in enumerate(outer) if b is not None]  # squeezed dims are not in the ref
    if dims is None:
        dims = [None if isinstance(outer[d], dict) else outer[d] for d in walked]
    if len(dims) != len(walked):
        return None, f"its inner block has rank {len(dims)} but the ref has rank {len(walked)}"
    if not 1 <= buffers <= MAX_BUFFERS:
        return None, f"pl.Buffered({buffers}) is outside 1 to {MAX_BUFFERS} buffers"
    tile = [None] * len(outer)
    for d, b in zip(walked, dims):
        if b == "element":
            return None, "its inner block is element-indexed"
        size = 1 if b is None else b
        if isinstance(outer[d], dict):  # an element-indexed block has no tiles of its own
            if size < outer[d]["element"]:
                return None, "it tiles an element-indexed dimension of the block"
        elif size < outer[d]:
            tile[d] = size
    if all(t is None for t in tile):  # one tile spans the block: say so with sizes
        tile = [b if isinstance(b, int) else None for b in outer]
        if all(t is None for t in tile):
            return None, "its block has no blocked dimension"
    return {"tile": tile, "buffers": buffers}, None
