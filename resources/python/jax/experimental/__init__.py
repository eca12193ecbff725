"""jax.experimental stand-in."""
from .._tilelens.errors import unsupported_module_getattr

__getattr__ = unsupported_module_getattr("jax.experimental")
