"""jax.lax stand-in."""
from .._tilelens.lax_impl import *  # noqa: F401,F403
from .._tilelens.lax_impl import max, min, abs, pow, round, slice  # noqa: F401
from .._tilelens.errors import unsupported_module_getattr

__getattr__ = unsupported_module_getattr("jax.lax")
