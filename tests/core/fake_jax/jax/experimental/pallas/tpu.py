import numpy as _np


class CompilerParams:
    BACKEND = "mosaic_tpu"

    def __init__(self, dimension_semantics=None, **options):
        self.dimension_semantics = dimension_semantics
        self.options = options


class VMEM:
    def __init__(self, shape, dtype):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = _np.dtype(dtype)
