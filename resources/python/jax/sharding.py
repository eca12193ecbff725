"""jax.sharding stand-in: names only (nothing is sharded here)."""
from ._tilelens.errors import unsupported_module_getattr

__getattr__ = unsupported_module_getattr("jax.sharding")


class PartitionSpec(tuple):
    def __new__(cls, *parts):
        return super().__new__(cls, parts)


class Mesh:
    def __init__(self, devices=None, axis_names=()):
        self.devices, self.axis_names = devices, tuple(axis_names)


class NamedSharding:
    def __init__(self, mesh=None, spec=None, **_):
        self.mesh, self.spec = mesh, spec
