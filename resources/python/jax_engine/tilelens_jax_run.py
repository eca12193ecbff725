"""The JAX engine's child process: run a user's kernel file under the real JAX.

    PYTHON_WITH_JAX tilelens_jax_run.py REQUEST.json OUT_DIR

Same request and result as the stand-ins' tilelens_run.py (docs/python-runner.md); every
concrete pallas_call is recorded from JAX's own GridMapping and run in JAX's interpret mode.
"""
import contextlib
import dataclasses
import functools
import importlib.util
import io
import os
import re
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
SUPPORTED = ((0, 9, 0), (0, 11, 0))  # [lowest, first unsupported): see docs/python-runner.md


def _load_common():
    path = os.path.join(os.path.dirname(HERE), "tilelens_run.py")
    spec = importlib.util.spec_from_file_location("tilelens_run_common", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


C = _load_common()


def _use_compilation_cache(jax):
    """JAX's persistent compilation cache, shared by every child: a kernel compiled for one
    shape is not compiled again by the next run ($TILELENS_JAX_CACHE, else
    $XDG_CACHE_HOME/tilelens/jax or ~/.cache/tilelens/jax; "off" turns it off)."""
    path = os.environ.get("TILELENS_JAX_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "tilelens", "jax")
    if path == "off":
        return
    try:
        os.makedirs(path, exist_ok=True)
        jax.config.update("jax_compilation_cache_dir", path)
        jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
        jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
    except (OSError, AttributeError, ValueError):  # a cache is an optimisation, never a failure
        pass


def _version_tuple(v):
    return tuple(int(x) for x in re.findall(r"\d+", v)[:3])


def supported(version):
    """Whether this JAX release is in the range the engine is tested with."""
    return SUPPORTED[0] <= _version_tuple(version) < SUPPORTED[1]


_JAX_ERROR_TYPES = ("AttributeError", "AssertionError", "NotImplementedError", "TypeError", "KeyError")


# A kernel file that sizes itself from its GPU (SM count, CUDA version) cannot run on a CPU host.
_ASKS_FOR_GPU = re.compile(r"\bcore_count\b|\bcuda_version|compute_capability")


def _unsupported(exc):
    """A failure that is JAX's interpret mode's, not the kernel's: say what and where."""
    text = str(exc)
    if isinstance(exc, NotImplementedError) and "interpret" in text.lower():
        return f"JAX's interpret mode cannot run this: {exc}"
    if "Only interpret mode is supported on CPU backend" in text:
        return ("JAX lowers this call for a device instead of interpreting it (plgpu.kernel, "
                "pl.kernel over a GPU mesh, or a pallas_call inside shard_map): the JAX engine "
                "cannot run it on a CPU host")
    tb = traceback.extract_tb(exc.__traceback__)
    if tb and _ASKS_FOR_GPU.search(tb[-1].line or ""):
        return (f"the kernel asks for the GPU it runs on (`{tb[-1].line.strip()}`), and JAX runs "
                f"on this host's CPU: a GPU is needed to check it")
    # The innermost frame inside JAX's Pallas code, from the traceback or, for an error raised
    # in an interpreter callback, from the traceback text JAX puts in the message.
    frames = re.findall(r'File "([^"]*)", line (\d+)', text)
    frames += [(f.filename, str(f.lineno)) for f in traceback.extract_tb(exc.__traceback__)] if not frames else []
    last = re.findall(r"^(\w+Error): (.*)$", text, re.M)
    etype, emsg = last[-1] if last else (type(exc).__name__, text)
    if not frames or etype not in _JAX_ERROR_TYPES:
        return None
    path, line = frames[-1]
    k = path.find(os.sep + "jax" + os.sep + "_src" + os.sep + "pallas" + os.sep)
    if k < 0:
        return None
    return (f"JAX's interpret mode could not run this kernel: {etype}: {emsg or '(no message)'} "
            f"(in {path[k + 1:]}:{line})")


class _Session:
    def __init__(self, request, user_file, jax_dir):
        policy = request.get("policy") or {}
        self.mode = request.get("mode", "record")
        self.entry = int(request.get("entry") or 0)
        self.fill = policy.get("uninitialized", "nan")
        self.revisit = policy.get("revisit", "tpu")
        self.cores = int(policy.get("cores") or 1)
        self.target_kind = policy.get("target_kind", "tpu")
        self.user_file, self.jax_dir = user_file, jax_dir
        self.calls, self.entry_outputs = [], None
        self.call_outputs = []  # what each call returned, for C.mark_dropped
        self.detect_races = True
        self.tpu_chip = policy.get("tpu_chip")
        self.lower_tpu = bool(policy.get("lower_tpu"))
        self.compile_tpu = bool(policy.get("compile_tpu"))
        self.active = False
        self.pipelines = None  # emit_pipeline calls of the kernel body being traced
        self.traced_pipelines = None  # those of the last body traced, for its pallas_call

    def interpret_params(self):
        """TPU interpret mode as the check asks: its fill, JAX's race detector."""
        from jax.experimental.pallas import tpu as pltpu
        fill = "zero" if self.fill == "zero" else "nan"
        return pltpu.InterpretParams(uninitialized_memory=fill, detect_races=self.detect_races)

    def call_site(self):
        """Where pl.pallas_call(...)(...) is written: the innermost frame outside JAX and
        TileLens (as the stand-ins record it), which may be a module the user's file imports;
        a file of JAX's own Pallas ops (inside the jax package) counts as the user's code."""
        f = sys._getframe(2)
        ops = os.sep.join(["jax", "experimental", "pallas", "ops"]) + os.sep
        while f is not None:
            fn = os.path.abspath(f.f_code.co_filename)
            ours = fn.startswith(HERE + os.sep) or fn.startswith(os.path.dirname(HERE) + os.sep + "tilelens_run")
            if not ours and (fn == self.user_file or ops in fn or not fn.startswith(self.jax_dir)):
                return fn, f.f_lineno
            f = f.f_back
        return self.user_file, None

    def interpret_for(self, rec):
        from jax.experimental.pallas import tpu as pltpu
        backend = rec.backend or ("mosaic_tpu" if self.target_kind == "tpu" else "triton")
        if self.revisit == "ideal" or backend == "triton":
            return True, "hlo"
        if backend == "mosaic_tpu" and rec.element_padding:
            rec.notes.append("JAX's TPU interpret mode ignores pl.Element padding (it starts the "
                             "window at the offset itself); this call ran under JAX's HLO "
                             "interpreter, which pads the array as the TPU's element window does")
            return True, "hlo"
        if backend == "mosaic_gpu":
            from jax._src.pallas.mosaic_gpu.interpret.params import InterpretGPUParams
            return InterpretGPUParams(detect_races=True), "mosaic_gpu"
        fill = "zero" if self.fill == "zero" else "nan"
        # JAX's race detector (4x the run time of a 512-program matmul) finds races between
        # manual DMAs, semaphores and cores; races between programs on BlockSpec blocks are
        # TileLens's own parallel_race analysis, so calls with none of those skip it.
        races = self.detect_races and (rec.manual_memory or self.cores > 1)
        return pltpu.InterpretParams(uninitialized_memory=fill, detect_races=races,
                                     num_cores_or_threads=self.cores), "tpu"


def _install(session, R):
    import jax
    import jax.numpy as jnp
    from jax._src.pallas import pallas_call as PC
    orig = PC.pallas_call_p.bind

    def bind(*args, **params):
        if not session.active or any(isinstance(a, jax.core.Tracer) for a in args):
            return orig(*args, **params)
        file, line = session.call_site()
        args, params, dynamic = _static_grid(args, params)
        rec = R.Recorded(args, params, file, line, session.user_file, 1 << 20)
        if dynamic:
            rec.notes.append(f"grid axes {dynamic} had dynamic bounds; recorded at this call's values")
        record = rec.record()
        traced, session.traced_pipelines = session.traced_pipelines, None
        if traced is not None:
            traced.apply(rec, record["operands"])
        if session.lower_tpu and (rec.backend or "mosaic_tpu") == "mosaic_tpu":
            import tpu_lowering
            record["lowering"] = tpu_lowering.lower_for_tpu(args, params, orig)
            if session.compile_tpu and record["lowering"]["ok"]:
                compiled = tpu_lowering.compile_for_tpu(args, params, orig, session.tpu_chip)
                if compiled is not None:
                    record["compiled"] = compiled
        session.calls.append(record)
        index = len(session.calls) - 1
        if session.mode == "record":
            zeros = [jnp.zeros(a.shape, a.dtype) for a in params["out_avals"]]
            session.call_outputs.append(zeros)
            return zeros
        interp, how = session.interpret_for(rec)
        record["interpret"] = how
        p = dict(params)
        p["interpret"] = interp
        if rec.semantics_widened and params.get("compiler_params") is not None:
            p["compiler_params"] = _widened(params["compiler_params"], rec.dimension_semantics)
        buf = io.StringIO()
        session.active = False
        try:
            with contextlib.redirect_stdout(buf):
                try:
                    outs = orig(*args, **p)
                    jax.block_until_ready(outs)
                except Exception as exc:  # noqa: BLE001 - JAX's revisit check, else re-raised
                    revisit = _revisit_message(exc)
                    retry = _interpreter_retry(exc, interp) if how == "tpu" and revisit is None else None
                    if retry is not None:
                        outs = _run_again(orig, args, p, retry, record, jax)
                    elif revisit is None or how != "tpu":
                        raise
                    if revisit is not None:
                        # The TPU pipeline would drop the earlier visit's result: say so, and
                        # still run the call (the HLO interpreter carries whole outputs).
                        record["checks"] = [{"kind": "output_revisit", "message": revisit}]
                        record["interpret"] = "hlo"
                        p["interpret"] = True
                        outs = orig(*args, **p)
                        jax.block_until_ready(outs)
        finally:
            session.active = True
        record["races"] = _races(buf.getvalue())
        outs = list(outs)
        session.call_outputs.append(outs)
        if index == session.entry:
            session.entry_outputs = (rec, outs)
        return outs

    PC.pallas_call_p.bind = bind
    import mesh_kernels
    import pipelines
    mesh_kernels.install(session, functools.partial(_run_mesh_kernel, session))
    pipelines.install(session)
    trace = getattr(PC, "_trace_kernel_to_jaxpr", None)
    if trace is not None:  # the kernel body is traced as JAX traces it, jit on (emit_pipeline's loops)
        def traced_with_jit(fun, *a, **k):
            outer, session.pipelines = session.pipelines, pipelines.Pipelines(None)
            try:
                with jax.disable_jit(False):
                    out = trace(pipelines.traced_kernel(session, fun), *a, **k)
                session.traced_pipelines = session.pipelines  # for the bind that follows
                return out
            finally:
                session.pipelines = outer
        PC._trace_kernel_to_jaxpr = traced_with_jit


_CHIPS = [("7x", "TPU_7X"), ("v6", "TPU_V6E"), ("v5p", "TPU_V5P"), ("v5", "TPU_V5E"),
          ("v4", "TPU_V4"), ("v3", "TPU_V3"), ("v2", "TPU_V2")]


def _register_tpu_info(chip, cores):
    """pltpu.get_tpu_info() on the CPU host answers for the target's chip (emit_pipeline and
    wrappers that size blocks by the chip ask for it)."""
    try:
        from jax._src.pallas.mosaic import tpu_info as TI
    except ImportError:
        return
    name = next((v for k, v in _CHIPS if k in (chip or "").lower()), "TPU_V5E")
    version = getattr(TI.ChipVersion, name, None)
    kind = "cpu"  # the CPU device's kind; asking JAX would start its backends before the file may
    if version is not None and hasattr(TI, "registry") and hasattr(TI, "get_tpu_info_for_chip"):
        TI.registry[kind] = lambda: TI.get_tpu_info_for_chip(version, max(1, cores))


def _static_grid(args, params):
    """A call with dynamic grid bounds as the static call it is here: the first arguments hold
    the bounds, concrete under disable_jit, so they become the grid (JAX's interpret modes
    refuse dynamic bounds)."""
    gm = params["grid_mapping"]
    n = getattr(gm, "num_dynamic_grid_bounds", 0)
    if not n:
        return args, params, []
    import numpy as np
    from jax._src.pallas import core as pallas_core
    values = iter(int(np.asarray(a).reshape(-1)[0]) for a in args[:n])
    dynamic = [k for k, g in enumerate(gm.grid) if pallas_core.is_dynamic_dim(g)]
    grid = tuple(next(values) if pallas_core.is_dynamic_dim(g) else g for g in gm.grid)
    p = dict(params)
    p["grid_mapping"] = gm.replace(grid=grid)
    return args[n:], p, dynamic


def _widened(cp, semantics):
    """compiler_params with dimension_semantics for every grid axis (vmap adds axes)."""
    import dataclasses
    if isinstance(cp, dict):
        return {k: _widened(v, semantics) for k, v in cp.items()}
    if dataclasses.is_dataclass(cp) and hasattr(cp, "dimension_semantics"):
        return dataclasses.replace(cp, dimension_semantics=tuple(semantics))
    return cp


def _run_mesh_kernel(session, rec, kernel, args, out_types):
    """A pl.kernel call (mesh_kernels.py): recorded, then run under TPU interpret mode."""
    import jax
    import jax.numpy as jnp
    record = rec.record()
    session.calls.append(record)
    index = len(session.calls) - 1
    if session.mode == "record":
        zeros = jax.tree_util.tree_map(lambda o: jnp.zeros(o.shape, o.dtype), out_types)
        session.call_outputs.append(jax.tree_util.tree_leaves(zeros))
        return zeros
    record["interpret"] = "tpu"
    buf = io.StringIO()
    session.active = False
    try:
        with contextlib.redirect_stdout(buf):
            returned = kernel(*args)
            jax.block_until_ready(returned)
    finally:
        session.active = True
    record["races"] = _races(buf.getvalue())
    outs = jax.tree_util.tree_leaves(returned)
    session.call_outputs.append(outs)
    if index == session.entry:
        session.entry_outputs = (rec, outs)
    return returned


def _run_again(orig, args, p, retry, record, jax):
    """Runs the call again without what stopped JAX's TPU interpreter (at most twice: race
    detection, then empty reads at a buffer's end), noting each; the kernel's own error is
    raised."""
    for _ in range(2):
        note, p["interpret"] = retry
        record.setdefault("notes", []).append(note)
        try:
            outs = orig(*args, **p)
            jax.block_until_ready(outs)
            return outs
        except Exception as exc:  # noqa: BLE001 - JAX's interpreter again, else the kernel's
            retry = _interpreter_retry(exc, p["interpret"])
            if retry is None:
                raise
    raise RuntimeError("JAX's TPU interpreter failed on this call in every way it was run")


# JAX's message for a read outside a buffer: the range read, then the buffer's shape.
_OOB_READ = re.compile(r"Out-of-bounds read of [^:]*: reading \[(.*?)\] but buffer has shape")
_EMPTY_SLICE = re.compile(r"slice\((\d+), (\d+), \d+\)")


def _interpreter_retry(exc, interp):
    """(note, interpret params) to run a call again when JAX's TPU interpreter itself failed:
    its race detector asserting on some DMA waits, or its refusal of a DMA that reads nothing
    at the end of a buffer (which the TPU runs as a no-op); None for the kernel's own errors."""
    if _race_detector_failed(exc):
        return ("JAX's race detector failed on this call (" + type(exc).__name__ +
                "); it ran again without race detection",
                dataclasses.replace(interp, detect_races=False))
    m = _OOB_READ.search(str(exc))
    if m and any(a == b for a, b in _EMPTY_SLICE.findall(m.group(1))):
        return ("JAX's TPU interpret mode refused a DMA that reads nothing at the end of a "
                "buffer (reading [" + m.group(1) + "]), which the TPU runs as a no-op; the call "
                "ran again with such reads allowed",
                dataclasses.replace(interp, out_of_bounds_reads="uninitialized"))
    return None


def _race_detector_failed(exc):
    if not isinstance(exc, AssertionError) and "AssertionError" not in str(exc):
        return False
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return "race_detection" in tb or "shared_memory.py" in tb


def _revisit_message(exc):
    m = re.search(r"Revisited block[^\n]*", str(exc))
    return m.group(0).strip() if m else None


def _races(text):
    """JAX's race reports ("RACE DETECTED" blocks) as [{"message": ...}]."""
    out = []
    for block in text.split("RACE DETECTED")[1:]:
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip() and not ln.strip().startswith("clock")]
        out.append({"message": "; ".join(lines)[:2000]})
        if len(out) >= 16:
            break
    return out


def _make_arg(desc, rng, np, jnp):
    dt = jnp.dtype(desc.get("dtype", "float32"))
    if jnp.issubdtype(dt, jnp.floating):
        kind, bits = "f", jnp.finfo(dt).bits
    elif dt == jnp.bool_:
        kind, bits = "b", 1
    else:
        kind, bits = ("u" if jnp.issubdtype(dt, jnp.unsignedinteger) else "i"), jnp.iinfo(dt).bits
    return jnp.asarray(C.arg_values(desc, rng, np, kind, bits), dt)


def _plain(arr, np):
    """A numpy array numpy can save and compare: narrow floats as float32, int4 as int8."""
    a = np.asarray(arr)
    if a.dtype.kind not in "biuf" or a.dtype.name == "bfloat16" or a.dtype.name.startswith("float8"):
        return a.astype(np.float32)
    if a.dtype.name in ("int4", "uint4"):
        return a.astype(np.int8)
    return a


def _save_array(out_dir, name, arr, np):
    return C._save(out_dir, name, _plain(arr, np), np)


def run(request, out_dir):
    import numpy as np
    user_file = os.path.abspath(request.get("file", ""))
    result = {"tilelens_python": C.PROTOCOL, "status": "ok", "error": None, "calls": []}
    session = None
    try:
        C._apply_limits(request.get("limits") or {})
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_platforms", "cpu")
        _use_compilation_cache(jax)
        version = jax.__version__
        result["engine"] = {"name": "jax", "version": version, "python": sys.executable,
                            "supported": supported(version)}
        sys.path.insert(0, HERE)
        import record as R
        import tpu_lowering
        result["engine"]["libtpu"] = tpu_lowering.libtpu_version()
        session = _Session(request, user_file, os.path.dirname(os.path.abspath(jax.__file__)) + os.sep)
        _install(session, R)
        _register_tpu_info(session.tpu_chip, session.cores)
        module = C._load_module(user_file)
        fn = getattr(module, request["call"])
        rng = np.random.default_rng(int(request.get("seed") or 0))
        args = [None if a is None else _make_arg(a, rng, np, jnp) for a in request.get("args", [])]
        kwargs = dict(request.get("kwargs") or {})
        session.active = True
        with jax.disable_jit():
            returned = fn(*args, **kwargs)
            jax.block_until_ready(returned)
        session.active = False
        C.mark_dropped(session.calls, session.call_outputs, jax.tree_util.tree_leaves(returned))
        result["calls"] = session.calls
        if session.mode == "run":
            _finish_run(request, result, session, module, fn, args, kwargs, returned, out_dir, np, jax)
    except BaseException as exc:  # noqa: B902 - every failure becomes a result
        if isinstance(exc, MemoryError):
            C._lift_memory_limit()
        result["status"] = "error"
        jax_mod = sys.modules.get("jax")
        own = (HERE, os.path.dirname(os.path.abspath(jax_mod.__file__))) if jax_mod else (HERE,)
        result["error"] = C._error(exc, user_file, _unsupported, own)
        if session is not None:
            result["calls"] = session.calls
        exc.__traceback__ = None
    finally:
        import signal
        signal.setitimer(signal.ITIMER_REAL, 0)
    return result


def _finish_run(request, result, session, module, fn, args, kwargs, returned, out_dir, np, jax):
    if not session.calls:
        raise RuntimeError(f"{request['call']} did not call pl.pallas_call")
    if session.entry_outputs is None:
        raise RuntimeError(f"entry {session.entry} is out of range: "
                           f"{len(session.calls)} pallas_call(s) were recorded")
    rec, outs = session.entry_outputs
    call = session.calls[session.entry]
    call["outputs_npy"] = [_save_array(out_dir, f"out{i}.npy", o, np) for i, o in enumerate(outs)]
    call["writers_npy"] = [C._save(out_dir, f"writers{i}.npy", rec.writers(i), np) for i in range(len(outs))]
    leaves = jax.tree_util.tree_leaves(returned)
    result["returned_npy"] = [_save_array(out_dir, f"returned{i}.npy", r, np) for i, r in enumerate(leaves)]
    ref_name = request.get("reference")
    if ref_name:
        ref_fn = getattr(module, ref_name)
        session.mode = "record"  # a reference that calls pallas_call does not run it
        with jax.disable_jit():
            expected = ref_fn(*args, **C._accepted_kwargs(ref_fn, kwargs))
        outs_np = [_plain(o, np) for o in outs]
        C.save_references(out_dir, call, [_plain(e, np) for e in jax.tree_util.tree_leaves(expected)], outs_np,
                          result["returned_npy"],
                          C.returned_as_outputs(outs_np, [_plain(x, np) for x in leaves], np), np, C._save,
                          C.dtype_names(leaves))


if __name__ == "__main__":
    sys.exit(C.main(sys.argv, run, "tilelens_jax_run.py"))
