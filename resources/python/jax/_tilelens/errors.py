"""Errors raised by the stand-ins."""


class TileLensUnsupported(AttributeError):
    """An API that the stand-ins do not provide.

    A subclass of AttributeError so that `hasattr`/`getattr(m, n, default)`
    in user code behave as they would for a missing attribute.
    """


class TileLensError(RuntimeError):
    """A kernel did something the pipeline model refuses (e.g. a block out of bounds)."""


def unsupported_module_getattr(module_name):
    """Returns a module-level __getattr__ that names the missing API."""
    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise TileLensUnsupported(
            f"{module_name}.{name} is not supported by TileLens's stand-ins")
    return __getattr__


def unsupported(api):
    raise TileLensUnsupported(f"{api} is not supported by TileLens's stand-ins")
