"""jax.numpy functions over the Array stand-in (numpy does the work), gathered from their modules."""
from .jnp_create import *  # noqa: F401,F403
from .jnp_math import *  # noqa: F401,F403
from .jnp_shape import *  # noqa: F401,F403
from .jnp_types import *  # noqa: F401,F403
from .jnp_math import sum, prod, max, min, mean, any, all, var, std, argmax, argmin, cumsum, cumprod, clip, round, conj, where
from .jnp_shape import repeat, dot, sort, argsort, take, diagonal

# --- methods of Array that are jnp functions ---------------------------------------

def _method_astype(x, dt):
    return cast(x, D.canon(dt))


ARRAY_METHODS = {
    "sum": sum, "prod": prod, "max": max, "min": min, "mean": mean, "any": any,
    "all": all, "argmax": argmax, "argmin": argmin, "cumsum": cumsum, "cumprod": cumprod,
    "var": var, "std": std, "clip": clip, "round": round, "repeat": repeat,
    "dot": dot, "conj": conj, "sort": sort, "argsort": argsort, "take": take,
    "nonzero": lambda x: where(x), "diagonal": diagonal,
}
