"""Pytrees: None, tuples, lists, dicts, namedtuples and registered classes."""
_REGISTRY = {}


class TreeDef:
    __slots__ = ("kind", "aux", "children")

    def __init__(self, kind, aux, children):
        self.kind, self.aux, self.children = kind, aux, children

    @property
    def num_leaves(self):
        if self.kind == "leaf":
            return 1
        return sum(c.num_leaves for c in self.children)

    def unflatten(self, leaves):
        it = iter(leaves)
        out = _build(self, it)
        return out

    def __eq__(self, other):
        return (isinstance(other, TreeDef) and self.kind == other.kind
                and self.aux == other.aux and self.children == other.children)

    def __repr__(self):
        return f"PyTreeDef({self.kind}, {len(self.children)})"


_LEAF = TreeDef("leaf", None, ())


def register_pytree_node(cls, flatten_func, unflatten_func, *_):
    _REGISTRY[cls] = (flatten_func, unflatten_func)


def register_pytree_node_class(cls):
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


def register_dataclass(cls, data_fields=None, meta_fields=None, **_):
    import dataclasses
    fields = data_fields if data_fields is not None else [f.name for f in dataclasses.fields(cls)]
    meta = meta_fields or []
    register_pytree_node(
        cls,
        lambda x: ([getattr(x, f) for f in fields], tuple(getattr(x, m) for m in meta)),
        lambda aux, ch: cls(**dict(zip(fields, ch)), **dict(zip(meta, aux))))
    return cls


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def _structure(x, leaves, is_leaf):
    if is_leaf is not None and is_leaf(x):
        leaves.append(x)
        return _LEAF
    if x is None:
        return TreeDef("none", None, ())
    t = type(x)
    if t in _REGISTRY:
        ch, aux = _REGISTRY[t][0](x)
        return TreeDef("custom", (t, aux), tuple(_structure(c, leaves, is_leaf) for c in ch))
    if _is_namedtuple(x):
        return TreeDef("namedtuple", t, tuple(_structure(c, leaves, is_leaf) for c in x))
    if t is tuple or t is list:
        return TreeDef(t.__name__, None, tuple(_structure(c, leaves, is_leaf) for c in x))
    if isinstance(x, dict):
        keys = sorted(x.keys(), key=repr)
        return TreeDef("dict", (t, tuple(keys)), tuple(_structure(x[k], leaves, is_leaf) for k in keys))
    leaves.append(x)
    return _LEAF


def _build(td, it):
    k = td.kind
    if k == "leaf":
        return next(it)
    if k == "none":
        return None
    ch = [_build(c, it) for c in td.children]
    if k == "tuple":
        return tuple(ch)
    if k == "list":
        return ch
    if k == "namedtuple":
        return td.aux(*ch)
    if k == "dict":
        cls, keys = td.aux
        d = dict(zip(keys, ch))
        return d if cls is dict else cls(d)
    cls, aux = td.aux
    return _REGISTRY[cls][1](aux, ch)


def tree_flatten(x, is_leaf=None):
    leaves = []
    td = _structure(x, leaves, is_leaf)
    return leaves, td


def tree_unflatten(td, leaves):
    return td.unflatten(leaves)


def tree_leaves(x, is_leaf=None):
    return tree_flatten(x, is_leaf)[0]


def tree_structure(x, is_leaf=None):
    return tree_flatten(x, is_leaf)[1]


def tree_map(f, tree, *rest, is_leaf=None):
    leaves, td = tree_flatten(tree, is_leaf)
    others = [tree_flatten(r, is_leaf)[0] for r in rest]
    return td.unflatten([f(*xs) for xs in zip(leaves, *others)])


def tree_reduce(f, tree, initializer=None, is_leaf=None):
    import functools
    leaves = tree_leaves(tree, is_leaf)
    return functools.reduce(f, leaves) if initializer is None else functools.reduce(f, leaves, initializer)


def tree_all(tree):
    return all(tree_leaves(tree))
