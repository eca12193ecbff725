"""Keys are tuples of ints; each draw seeds a numpy generator from its key."""
import numpy as _np


def PRNGKey(seed):
    return (int(seed) % 2**64,)


def fold_in(key, data):
    return key + (int(data) % 2**64,)


def _rng(key):
    return _np.random.default_rng(list(key))


def uniform(key, shape=(), dtype=_np.float32, minval=0.0, maxval=1.0):
    return _rng(key).uniform(minval, maxval, size=shape).astype(dtype)


def randint(key, shape, minval, maxval, dtype=_np.int32):
    return _rng(key).integers(minval, maxval, size=shape).astype(dtype)


def bernoulli(key, p=0.5, shape=None):
    return _rng(key).random(size=shape) < p
