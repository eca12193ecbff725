"""Child-process entry point: record or run the pallas_calls of a user's kernel file.

    /usr/bin/python3 tilelens_run.py REQUEST.json OUT_DIR

Writes OUT_DIR/result.json (and .npy files in run mode); see docs/python-runner.md.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
if __name__ == "__main__":  # the JAX engine imports this file for its helpers, without the stand-ins
    sys.path.insert(0, HERE)

import importlib.util  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import signal  # noqa: E402
import traceback  # noqa: E402

PROTOCOL = 1
PROTOCOL_STANDINS = "1"  # the stand-ins' own version, reported as the engine's
_OPS_MARK = os.sep.join(["jax", "experimental", "pallas", "ops"]) + os.sep


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so that `except Exception` in user code misses it."""


def _on_alarm(signum, frame):
    raise _Timeout()


def _apply_limits(limits):
    seconds = float(limits.get("seconds", 60))
    mem = limits.get("memory_bytes")
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.signal(signal.SIGXCPU, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    cpu = int(seconds) + 2
    if hard == resource.RLIM_INFINITY or cpu < hard:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, hard))
    if mem:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        m = int(mem)
        if hard != resource.RLIM_INFINITY:
            m = min(m, hard)
        resource.setrlimit(resource.RLIMIT_AS, (m, hard))


def _lift_memory_limit():
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def _load_module(path):
    import jax.experimental.pallas.ops as ops
    k = path.find(_OPS_MARK)
    if k >= 0:  # a file inside a JAX checkout: import it by its package path, siblings included
        ops.__path__.append(path[:k + len(_OPS_MARK) - 1])
        return importlib.import_module(path[k:-3].replace(os.sep, "."))
    d = os.path.dirname(path)
    # A file next to a JAX checkout (a wrapper importing jax.experimental.pallas.ops.tpu...):
    # the nearest enclosing folder holding jax/experimental/pallas/ops lends its ops.
    up = d
    while True:
        ops_dir = os.path.join(up, "jax", "experimental", "pallas", "ops")
        if os.path.isdir(ops_dir):
            if ops_dir not in ops.__path__:
                ops.__path__.append(ops_dir)
            break
        parent = os.path.dirname(up)
        if parent == up:
            break
        up = parent
    modname = "tilelens_user_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
    if d not in sys.path:
        sys.path.insert(1, d)
    spec = importlib.util.spec_from_file_location(modname, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    spec.loader.exec_module(module)
    return module


def _make_arg(desc, rng, np, D, asarray):
    dt = D.canon(desc.get("dtype", "float32"))
    return asarray(arg_values(desc, rng, np, dt.kind, D.bits(dt)), dt)


def arg_values(desc, rng, np, kind, bits):
    """The argument's values as numpy (float64, int64 or bool), drawn as both engines draw them."""
    shape = tuple(int(s) for s in desc.get("shape", []))
    if "values" in desc:
        return np.asarray(desc["values"], dtype=np.float64).reshape(shape)
    data = desc.get("data", "random")
    n = int(np.prod(shape)) if shape else 1
    if data == "zeros":
        v = np.zeros(shape)
    elif data == "ones":
        v = np.ones(shape)
    elif data == "iota":
        v = np.arange(n, dtype=np.float64).reshape(shape)
    elif data == "random":
        if kind == "f":
            v = rng.standard_normal(shape)
        elif kind == "b":
            v = rng.random(shape) < 0.5
        elif kind == "u":
            v = rng.integers(0, 1 << min(bits, 7), shape)
        else:
            lim = 1 << min(bits - 1, 6)
            v = rng.integers(-lim, lim, shape)
    else:
        raise ValueError(f"unknown data kind {data!r} (random, zeros, ones, iota)")
    return np.asarray(v)


def _accepted_kwargs(fn, kwargs):
    try:
        ps = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return kwargs
    if any(p.kind == p.VAR_KEYWORD for p in ps.values()):
        return kwargs
    return {k: v for k, v in kwargs.items() if k in ps}


def returned_as_outputs(outs, returned, np):
    """For each returned leaf, the entry call's output it is (equal values, perhaps reshaped),
    else None: the wrapper transformed it, or it came from elsewhere."""
    def same(a, b):
        return a.size == b.size and np.array_equal(a.ravel(), b.ravel(), equal_nan=a.dtype.kind == "f")
    outs = [np.asarray(o, dtype=np.float64) if np.asarray(o).dtype.kind == "f" else np.asarray(o) for o in outs]
    used, out = set(), []
    for r in returned:
        r = np.asarray(r, dtype=np.float64) if np.asarray(r).dtype.kind == "f" else np.asarray(r)
        k = next((k for k, o in enumerate(outs) if k not in used and same(r, o)), None)
        if k is not None:
            used.add(k)
        out.append(k)
    return out


def mark_dropped(calls, call_outputs, returned_leaves):
    """Outputs a wrapper drops while returning other outputs of the same call untouched get
    "dropped": true (recorded as discard). A call none of whose outputs come back as they are
    is left alone: the wrapper may have transformed them all."""
    ids = {id(x) for x in returned_leaves}
    for rec, outs in zip(calls, call_outputs):
        back = [id(o) in ids for o in outs]
        if not any(back) or all(back):
            continue
        outputs = [op for op in rec["operands"] if op["role"] == "output"]
        for op, b in zip(outputs, back):
            if not b:
                op["dropped"] = True


def dtype_names(leaves):
    return [str(getattr(getattr(x, "dtype", None), "name", "") or "") for x in leaves]


def save_references(out_dir, call, expected, outs, returned_names, returned_as, np, save, returned_dtypes=()):
    """The reference's leaves against what the wrapper returned (docs/python-runner.md,
    "Result"): leaf j goes with returned leaf j; when that is output k of the checked call,
    as reference_npy[k] (outputs the wrapper drops stay null), else as a returned_checks entry
    compared without program attribution."""
    refs = [None] * len(outs)
    checks = []
    for j, leaf in enumerate(expected):
        v = np.asarray(leaf)
        if j < len(returned_as) and returned_as[j] is not None:
            k = returned_as[j]
            shape = np.asarray(outs[k]).shape
            refs[k] = save(out_dir, f"ref{k}.npy", v.reshape(shape) if v.size == np.prod(shape) else v, np)
        elif j < len(returned_names):
            checks.append({"leaf": j, "returned": returned_names[j], "reference": save(out_dir, f"ref_leaf{j}.npy", v, np),
                           "dtype": returned_dtypes[j] if j < len(returned_dtypes) else ""})
    call["reference_npy"] = refs
    call["returned_checks"] = checks


def _save(out_dir, name, arr, np):
    np.save(os.path.join(out_dir, name), np.asarray(arr))
    return name


def _where(exc, user_file, own_dir=HERE):
    """((file, line) innermost in the user's file, (file, line) innermost outside own_dir, a
    folder or a tuple of folders: the engine's own code)."""
    own = tuple(d + os.sep for d in ((own_dir,) if isinstance(own_dir, str) else own_dir))
    if isinstance(exc, SyntaxError) and exc.filename:
        loc = (os.path.abspath(exc.filename), exc.lineno)
        return loc, loc
    frames = traceback.extract_tb(exc.__traceback__)
    origin = (None, None)
    ops = os.sep.join(["", "jax", "experimental", "pallas", "ops", ""])  # kernels JAX ships
    for fr in reversed(frames):
        f = os.path.abspath(fr.filename)
        if not f.startswith(own) or ops in f:
            origin = (f, fr.lineno)
            break
    for fr in reversed(frames):
        if os.path.abspath(fr.filename) == user_file:
            return (user_file, fr.lineno), origin
    return origin, origin


def _unsupported_import(exc):
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").startswith("jax"):
        return f"{exc.name} is not supported by TileLens's stand-ins"
    m = re.match(r"cannot import name '(\w+)' from '(jax[\w.]*)'", str(exc))
    if isinstance(exc, ImportError) and m:
        origin = getattr(sys.modules.get(m.group(2)), "__file__", None) or ""
        if os.path.abspath(origin).startswith(HERE + os.sep):  # one of the stand-ins
            return f"{m.group(2)}.{m.group(1)} is not supported by TileLens's stand-ins"
    return None


def _standin_unsupported(exc):
    from jax._tilelens.errors import TileLensUnsupported
    if isinstance(exc, TileLensUnsupported):
        return str(exc)
    return _unsupported_import(exc)


def _no_message(exc):
    """An exception without a message (a bare assert) named by the line that raised it."""
    frames = traceback.extract_tb(exc.__traceback__)
    line = (frames[-1].line or "").strip() if frames else ""
    return f"{type(exc).__name__} at `{line}`" if line else f"{type(exc).__name__} (no message)"


def _error(exc, user_file, unsupported=None, own_dir=HERE):
    """The result's error object. unsupported(exc) -> message when exc is an API TileLens lacks."""
    if unsupported is None:
        unsupported = _standin_unsupported
    (f, line), (ofile, oline) = _where(exc, user_file, own_dir)
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-20000:]
    if isinstance(exc, _Timeout):
        kind, msg = "timeout", "the kernel file ran past its time limit"
    elif isinstance(exc, MemoryError):
        kind, msg = "memory", "the kernel file ran out of its memory limit"
    elif unsupported(exc):
        kind, msg = "unsupported", unsupported(exc)
    else:
        kind, msg = "exception", f"{type(exc).__name__}: {exc}" if str(exc) else _no_message(exc)
    return {"kind": kind, "message": msg, "file": f, "line": line,
            "origin": {"file": ofile, "line": oline}, "traceback": tb}


def run(request, out_dir):
    import numpy as np
    result = {"tilelens_python": PROTOCOL, "status": "ok", "error": None, "calls": [],
              "engine": {"name": "standins", "version": PROTOCOL_STANDINS, "python": sys.executable}}
    user_file = os.path.abspath(request.get("file", ""))
    state = None
    try:
        _apply_limits(request.get("limits") or {})
        import jax  # noqa: F401  (the stand-ins)
        from jax._tilelens import dtypes as D
        from jax._tilelens import tree as T
        from jax._tilelens.array import asarray
        from jax._tilelens.session import reset, state
        mode = request.get("mode", "record")
        if mode not in ("record", "run"):
            raise ValueError(f"unknown mode {mode!r}")
        reset(mode, request.get("policy"), int(request.get("entry") or 0))
        module = _load_module(user_file)
        reset(mode, request.get("policy"), int(request.get("entry") or 0))  # calls made at import do not count
        fn = getattr(module, request["call"])
        rng = np.random.default_rng(int(request.get("seed") or 0))
        args = [None if a is None else _make_arg(a, rng, np, D, asarray) for a in request.get("args", [])]
        kwargs = dict(request.get("kwargs") or {})
        returned = fn(*args, **kwargs)
        mark_dropped(state["calls"], state["call_outputs"], T.tree_leaves(returned))
        result["calls"] = state["calls"]
        if mode == "run":
            if not state["calls"]:
                raise RuntimeError(f"{request['call']} did not call pl.pallas_call")
            if state["entry_outputs"] is None:
                raise RuntimeError(f"entry {state['entry']} is out of range: "
                                   f"{len(state['calls'])} pallas_call(s) were recorded")
            call, outs, writers = state["entry_outputs"]
            rec = state["calls"][state["entry"]]
            rec["outputs_npy"] = [_save(out_dir, f"out{i}.npy", o, np) for i, o in enumerate(outs)]
            rec["writers_npy"] = [_save(out_dir, f"writers{i}.npy", w, np) for i, w in enumerate(writers)]
            leaves = T.tree_leaves(returned)
            result["returned_npy"] = [_save(out_dir, f"returned{i}.npy", r, np) for i, r in enumerate(leaves)]
            ref_name = request.get("reference")
            if ref_name:
                ref_fn = getattr(module, ref_name)
                state["mode"] = "record"  # a reference that calls pallas_call does not run it
                expected = ref_fn(*args, **_accepted_kwargs(ref_fn, kwargs))
                save_references(out_dir, rec, [np.asarray(e) for e in T.tree_leaves(expected)], outs,
                                result["returned_npy"],
                                returned_as_outputs(outs, [np.asarray(x) for x in leaves], np), np, _save,
                                dtype_names(leaves))
    except BaseException as exc:  # noqa: B902 - every failure becomes a result
        if isinstance(exc, MemoryError):
            _lift_memory_limit()
        result["status"] = "error"
        result["error"] = _error(exc, user_file)
        if state is not None:
            result["calls"] = state["calls"]
        exc.__traceback__ = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return result


def write_result(out_dir, result):
    path = os.path.join(out_dir, "result.json")
    with open(path + ".tmp", "w") as f:
        json.dump(result, f, allow_nan=False, default=lambda o: o.item() if hasattr(o, "item") else str(o))
    os.replace(path + ".tmp", path)


def main(argv, run_request=None, name="tilelens_run.py"):
    """Both engines' command line: read the request, run it, always write result.json."""
    if len(argv) != 3:
        print(f"usage: {name} REQUEST.json OUT_DIR", file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        request = json.load(f)
    os.makedirs(argv[2], exist_ok=True)
    result = (run_request or run)(request, argv[2])
    try:
        write_result(argv[2], result)
    except (ValueError, TypeError) as exc:  # e.g. NaN in recorded values
        write_result(argv[2], {"tilelens_python": PROTOCOL, "status": "error", "calls": [],
                         "error": {"kind": "exception", "message": f"result not serialisable: {exc}",
                                   "file": None, "line": None, "traceback": traceback.format_exc()}})
    return 0 if result["status"] == "ok" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
