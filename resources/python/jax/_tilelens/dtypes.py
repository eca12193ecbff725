"""Logical dtypes: numpy's own where it has them, stand-ins for the rest.

bfloat16, float8 and 4-bit integers have no numpy dtype: they are stored in a
wider numpy dtype and every produced value is rounded or wrapped to the
logical type, so numerics match the real type while numpy does the work.
"""
import numpy as np


class ExtDType:
    """A dtype numpy lacks; doubles as its own scalar type, like jnp.bfloat16."""

    def __init__(self, name, storage, itemsize, kind, bits):
        self.name = name
        self.storage = np.dtype(storage)
        self.itemsize = itemsize
        self.kind = kind
        self.bits = bits
        self.str = name
        self.char = name

    @property
    def dtype(self):
        return self

    @property
    def type(self):
        return self

    def __call__(self, value):
        from . import array
        return array.asarray(value, self)

    def __eq__(self, other):
        if isinstance(other, ExtDType):
            return other.name == self.name
        if isinstance(other, str):
            return other == self.name
        return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(("tilelens-dtype", self.name))

    def __repr__(self):
        return f"dtype({self.name})"

    def __str__(self):
        return self.name


bfloat16 = ExtDType("bfloat16", np.float32, 2, "f", 16)
float8_e4m3fn = ExtDType("float8_e4m3fn", np.float32, 1, "f", 8)
float8_e5m2 = ExtDType("float8_e5m2", np.float32, 1, "f", 8)
int4 = ExtDType("int4", np.int8, 1, "i", 4)
uint4 = ExtDType("uint4", np.uint8, 1, "u", 4)
EXT = {d.name: d for d in (bfloat16, float8_e4m3fn, float8_e5m2, int4, uint4)}

_CANON64 = {np.dtype(np.float64): np.dtype(np.float32),
            np.dtype(np.int64): np.dtype(np.int32),
            np.dtype(np.uint64): np.dtype(np.uint32),
            np.dtype(np.complex128): np.dtype(np.complex64)}


def canon(dt, default=None):
    """Any dtype spelling -> np.dtype or ExtDType, 64-bit types narrowed (x64 off)."""
    if dt is None:
        return default
    if isinstance(dt, ExtDType):
        return dt
    if isinstance(dt, str) and dt in EXT:
        return EXT[dt]
    if dt is float:
        return np.dtype(np.float32)
    if dt is int:
        return np.dtype(np.int32)
    if dt is bool:
        return np.dtype(np.bool_)
    inner = getattr(dt, "dtype", None)
    if isinstance(inner, ExtDType):
        return inner
    d = np.dtype(dt)
    return _CANON64.get(d, d)


def storage(dt):
    return dt.storage if isinstance(dt, ExtDType) else dt


def name(dt):
    return dt.name if isinstance(dt, ExtDType) else np.dtype(dt).name


def is_float(dt):
    return dt.kind == "f"


def is_int(dt):
    return dt.kind in "iu"


def bits(dt):
    return dt.bits if isinstance(dt, ExtDType) else dt.itemsize * 8


def _round_bf16(v):
    u = np.ascontiguousarray(v, dtype=np.float32).view(np.uint32)
    bias = ((u >> 16) & np.uint32(1)) + np.uint32(0x7FFF)
    r = ((u + bias) & np.uint32(0xFFFF0000)).view(np.float32)
    return np.where(np.isnan(v), np.float32(np.nan), r).astype(np.float32)


def _round_minifloat(v, mant_bits, emin, max_finite, has_inf):
    x = np.asarray(v, dtype=np.float64)
    with np.errstate(all="ignore"):
        _, e = np.frexp(x)
        q = np.ldexp(1.0, np.maximum(e - 1, emin) - mant_bits)
        r = np.rint(x / q) * q
        over = np.abs(r) > max_finite
        if has_inf:
            r = np.where(over, np.copysign(np.inf, x), r)
        else:
            r = np.where(over, np.nan, r)
        r = np.where(np.isfinite(x), r, x if has_inf else np.nan)
    return r.astype(np.float32)


def fit(values, dt):
    """numpy values -> storage array holding values representable in dt."""
    with np.errstate(all="ignore"):
        if not isinstance(dt, ExtDType):
            return np.asarray(values).astype(dt, copy=False)
        if dt is bfloat16:
            return _round_bf16(np.asarray(values, dtype=np.float32))
        if dt is float8_e4m3fn:
            return _round_minifloat(values, 3, -6, 448.0, False)
        if dt is float8_e5m2:
            return _round_minifloat(values, 2, -14, 57344.0, True)
        v = np.asarray(values)
        if v.dtype.kind == "f":
            v = np.trunc(np.nan_to_num(v))
        v = v.astype(np.int64)
        if dt is int4:
            return (((v + 8) & 15) - 8).astype(np.int8)
        return (v & 15).astype(np.uint8)


def promote(a, b):
    """JAX-like promotion of two logical dtypes (no x64)."""
    if a == b:
        return a
    if a.kind == "b":
        return b
    if b.kind == "b":
        return a
    fa, fb = is_float(a), is_float(b)
    if fa and not fb:
        return a
    if fb and not fa:
        return b
    if fa and fb:
        ba, bb = bits(a), bits(b)
        if ba != bb:
            return a if ba > bb else b
        return bfloat16 if ba == 8 else np.dtype(np.float32)
    if a.kind == "c" or b.kind == "c":
        return np.dtype(np.complex64)
    sa = np.dtype("int8") if a is int4 else np.dtype("uint8") if a is uint4 else a
    sb = np.dtype("int8") if b is int4 else np.dtype("uint8") if b is uint4 else b
    return canon(np.result_type(sa, sb))


def promote_weak(dt, scalar):
    """Array dtype combined with a Python scalar: the scalar is 'weak'."""
    if isinstance(scalar, bool):
        return dt
    if isinstance(scalar, int):
        return np.dtype(np.int32) if dt.kind == "b" else dt
    if isinstance(scalar, float):
        return dt if is_float(dt) or dt.kind == "c" else np.dtype(np.float32)
    if isinstance(scalar, complex):
        return dt if dt.kind == "c" else np.dtype(np.complex64)
    return dt


def default_for_scalar(x):
    if isinstance(x, bool):
        return np.dtype(np.bool_)
    if isinstance(x, int):
        return np.dtype(np.int32)
    if isinstance(x, float):
        return np.dtype(np.float32)
    if isinstance(x, complex):
        return np.dtype(np.complex64)
    return canon(np.asarray(x).dtype)


def fill_value(dt, policy):
    """What padding and fresh output buffers hold under policy.uninitialized."""
    if policy == "zero":
        return 0
    if dt.kind == "b":
        return True if policy == "nan" else False
    if is_float(dt):
        if policy == "nan":
            return np.nan
        return -7.0e18 if bits(dt) >= 16 and dt is not np.dtype(np.float16) else -448.0
    if dt is int4:
        return 7 if policy == "nan" else -7
    if dt is uint4:
        return 15 if policy == "nan" else 13
    info = np.iinfo(dt)
    return info.max if policy == "nan" else info.min + 7


class finfo:
    def __init__(self, dt):
        dt = canon(dt)
        if dt is bfloat16:
            self.bits, self.eps, self.max, self.tiny = 16, 2.0 ** -7, 3.3895313892515355e38, 1.1754943508222875e-38
        elif dt is float8_e4m3fn:
            self.bits, self.eps, self.max, self.tiny = 8, 0.125, 448.0, 2.0 ** -6
        elif dt is float8_e5m2:
            self.bits, self.eps, self.max, self.tiny = 8, 0.25, 57344.0, 2.0 ** -14
        else:
            f = np.finfo(dt)
            self.bits, self.eps, self.max, self.tiny = f.bits, float(f.eps), float(f.max), float(f.tiny)
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = dt


class iinfo:
    def __init__(self, dt):
        dt = canon(dt)
        if dt is int4:
            self.bits, self.min, self.max = 4, -8, 7
        elif dt is uint4:
            self.bits, self.min, self.max = 4, 0, 15
        else:
            i = np.iinfo(dt)
            self.bits, self.min, self.max = i.bits, int(i.min), int(i.max)
        self.dtype = dt
