"""jax.tree_util stand-in."""
from ._tilelens.tree import (tree_flatten, tree_unflatten, tree_leaves, tree_structure, tree_map,
                             tree_reduce, tree_all, register_pytree_node, register_pytree_node_class,
                             register_dataclass, TreeDef as PyTreeDef)
from ._tilelens.errors import unsupported_module_getattr

__getattr__ = unsupported_module_getattr("jax.tree_util")


def Partial(func, *args, **kwargs):
    import functools
    return functools.partial(func, *args, **kwargs)
