"""Mosaic's own lowering of a recorded TPU call, on the CPU host (docs/python-runner.md,
"Lowering for the TPU").

JAX lowers a pallas_call to Mosaic in Python; for the "tpu" platform that works without a TPU
and applies the rules Mosaic's lowering enforces (block shape tiling, primitives and element
types it has no lowering for). What only libtpu's compiler checks (vector layouts, the scoped
VMEM allocation) is not run here.
"""
import re

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
