"""Mosaic's own lowering of a recorded TPU call, on the CPU host (docs/python-runner.md,
"Lowering for the TPU").

JAX lowers a pallas_call to Mosaic in Python; for the "tpu" platform that works without a TPU
and applies the rules Mosaic's lowering enforces (block shape tiling, primitives and element
types it has no lowering for). Where libtpu is installed beside JAX, the call is also compiled
for the target chip's topology (docs/python-runner.md, "The VMEM ledger"): libtpu's compiler
then reports the kernel's scoped VMEM use, or refuses a kernel that does not fit.
"""
import re
import time

_BODY = re.compile(r'("body": ?)"[A-Za-z0-9+/=]{64,}"')  # the base64 Mosaic module in messages
_MLIR_LOC = re.compile(r'"([^"]+\.py)":(\d+):\d+')


def _user_location(exc):
    """(file, line, primitive) of the kernel equation being lowered when exc was raised: the
    lowering's jaxpr_subcomp frames hold `eqn`; nested jits carry only JAX's frames, so the
    innermost equation with a user frame is taken. Else an MLIR location in the message."""
    from jax._src import source_info_util as siu
    seen, e = set(), exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        eqns, tb = [], e.__traceback__
        while tb is not None:
            f = tb.tb_frame
            if f.f_code.co_name == "jaxpr_subcomp" and "pallas" in f.f_code.co_filename and "eqn" in f.f_locals:
                eqns.append(f.f_locals["eqn"])
            tb = tb.tb_next
        for eqn in reversed(eqns):
            fr = siu.user_frame(eqn.source_info.traceback)
            if fr is not None:
                return fr.file_name, fr.start_line, str(eqn.primitive)
        m = _MLIR_LOC.search(str(e))
        if m:
            return m.group(1), int(m.group(2)), None
        e = e.__cause__ or e.__context__
    return None, None, None


def lower_for_tpu(args, params, bind):
    """{"ok": bool, "message": str, "file", "line", "primitive"} for this call lowered for the
    TPU. bind: the unwrapped pallas_call_p.bind."""
    import jax
    import numpy as np
    p = dict(params)
    p["interpret"] = False  # interpret mode would lower to plain HLO, not to Mosaic
    avals = [jax.ShapeDtypeStruct(np.shape(a), a.dtype) for a in args]
    try:
        with jax.disable_jit(False):
            jax.jit(lambda *a: bind(*a, **p)).trace(*avals).lower(lowering_platforms=("tpu",))
    except Exception as exc:  # noqa: BLE001 - every lowering failure is the answer
        file, line, prim = _user_location(exc)
        message = _BODY.sub(r'\1"<kernel body elided>"', str(exc).strip())
        return {"ok": False, "message": f"{type(exc).__name__}: {message}"[:4000], "file": file,
                "line": line, "primitive": prim}
    return {"ok": True, "message": "", "file": None, "line": None, "primitive": None}


# Target chip (from the target id) -> the topology libtpu compiles for: one chip, one host.
# The accelerator type tells libtpu what it is compiling for without a TPU to ask (it warns
# otherwise).
_TOPOLOGIES = [("7x", "tpu7x:1x1x1", "tpu7x-2"), ("v6", "v6e:1x1", "v6e-1"),
               ("v5p", "v5p:1x1x1", "v5p-8"), ("v5", "v5e:1x1", "v5litepod-1"),
               ("v4", "v4:1x1x1", "v4-8")]
_SCOPED = re.compile(r'"used_scoped_memory_configs":\[([^\]]*)\]')
_CONFIG = re.compile(r'"memory_space":"(\d+)"[^}]*"size":"(\d+)"')
_OOM = re.compile(r"Scoped allocation with size ([0-9.]+)([KMG]?) and limit ([0-9.]+)([KMG]?)")
_topology = {}


def _bytes(number, unit):
    """The message's "3.83M" as bytes, rounded up: the least that certainly covers it."""
    import math
    scale = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[unit]
    return math.ceil((float(number) + 0.005) * scale) if scale > 1 else int(float(number))


def libtpu_version():
    """libtpu's version when it is installed beside JAX, else None."""
    import importlib.util
    if importlib.util.find_spec("libtpu") is None:
        return None
    try:
        import importlib.metadata as md
        return md.version("libtpu")
    except Exception:  # noqa: BLE001 - installed without metadata
        return "unknown"


def _device(name, accelerator):
    if name not in _topology:
        import os
        from jax.experimental import topologies
        # Several checks may compile at once: libtpu's one-process lock is for a real TPU.
        for key, value in (("TPU_SKIP_MDS_QUERY", "1"), ("TPU_WORKER_HOSTNAMES", "localhost"),
                           ("TPU_ACCELERATOR_TYPE", accelerator),
                           ("ALLOW_MULTIPLE_LIBTPU_LOAD", "1")):
            os.environ.setdefault(key, value)
        _topology[name] = topologies.get_topology_desc(
            name, "tpu", chips_per_host_bounds=(1, 1, 1)).devices[0]
    return _topology[name]


def compile_for_tpu(args, params, bind, chip):
    """What libtpu's compiler makes of this call on the chip's topology: {"compiler",
    "topology", "ok", "vmem_bytes" (scoped VMEM used, when reported), "requested_bytes" and
    "limit_bytes" (when it does not fit), "message", "seconds"}; None without libtpu or for an
    unknown chip."""
    version = libtpu_version()
    name, accelerator = next(((t, a) for k, t, a in _TOPOLOGIES if k in (chip or "").lower()),
                             (None, None))
    if version is None or name is None:
        return None
    import jax
    import numpy as np
    from jax.sharding import SingleDeviceSharding
    out = {"compiler": "libtpu " + version, "topology": name, "ok": False, "vmem_bytes": None,
           "requested_bytes": None, "limit_bytes": None, "message": ""}
    t0 = time.monotonic()
    p = dict(params)
    p["interpret"] = False
    try:
        where = SingleDeviceSharding(_device(name, accelerator))
        avals = [jax.ShapeDtypeStruct(np.shape(a), a.dtype, sharding=where) for a in args]
        with jax.disable_jit(False):
            text = jax.jit(lambda *a: bind(*a, **p)).lower(*avals).compile().as_text()
        used = [int(size) for block in _SCOPED.findall(text)
                for space, size in _CONFIG.findall(block) if space == "1"]
        out["ok"] = True
        out["vmem_bytes"] = max(used) if used else None  # TPU7x reports none
    except Exception as exc:  # noqa: BLE001 - the compiler's refusal is the answer
        message = _BODY.sub(r'\1"<kernel body elided>"', str(exc).strip())
        out["message"] = f"{type(exc).__name__}: {message}"[:2000]
        m = _OOM.search(message)
        if m:
            out["requested_bytes"] = _bytes(m.group(1), m.group(2))
            out["limit_bytes"] = _bytes(m.group(3), m.group(4))
    out["seconds"] = round(time.monotonic() - t0, 3)
    return out
