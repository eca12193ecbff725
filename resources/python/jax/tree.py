"""jax.tree stand-in."""
from ._tilelens.tree import (tree_flatten as flatten, tree_unflatten as unflatten, tree_leaves as leaves,
                             tree_structure as structure, tree_map as map, tree_reduce as reduce,
                             tree_all as all)
from ._tilelens.errors import unsupported_module_getattr

__getattr__ = unsupported_module_getattr("jax.tree")
