"""Kernel references: what a Pallas body reads and writes."""
import numpy as np

from . import dtypes as D
from .array import Array, asarray, operand
from .errors import TileLensError, unsupported

CURRENT = {"pid": -1}  # linear id of the program running now (writers tracking)


class Slice:
    """pl.ds / pl.dslice: `size` elements from `start` (dynamic start allowed)."""

    def __init__(self, start, size=None, stride=1):
        self.start, self.size, self.stride = start, size, stride

    def _tl_slice(self):
        if self.start is None and self.size is None:
            return slice(None)
        start = int(self.start)
        size = int(self.size)
        stride = int(self.stride or 1)
        return slice(start, start + size * stride, stride) if size > 0 else slice(start, start)

    def __repr__(self):
        return f"ds({self.start}, {self.size})"


def ds(start, size=None, stride=None):
    if start is None and size is None:
        return Slice(None)
    if size is None:  # pl.ds(n): the first n elements
        return Slice(0, start, stride or 1)
    return Slice(start, size, stride or 1)


def _norm(idx, shape):
    """Index -> numpy basic index, checking that slices stay inside the ref."""
    items = list(idx) if isinstance(idx, tuple) else [idx]
    if any(i is Ellipsis for i in items):
        k = items.index(Ellipsis)
        fill = len(shape) - (len(items) - 1 - sum(1 for i in items if i is None))
        items[k:k + 1] = [slice(None)] * fill
    out, d = [], 0
    for i in items:
        if i is None:
            out.append(None)
            continue
        if isinstance(i, Slice):
            i = i._tl_slice()
        if isinstance(i, slice):
            if d < len(shape) and (i.start is not None or i.stop is not None):
                n = shape[d]
                start = 0 if i.start is None else int(i.start)
                stop = n if i.stop is None else int(i.stop)
                if start < 0 or stop > n and (i.step or 1) > 0:
                    raise TileLensError(
                        f"ref access [{start}:{stop}] runs outside dimension {d} of size {n}")
                i = slice(start, stop, None if i.step is None else int(i.step))
            out.append(i)
            d += 1
            continue
        if isinstance(i, Array):
            v = i._v
            if v.ndim == 0:
                i = int(v)
            else:
                out.append(v.astype(np.int64))
                d += 1
                continue
        if isinstance(i, (int, np.integer)):
            n = shape[d] if d < len(shape) else 0
            if not -n <= int(i) < n:
                raise TileLensError(f"ref index {int(i)} is outside dimension {d} of size {n}")
            out.append(int(i))
            d += 1
            continue
        if hasattr(i, "__index__"):
            out.append(int(i))
            d += 1
            continue
        out.append(np.asarray(i))
        d += 1
    return tuple(out)


class Ref:
    """A mutable view of a buffer (VMEM block, HBM array, SMEM table or scratch)."""

    def __init__(self, buf, dt, writers=None, memory_space="vmem"):
        self._buf, self._dt, self._w, self.memory_space = buf, dt, writers, memory_space

    shape = property(lambda self: self._buf.shape)
    ndim = property(lambda self: self._buf.ndim)
    size = property(lambda self: self._buf.size)
    dtype = property(lambda self: self._dt)

    def __getitem__(self, idx):
        return Array(np.array(self._buf[_norm(idx, self._buf.shape)]), self._dt)

    def __setitem__(self, idx, value):
        i = _norm(idx, self._buf.shape)
        v, _, _ = operand(value)
        self._buf[i] = D.fit(np.asarray(v), self._dt)
        if self._w is not None:
            self._w[i] = CURRENT["pid"]

    @property
    def at(self):
        return _RefAt(self)

    def _view(self, idx):
        i = _norm(idx, self._buf.shape)
        if any(isinstance(e, np.ndarray) for e in i):
            unsupported("indexing a ref's .at[] with an array")
        i = i + (Ellipsis,)  # a trailing ... keeps a 0-d result a view, not a copy
        return Ref(self._buf[i], self._dt, None if self._w is None else self._w[i], self.memory_space)

    def get(self, idx=(), **_):
        return self[idx if idx != () else ...]

    def set(self, value, idx=(), **_):
        self[idx if idx != () else ...] = value

    def swap(self, value, idx=(), **_):
        i = idx if idx != () else ...
        old = self[i]
        self[i] = value
        return old

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        w = None if self._w is None else self._w.reshape(shape)
        return Ref(self._buf.reshape(shape), self._dt, w, self.memory_space)

    def bitcast(self, dt):
        unsupported("Ref.bitcast")

    def _tl_value(self):
        return self[...]

    def __array__(self, dtype=None):
        return np.array(self._buf, dtype=dtype)

    def __repr__(self):
        return f"Ref({D.name(self._dt)}{list(self.shape)}, {self.memory_space})"

    def __iadd__(self, other):
        raise TypeError("use ref[...] += value")


class _RefAt:
    def __init__(self, ref):
        self._ref = ref

    def __getitem__(self, idx):
        return self._ref._view(idx)


# --- semaphores and DMAs --------------------------------------------------------------

class SemaphoreRef:
    def __init__(self, counts, kind="dma"):
        self._c, self.kind = counts, kind

    shape = property(lambda self: self._c.shape)
    dtype = property(lambda self: "semaphore")

    @property
    def at(self):
        return _SemAt(self)

    def __getitem__(self, idx):
        return SemaphoreRef(self._c[_norm(idx, self._c.shape) + (Ellipsis,)], self.kind)

    def _add(self, n):
        if self._c.ndim != 0:
            raise TileLensError("a semaphore array used without selecting one semaphore (.at[i])")
        self._c[...] += n
        if self._c < 0:
            raise TileLensError("semaphore wait with no matching signal or started DMA (the kernel would hang)")


class _SemAt:
    def __init__(self, s):
        self._s = s

    def __getitem__(self, idx):
        return self._s[idx]


def _copy(src, dst):
    if tuple(src.shape) != tuple(dst.shape):
        raise TileLensError(f"DMA shape mismatch: source {list(src.shape)} vs destination {list(dst.shape)}")
    dst[...] = src[...]


class AsyncCopy:
    """make_async_copy: the copy happens at start(); wait() checks the semaphore."""

    def __init__(self, src, dst, sem):
        self.src, self.dst, self.sem = src, dst, sem

    def start(self, **_):
        _copy(self.src, self.dst)
        if self.sem is not None:
            self.sem._add(1)

    def wait(self, **_):
        if self.sem is not None:
            self.sem._add(-1)

    def wait_recv(self):
        self.wait()

    def wait_send(self):
        pass


def make_async_copy(src_ref, dst_ref, sem):
    return AsyncCopy(src_ref, dst_ref, sem)


def async_copy(src_ref, dst_ref, sem, **_):
    c = AsyncCopy(src_ref, dst_ref, sem)
    c.start()
    return c


def sync_copy(src_ref, dst_ref, **_):
    _copy(src_ref, dst_ref)


def semaphore_signal(sem, inc=1, **_):
    sem._add(int(inc))


def semaphore_wait(sem, value=1, **_):
    sem._add(-int(value))


def semaphore_read(sem):
    return asarray(int(sem._c), np.int32)


# --- pl.load / pl.store and the triton spellings ----------------------------------------

def _masked(ref, idx, mask, other):
    val = ref[idx] if idx is not None else ref[...]
    if mask is None:
        return val
    m = np.broadcast_to(np.asarray(operand(mask)[0], dtype=bool), val.shape)
    if other is None:
        return val
    o = np.broadcast_to(np.asarray(D.fit(np.asarray(operand(other)[0]), val.dtype)), val.shape)
    return Array(np.where(m, val._v, o), val.dtype)


def load(ref, idx=None, *, mask=None, other=None, **_):
    return _masked(ref, idx, mask, other)


def store(ref, *args, mask=None, **_):
    if len(args) == 1:
        idx, val = None, args[0]
    else:
        idx, val = args[0], args[1]
    target = ref.at[idx] if idx is not None else ref
    if mask is None:
        target[...] = val
        return
    cur = target[...]
    m = np.broadcast_to(np.asarray(operand(mask)[0], dtype=bool), cur.shape)
    v = np.broadcast_to(D.fit(np.asarray(operand(val)[0]), cur.dtype), cur.shape)
    i = _norm(..., target._buf.shape)
    target._buf[i] = np.where(m, v, target._buf[i])
    if target._w is not None:
        target._w[m] = CURRENT["pid"]
