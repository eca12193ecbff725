"""jax.numpy as numpy. numpy has no bfloat16, so it is left out: a script that needs it fails
here rather than compute in another dtype."""
import numpy as _np
from numpy import (abs, asarray, bool_, exp, float16, float32, float64, int8, int16, int32,
                   int64, logical_and, logical_or, max, maximum, minimum, sum, uint8, where, zeros,
                   zeros_like)


def dot(a, b, precision=None, preferred_element_type=None):
    a, b = _np.asarray(a), _np.asarray(b)
    if preferred_element_type is not None:
        a, b = a.astype(preferred_element_type), b.astype(preferred_element_type)
    return _np.dot(a, b)
