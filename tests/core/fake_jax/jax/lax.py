import numpy as _np


class Precision:
    DEFAULT = "default"
    HIGH = "high"
    HIGHEST = "highest"


def broadcasted_iota(dtype, shape, dimension):
    shape = tuple(shape)
    view = [1] * len(shape)
    view[dimension] = shape[dimension]
    iota = _np.arange(shape[dimension], dtype=dtype).reshape(view)
    return _np.broadcast_to(iota, shape).copy()
