
# ---- Running the candidates (the same for every spec) ----
_TL_COLUMNS = ["kernel", "impl", "target", "device", "params", "dtype", "n", "median_s",
               "min_s", "max_s", "method", "source", "verified", "step_s"]


def _tl_max_abs(a):
    a = np.asarray(a).astype(np.float64)
    finite = a[np.isfinite(a)]
    return float(np.max(np.abs(finite))) if finite.size else 0.0


def _tl_random(key, shape, dtype, kind):
    """Seeded data as TileLens generates it: floats in [-2, 2], signed integers in [-7, 7],
    unsigned ones in [0, 15], booleans at random."""
    if kind == "float":
        return jax.random.uniform(key, shape, jnp.float32, -2.0, 2.0).astype(dtype)
    if kind == "bool":
        return jax.random.bernoulli(key, 0.5, shape)
    low, high = (0, 16) if kind == "unsigned" else (-7, 8)
    return jax.random.randint(key, shape, low, high, jnp.int32).astype(dtype)


def _tl_inputs(lay):
    key = jax.random.PRNGKey(SEED)
    return [_tl_random(jax.random.fold_in(key, stream), tuple(shape), dtype, kind)
            for shape, dtype, kind, stream
            in zip(lay["shapes"], INPUT_DTYPES, INPUT_KINDS, INPUT_STREAMS)]


def _tl_compiler_params():
    """The backend's compiler params (their class names changed across JAX versions)."""
    if BACKEND == "tpu":
        params = getattr(pltpu, "CompilerParams", None) or pltpu.TPUCompilerParams
        return params(dimension_semantics=DIMENSION_SEMANTICS)
    from jax.experimental.pallas import triton as pltriton
    params = getattr(pltriton, "CompilerParams", None) or pltriton.TritonCompilerParams
    return params()  # named, so that a Mosaic GPU default does not take the kernel


def _tl_build(params):
    """One candidate's pallas_call: the spec's grid, BlockSpecs, output and body."""
    lay = _tl_layout(**params)
    kernel, scratch = _tl_kernel(lay)
    n_in = len(INPUT_DTYPES)
    specs = [pl.BlockSpec(block_shape=block, index_map=index_map)
             for block, index_map in zip(lay["blocks"], lay["index_maps"])]
    extra = {"interpret": True} if BACKEND == "interpret" else {
        "compiler_params": _tl_compiler_params()}
    if scratch:
        extra["scratch_shapes"] = scratch
    call = pl.pallas_call(kernel, grid=lay["grid"], in_specs=specs[:n_in],
                          out_specs=specs[n_in],
                          out_shape=jax.ShapeDtypeStruct(tuple(lay["shapes"][n_in]), OUTPUT_DTYPE),
                          **extra)
    return lay, call


def _tl_compile(fn, args):
    """Compiles once, ahead of the timed runs."""
    return jax.jit(fn).lower(*args).compile()


def _tl_time(fn, args, warmup, runs):
    """Median, min and max of `runs` wall-clock runs, each synchronised with
    block_until_ready, after `warmup` untimed runs."""
    for _ in range(warmup):
        jax.block_until_ready(fn(*args))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        jax.block_until_ready(fn(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times)


def _tl_tolerance(lay, inputs):
    if TOLERANCE is not None:
        return TOLERANCE
    rtol, atol = _tl_tolerance_terms(lay, inputs, E_ACC, E_OUT)
    return BASE_TOLERANCE[0] + rtol, BASE_TOLERANCE[1] + atol


def _tl_check(out, expected, lay, inputs):
    """Whether the kernel's output matches the reference computed on this device."""
    out = np.asarray(out).astype(np.float64)
    expected = np.asarray(expected).astype(np.float64)
    if out.shape != expected.shape:
        return False, "the output has shape %s, the reference %s" % (out.shape, expected.shape)
    rtol, atol = _tl_tolerance(lay, inputs)
    with np.errstate(invalid="ignore"):
        err = np.abs(out - expected)
        ok = ((out == expected) | (np.isnan(out) & np.isnan(expected))
              | (err <= atol + rtol * np.abs(expected)))
    if ok.all():
        return True, "verified (rtol %g, atol %g)" % (rtol, atol)
    wrong = err[~ok]
    worst = float("nan") if np.isnan(wrong).any() else float(np.max(wrong))
    return False, "not verified: %d of %d elements differ from the reference (max abs error %g; rtol %g, atol %g)" % (
        wrong.size, ok.size, worst, rtol, atol)


def _tl_prepare(params, lay):
    """The inputs of one set of shapes, and the jnp reference compiled and run on them."""
    data = {"params": params, "inputs": _tl_inputs(lay), "reference": None, "expected": None,
            "error": None}
    try:
        data["reference"] = _tl_compile(_tl_reference, data["inputs"])
        data["expected"] = jax.block_until_ready(data["reference"](*data["inputs"]))
    except Exception as error:  # the reference does not fit or fails: nothing to check against
        data["error"] = "%s: %s" % (type(error).__name__, error)
    return data


def _tl_params_text(params, names):
    return ";".join("%s=%d" % (name, params[name]) for name in names)


def _tl_row(impl, device, params_text, timing, verified, runs):
    median, low, high = timing if timing else (math.inf, math.inf, math.inf)
    return [SPEC_NAME, impl, TARGET_ID, device, params_text, DTYPE_NAME, runs if timing else 0,
            repr(median), repr(low), repr(high), "wallclock-synced", SOURCE,
            "true" if verified else "false", ""]


def _tl_failed(what, error):
    print("%s: failed: %s: %s" % (what, type(error).__name__, error), file=sys.stderr)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Times the tile candidates of TileLens spec %s on %s." % (SPEC_NAME, TARGET_ID))
    parser.add_argument("--csv", default=CSV_PATH, help="timings file to write (%(default)s)")
    parser.add_argument("--runs", type=int, default=RUNS, help="timed runs (%(default)s)")
    parser.add_argument("--warmup", type=int, default=WARMUP, help="untimed runs (%(default)s)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")
    device = jax.devices()[0]
    device_name = str(getattr(device, "device_kind", device))
    rows = []
    shapes = {}  # shape params -> inputs and reference, shared by the candidates of one shape
    for candidate in CANDIDATES:
        params = dict(SPEC_PARAMS)
        params.update(candidate)
        label = _tl_params_text(params, list(params))
        try:
            lay, call = _tl_build(params)
            key = tuple(params[name] for name in SHAPE_PARAMS)
            if key not in shapes:
                shapes[key] = _tl_prepare(params, lay)
            data = shapes[key]
            compiled = _tl_compile(call, data["inputs"])
            out = jax.block_until_ready(compiled(*data["inputs"]))
            if data["error"] is None:
                verified, note = _tl_check(out, data["expected"], lay, data["inputs"])
            else:
                verified, note = False, "no reference to check against: " + data["error"]
            timing = _tl_time(compiled, data["inputs"], args.warmup, args.runs)
        except Exception as error:  # does not compile, does not run, out of memory
            _tl_failed("candidate " + label, error)
            rows.append(_tl_row("pallas", device_name, label, None, False, args.runs))
            continue
        print("candidate %s: median %.6g s; %s" % (label, timing[0], note), file=sys.stderr)
        rows.append(_tl_row("pallas", device_name, label, timing, verified, args.runs))
    for data in shapes.values():
        label = _tl_params_text(data["params"], SHAPE_PARAMS)
        timing = None
        if data["error"] is not None:
            print("xla %s: failed: %s" % (label, data["error"]), file=sys.stderr)
        else:
            try:
                timing = _tl_time(data["reference"], data["inputs"], args.warmup, args.runs)
                print("xla %s: median %.6g s" % (label, timing[0]), file=sys.stderr)
            except Exception as error:
                _tl_failed("xla " + label, error)
        # The baseline is the reference the candidates are checked against.
        rows.append(_tl_row("xla", device_name, label, timing, timing is not None, args.runs))
    with open(args.csv, "w", newline="") as f:
        f.write("# tilelens-timings/1\n")
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(_TL_COLUMNS)
        writer.writerows(rows)
    print("wrote %d rows to %s" % (len(rows), args.csv), file=sys.stderr)


if __name__ == "__main__":
    main()
