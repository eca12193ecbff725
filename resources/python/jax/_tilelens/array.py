"""The stand-in for jax.Array: a numpy storage array plus a logical dtype."""
import numbers
import operator

import numpy as np

from . import dtypes as D

np.seterr(all="ignore")  # JAX does not warn on overflow, NaN or division by zero


class Array:
    __slots__ = ("_v", "_dt")
    __array_priority__ = 100

    def __init__(self, storage_values, dt):
        self._v = storage_values
        self._dt = dt

    # --- properties -------------------------------------------------------
    shape = property(lambda self: self._v.shape)
    ndim = property(lambda self: self._v.ndim)
    size = property(lambda self: self._v.size)
    dtype = property(lambda self: self._dt)
    itemsize = property(lambda self: self._dt.itemsize)
    nbytes = property(lambda self: self._v.size * self._dt.itemsize)
    T = property(lambda self: Array(self._v.T, self._dt))
    mT = property(lambda self: Array(np.swapaxes(self._v, -1, -2), self._dt))
    at = property(lambda self: _AtHelper(self))
    weak_type = False

    # --- conversions ------------------------------------------------------
    def __array__(self, dtype=None):
        return self._v if dtype is None else self._v.astype(dtype)

    def __float__(self):
        return float(self._v)

    def __int__(self):
        return int(self._v)

    def __index__(self):
        return operator.index(self._v.item()) if self._v.dtype.kind in "iub" else int(self._v)

    def __bool__(self):
        return bool(self._v)

    def __complex__(self):
        return complex(self._v)

    def __len__(self):
        if self._v.ndim == 0:
            raise TypeError("len() of unsized object")
        return self._v.shape[0]

    def __iter__(self):
        for i in range(len(self)):
            yield Array(self._v[i], self._dt)

    __hash__ = None

    def __repr__(self):
        return f"Array({np.array2string(self._v, threshold=20)}, dtype={D.name(self._dt)})"

    __str__ = lambda self: str(self._v)

    def __format__(self, spec):
        return format(self._v.item() if self._v.ndim == 0 else self._v, spec) if spec else str(self)

    def item(self):
        return self._v.item()

    def tolist(self):
        return self._v.tolist()

    def block_until_ready(self):
        return self

    def copy(self):
        return Array(self._v.copy(), self._dt)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self.copy()

    def astype(self, dt):
        return cast(self, D.canon(dt))

    def view(self, dt):
        dt = D.canon(dt)
        return Array(self._v.view(D.storage(dt)), dt)

    # --- indexing ---------------------------------------------------------
    def __getitem__(self, idx):
        return Array(np.asarray(self._v[unwrap_index(idx)]), self._dt)

    def __setitem__(self, idx, value):
        raise TypeError("JAX arrays are immutable: use x.at[idx].set(value)")

    # --- methods with numpy counterparts -----------------------------------
    def reshape(self, *shape, order="C"):
        if len(shape) == 1 and not isinstance(shape[0], numbers.Integral) and not isinstance(shape[0], Array):
            shape = shape[0]
        return Array(self._v.reshape(tuple(int(s) for s in shape), order=order), self._dt)

    def transpose(self, *axes):
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = axes[0]
        return Array(self._v.transpose(*axes) if axes else self._v.T, self._dt)

    def swapaxes(self, a, b):
        return Array(np.swapaxes(self._v, a, b), self._dt)

    def squeeze(self, axis=None):
        return Array(np.squeeze(self._v, axis), self._dt)

    def ravel(self):
        return Array(self._v.ravel(), self._dt)

    flatten = ravel

    def __getattr__(self, name):
        from . import jnp_impl
        fn = jnp_impl.ARRAY_METHODS.get(name)
        if fn is None:
            raise AttributeError(f"'jax.Array' has no attribute '{name}' in TileLens's stand-ins")
        return lambda *a, **k: fn(self, *a, **k)

    # --- numpy interoperability --------------------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method == "__call__" and not kwargs:
            if ufunc.nin == 2 and len(inputs) == 2:
                return binop(inputs[0], inputs[1], ufunc, kind=_UFUNC_KIND.get(ufunc.__name__, "arith"))
            if ufunc.nin == 1 and len(inputs) == 1:
                return unary(inputs[0], ufunc, float_only=ufunc.__name__ in _FLOAT_UFUNCS)
        args = [a._v if isinstance(a, Array) else a for a in inputs]
        out = getattr(ufunc, method)(*args, **kwargs)
        return wrap(out) if isinstance(out, np.ndarray) or np.isscalar(out) else out


_UFUNC_KIND = {n: "compare" for n in ("equal", "not_equal", "less", "less_equal",
                                      "greater", "greater_equal", "logical_and",
                                      "logical_or", "logical_xor")}
_UFUNC_KIND.update(true_divide="divide", divide="divide")
_FLOAT_UFUNCS = {"exp", "exp2", "log", "log2", "log10", "log1p", "expm1", "sqrt", "tanh",
                 "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
                 "arcsinh", "arccosh", "arctanh", "reciprocal", "cbrt"}


def _bin(fn, kind="arith", swap=False):
    if swap:
        return lambda self, other: binop(other, self, fn, kind)
    return lambda self, other: binop(self, other, fn, kind)


for _name, _fn, _kind in [("add", np.add, "arith"), ("sub", np.subtract, "arith"),
                          ("mul", np.multiply, "arith"), ("truediv", np.true_divide, "divide"),
                          ("floordiv", np.floor_divide, "arith"), ("mod", np.mod, "arith"),
                          ("pow", np.power, "arith"), ("and", np.bitwise_and, "arith"),
                          ("or", np.bitwise_or, "arith"), ("xor", np.bitwise_xor, "arith"),
                          ("lshift", np.left_shift, "arith"), ("rshift", np.right_shift, "arith")]:
    setattr(Array, f"__{_name}__", _bin(_fn, _kind))
    setattr(Array, f"__r{_name}__", _bin(_fn, _kind, swap=True))
for _name, _fn in [("eq", np.equal), ("ne", np.not_equal), ("lt", np.less),
                   ("le", np.less_equal), ("gt", np.greater), ("ge", np.greater_equal)]:
    setattr(Array, f"__{_name}__", _bin(_fn, "compare"))
Array.__matmul__ = lambda self, other: matmul(self, other)
Array.__rmatmul__ = lambda self, other: matmul(other, self)
Array.__neg__ = lambda self: Array(D.fit(-self._v, self._dt), self._dt)
Array.__pos__ = lambda self: self
Array.__abs__ = lambda self: Array(D.fit(np.abs(self._v), self._dt), self._dt)
Array.__invert__ = lambda self: Array(np.invert(self._v), self._dt)


class _AtHelper:
    """x.at[idx].set(v) and friends: functional updates returning new arrays."""

    def __init__(self, arr):
        self._arr = arr

    def __getitem__(self, idx):
        return _AtIndex(self._arr, unwrap_index(idx))


class _AtIndex:
    def __init__(self, arr, idx):
        self._arr, self._idx = arr, idx

    def _update(self, fn, value, **_):
        out = self._arr._v.copy()
        v = value._v if isinstance(value, Array) else value
        fn(out, self._idx, v)
        return Array(D.fit(out, self._arr._dt), self._arr._dt)

    def set(self, value, **k):
        return self._update(lambda o, i, v: o.__setitem__(i, v), value)

    def add(self, value, **k):
        return self._update(lambda o, i, v: np.add.at(o, i, v), value)

    def multiply(self, value, **k):
        return self._update(lambda o, i, v: np.multiply.at(o, i, v), value)

    mul = multiply

    def min(self, value, **k):
        return self._update(lambda o, i, v: np.minimum.at(o, i, v), value)

    def max(self, value, **k):
        return self._update(lambda o, i, v: np.maximum.at(o, i, v), value)

    def get(self, **k):
        return self._arr[self._idx]


# --- helpers shared by jnp, lax and refs -------------------------------------

def unwrap_index(idx):
    if isinstance(idx, tuple):
        return tuple(_unwrap_one(i) for i in idx)
    return _unwrap_one(idx)


def _unwrap_one(i):
    if isinstance(i, Array):
        return i._v.item() if i._v.ndim == 0 else i._v
    if hasattr(i, "_tl_slice"):
        return i._tl_slice()
    return i


def wrap(values, dt=None):
    """numpy values -> Array, dtype canonicalised (64-bit narrowed)."""
    v = np.asarray(values)
    dt = D.canon(v.dtype) if dt is None else dt
    return Array(D.fit(v, dt), dt)


def asarray(x, dt=None):
    if isinstance(x, Array):
        return x if dt is None or D.canon(dt) == x._dt else cast(x, D.canon(dt))
    if dt is not None:
        return wrap(np.asarray(_plain(x)), D.canon(dt))
    if isinstance(x, (bool, int, float, complex)):
        return wrap(np.asarray(x), D.default_for_scalar(x))
    if hasattr(x, "_tl_value"):
        return x._tl_value()
    return wrap(np.asarray(_plain(x)))


def _plain(x):
    if isinstance(x, Array):
        return x._v
    if isinstance(x, (list, tuple)):
        return [_plain(e) for e in x]
    if hasattr(x, "_tl_value"):
        return x._tl_value()._v
    return x


def cast(a, dt):
    if a._dt == dt:
        return a
    return Array(D.fit(a._v, dt), dt)


def operand(x):
    """-> (numpy values, logical dtype, weak python scalar or None)."""
    if isinstance(x, Array):
        return x._v, x._dt, None
    if isinstance(x, (bool, int, float, complex)):
        return x, None, x
    if isinstance(x, np.generic) and not isinstance(x, np.ndarray):
        return np.asarray(x), D.canon(x.dtype), None
    if hasattr(x, "_tl_value"):
        a = x._tl_value()
        return a._v, a._dt, None
    a = asarray(x)
    return a._v, a._dt, None


def result_dtype(da, wa, db, wb):
    if da is not None and db is not None:
        return D.promote(da, db)
    if da is not None:
        return D.promote_weak(da, wb)
    if db is not None:
        return D.promote_weak(db, wa)
    return D.promote(D.default_for_scalar(wa), D.default_for_scalar(wb))


def binop(a, b, fn, kind="arith"):
    if _is_sym(a) or _is_sym(b):
        return NotImplemented
    va, da, wa = operand(a)
    vb, db, wb = operand(b)
    rdt = result_dtype(da, wa, db, wb)
    st = D.storage(rdt)
    if da is not None and da != rdt:
        va = va.astype(st)
    if db is not None and db != rdt:
        vb = vb.astype(st)
    out = fn(va, vb)
    if kind == "compare":
        return Array(np.asarray(out, dtype=np.bool_), np.dtype(np.bool_))
    if kind == "divide" and not (D.is_float(rdt) or rdt.kind == "c"):
        rdt = np.dtype(np.float32)
    return Array(D.fit(out, rdt), rdt)


def unary(a, fn, float_only=False):
    v, dt, w = operand(a)
    if dt is None:
        dt = D.default_for_scalar(w)
    if float_only and not (D.is_float(dt) or dt.kind == "c"):
        dt = np.dtype(np.float32)
        v = np.asarray(v, dtype=np.float32)
    return Array(D.fit(fn(v), dt), dt)


def matmul(a, b, preferred_element_type=None):
    a, b = asarray(a), asarray(b)
    rdt = D.promote(a._dt, b._dt)
    out_dt = D.canon(preferred_element_type) if preferred_element_type is not None else rdt
    return Array(D.fit(fast_matmul(*_compute_pair(a, b, out_dt)), out_dt), out_dt)


def fast_matmul(a, b):
    """np.matmul semantics; einsum's own loop beats the reference BLAS numpy may link."""
    if a.ndim >= 2 and b.ndim >= 2 and a.dtype.kind == "f":
        return np.einsum("...ij,...jk->...ik", a, b, optimize=False)
    return np.matmul(a, b)


def _compute_pair(a, b, out_dt):
    """Operands in a dtype numpy multiplies fast and exactly enough."""
    if D.is_float(a._dt) or D.is_float(b._dt) or D.is_float(out_dt):
        ct = np.float64 if out_dt == np.dtype(np.float64) else np.float32
    elif a._dt.kind == "b" and b._dt.kind == "b":
        ct = np.bool_
    else:
        ct = np.int64
    return a._v.astype(ct, copy=False), b._v.astype(ct, copy=False)


def _is_sym(x):
    return getattr(x, "_tl_sym", False)
