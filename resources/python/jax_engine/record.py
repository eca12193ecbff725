"""One pallas_call as JAX normalised it (its GridMapping), as the runner's call record.

The record has the stand-ins' format (docs/python-runner.md, "Result"), so the C++ side reads
both engines alike; `notes` says what the format-2 spec cannot hold (a vmapped batch axis).
"""
import re

import numpy as np

import index_maps as IM


def _clean(name, fallback):
    if not name:
        return fallback
    n = re.sub(r"\W+", "_", str(name)).strip("_")
    return n if n and not n[0].isdigit() else fallback


def _dtype_name(dt):
    return str(np.dtype(dt)) if not hasattr(dt, "name") else dt.name


def _memory_space(aval):
    ms = str(getattr(aval, "memory_space", "") or "").lower()
    for key in ("smem", "vmem", "hbm", "any", "semaphore"):
        if key in ms:
            return key
    return "vmem"


def _block_dims(bm):
    out = []
    for d in bm.block_shape:
        kind = type(d).__name__
        if kind == "Squeezed" or d is None:
            out.append(None)
        elif kind == "Element":
            pad = getattr(d, "padding", (0, 0)) or (0, 0)
            out.append({"element": int(d.block_size), "padding": [int(pad[0]), int(pad[1])]})
        elif hasattr(d, "block_size"):
            out.append(int(d.block_size))
        else:
            out.append(int(d))
    return out


def _backend(cp):
    mod = type(cp).__module__ if cp is not None else ""
    if "mosaic_gpu" in mod:
        return "mosaic_gpu"
    if "mosaic" in mod:
        return "mosaic_tpu"
    if "triton" in mod:
        return "triton"
    return None


def _src_line(debug_info, user_file):
    src = getattr(debug_info, "func_src_info", None) or ""
    m = re.search(r" at (.*):(\d+)$", src)
    if m and user_file and m.group(1) == user_file:
        return int(m.group(2))
    return None


def _kernel_name(debug_info):
    src = getattr(debug_info, "func_src_info", None) or ""
    return src.split(" at ")[0] or "kernel"


def _grid_names(closed, ngrid, taken):
    names = list(getattr(closed.jaxpr.debug_info, "arg_names", None) or [])[:ngrid]
    out = []
    for a in range(ngrid):
        n = _clean(names[a] if a < len(names) else "", "")
        if not n or n.startswith("_") or n in IM.S._RESERVED or n in taken or n in out:
            n = f"i{a}"
        out.append(n)
    return out


def _full(index, size):
    """Whether one indexer entry takes the whole dimension."""
    start, length = getattr(index, "start", None), getattr(index, "size", None)
    return length is not None and isinstance(start, int) and start == 0 and length == size


def _store_kind(eqn):
    """"whole" for a store of the whole ref (`o_ref[...] = v`, `+=`), else "indexed"."""
    import jax
    try:
        transforms = jax.tree_util.tree_unflatten(eqn.params["tree"], eqn.invars[2:])
    except Exception:  # noqa: BLE001 - an indexer this JAX writes otherwise: be safe
        return "whole"
    for t in transforms:
        indices, shape = getattr(t, "indices", None), getattr(t, "shape", None)
        if indices is None or shape is None:
            return "indexed"
        if not all(_full(i, n) for i, n in zip(indices, shape)):
            return "indexed"
    return "whole"


def store_kinds(jaxpr, refs):
    """For each ref var in `refs`: "whole" when some store writes it whole, "indexed" when every
    store goes through a slice or index, "none" when no store was found. Refs are followed into
    nested jaxprs (cond, loops, calls) whose inputs end with the outer equation's inputs."""
    from jax._src import core as jcore
    kinds = {r: "none" for r in refs}

    def walk(jx, alias):
        for eqn in jx.eqns:
            name = eqn.primitive.name
            if ("swap" in name or "store" in name or "atomic" in name) and eqn.invars:
                ref = alias.get(eqn.invars[0]) if isinstance(eqn.invars[0], jcore.Var) else None
                if ref is not None:
                    k = _store_kind(eqn) if "swap" in name else "indexed"
                    if kinds[ref] != "whole":
                        kinds[ref] = k
            for sub in jcore.jaxprs_in_params(eqn.params):
                n = min(len(sub.invars), len(eqn.invars))
                inner = {}
                for outer, v in zip(eqn.invars[len(eqn.invars) - n:], sub.invars[len(sub.invars) - n:]):
                    if isinstance(outer, jcore.Var) and outer in alias:
                        inner[v] = alias[outer]
                if inner:
                    walk(sub, inner)

    walk(jaxpr, {r: r for r in refs})
    return [kinds[r] for r in refs]


class Recorded:
    """A concrete pallas_call: its record plus what running and writers need."""

    def __init__(self, args, params, file, line, user_file, table_limit):
        gm = params["grid_mapping"]
        kj = params["jaxpr"]
        self.notes = []
        if getattr(gm, "num_dynamic_grid_bounds", 0):
            raise ValueError("a grid with dynamic bounds cannot be recorded as a format-2 spec")
        self.grid = [int(g) for g in gm.grid]
        nsp, nin, nout = gm.num_index_operands, gm.num_inputs, gm.num_outputs
        arg_names = list(getattr(kj.debug_info, "arg_names", None) or [])
        names = [_clean(arg_names[k] if k < len(arg_names) else "", "") for k in range(len(kj.invars))]
        cp = params.get("compiler_params")
        if isinstance(cp, dict):
            cp = next(iter(cp.values()), None)
        self.backend = _backend(cp)
        ds = getattr(cp, "dimension_semantics", None)
        self.dimension_semantics = None if ds is None else [
            str(getattr(d, "value", d)).lower().split(".")[-1] for d in ds]
        self.semantics_widened = False  # vmap's axes were given semantics the kernel did not
        vmapped = list(getattr(gm, "vmapped_dims", ()) or ())
        if vmapped:
            self.notes.append(f"jax.vmap added grid axes {vmapped} around the kernel; they are "
                              "recorded as parallel grid axes")
            if self.dimension_semantics is not None and len(self.dimension_semantics) < len(self.grid):
                extra = len(self.grid) - len(self.dimension_semantics)
                self.dimension_semantics = ["parallel"] * extra + self.dimension_semantics
                self.semantics_widened = True
        self.prefetch = []
        for k in range(nsp):
            v = np.asarray(args[k])
            self.prefetch.append((_clean(names[k], f"s{k}"), v))
        self.block_mappings = list(gm.block_mappings)
        self.ops = []
        for k, bm in enumerate(self.block_mappings):
            role = "input" if k < nin else "output"
            fallback = f"in{k}" if role == "input" else f"out{k - nin}"
            self.ops.append({"name": _clean(names[nsp + k] if nsp + k < len(names) else "", fallback),
                             "role": role, "bm": bm})
        self.scratch = []
        for k in range(gm.num_scratch_operands):
            pos = nsp + nin + nout + k
            aval = kj.invars[pos].aval
            inner = getattr(aval, "inner_aval", aval)
            name = _clean(names[pos] if pos < len(names) else "", f"scratch{k}")
            dt = str(getattr(inner, "dtype", ""))
            if "sem" in dt:
                kind = "dma" if "dma" in dt else "regular"
                self.scratch.append({"name": name, "semaphore": kind, "shape": list(inner.shape)})
            else:
                self.scratch.append({"name": name, "shape": list(inner.shape), "dtype": _dtype_name(inner.dtype),
                                     "memory_space": _memory_space(aval)})
        seen = set(n for n, _ in self.prefetch)
        for op in self.ops:
            while op["name"] in seen:
                op["name"] += "_"
            seen.add(op["name"])
        self.aliases = {}
        all_names = [n for n, _ in self.prefetch] + [op["name"] for op in self.ops[:nin]]
        for i, o in (params.get("input_output_aliases") or ()):
            self.aliases[nin + int(o)] = all_names[int(i)]
        self.nin = nin
        # pl.Element padding: JAX's TPU interpret mode starts the window at the offset itself,
        # while the HLO interpreter pads the array as Mosaic's element window does.
        self.element_padding = any(isinstance(d, dict) and d["padding"] != [0, 0]
                                   for bm in self.block_mappings for d in _block_dims(bm))
        # DMAs and semaphores the kernel drives itself: what JAX's race detector is for.
        self.manual_memory = any(s.get("semaphore") or s.get("memory_space") in ("any", "hbm")
                                 for s in self.scratch) or any(
            _memory_space(bm.block_aval) in ("any", "hbm") for bm in self.block_mappings)
        try:  # how the body stores each output: on Triton only stored elements are written
            self.stores = store_kinds(kj, list(kj.invars[nsp + nin:nsp + nin + nout]))
        except Exception:  # noqa: BLE001 - a jaxpr this reading does not follow
            self.stores = ["whole"] * nout
        self.file, self.line, self.user_file = file, line, user_file
        self.name = _kernel_name(kj.debug_info)
        self.table_limit = table_limit
        self.cost = params.get("cost_estimate")
        self.vmem_limit_bytes = getattr(cp, "vmem_limit_bytes", None)
        self.tables = {}

    def _index_map(self, k, bm):
        closed = bm.index_map_jaxpr
        taken = {n for n, _ in self.prefetch}
        gnames = _grid_names(closed, len(self.grid), taken)
        tables = [(n, v.shape, v.dtype) for n, v in self.prefetch]
        try:
            text, rank = IM.expression(closed, gnames, tables)
            if rank != len(bm.block_shape):
                raise IM.TraceFallback("rank")
            return text, None
        except IM.TraceFallback:
            return None, self.block_table(k).tolist()

    def block_table(self, k):
        if k not in self.tables:
            self.tables[k] = IM.table(self.block_mappings[k].index_map_jaxpr, self.grid,
                                      [v for _, v in self.prefetch], self.table_limit)
        return self.tables[k]

    def record(self):
        ops = []
        for k, op in enumerate(self.ops):
            bm = op["bm"]
            aval = bm.array_aval
            ms = _memory_space(bm.block_aval)
            whole = ms in ("any", "hbm")
            text, tab = (None, None) if whole else self._index_map(k, bm)
            pm = getattr(bm, "pipeline_mode", None)
            revisit = getattr(pm, "revisit", None)
            ops.append({
                "name": op["name"], "role": op["role"], "shape": [int(s) for s in aval.shape],
                "dtype": _dtype_name(aval.dtype),
                "block_shape": None if whole else _block_dims(bm),
                "index_map": text, "index_map_table": tab,
                "memory_space": ms, "buffer_count": int(getattr(pm, "buffer_count", 2) or 2),
                "revisit": str(getattr(revisit, "name", revisit) or "immediate").lower(),
                "alias_of": self.aliases.get(k),
                "stores": self.stores[k - self.nin] if op["role"] == "output" else None,
                "line": _src_line(bm.index_map_jaxpr.jaxpr.debug_info, self.user_file) or self.line,
            })
        cost = None
        if self.cost is not None:
            cost = {k: getattr(self.cost, k, None) for k in ("flops", "transcendentals", "bytes_accessed")}
        return {
            "line": self.line, "file": self.file, "name": self.name, "grid": self.grid,
            "backend": self.backend, "dimension_semantics": self.dimension_semantics,
            "vmem_limit_bytes": self.vmem_limit_bytes,
            "scalar_prefetch": [{"name": n, "shape": list(v.shape), "dtype": _dtype_name(v.dtype),
                                 "values": v.ravel().tolist()} for n, v in self.prefetch],
            "operands": ops, "scratch": self.scratch, "cost_estimate": cost, "notes": self.notes,
            "outputs_npy": [], "writers_npy": [], "reference_npy": [],
        }

    def writers(self, out_index):
        """For output out_index: the program whose write-back last wrote each element, -1 never.

        Write-back happens when the next program's block index differs and after the last
        program, as the TPU pipeline does (docs/python-runner.md, "Pipeline semantics")."""
        k = self.nin + out_index
        bm = self.block_mappings[k]
        shape = tuple(int(s) for s in bm.array_aval.shape)
        w = np.full(shape, -1, np.int64)
        if _memory_space(bm.block_aval) in ("any", "hbm"):
            return w
        tab = self.block_table(k)
        dims = _block_dims(bm)
        n = tab.shape[0]
        for p in range(n):
            if p + 1 < n and np.array_equal(tab[p], tab[p + 1]):
                continue
            sl = []
            for d, idx, size in zip(dims, tab[p], shape):
                if d is None:
                    lo, hi = int(idx), int(idx) + 1
                elif isinstance(d, dict):
                    lo = int(idx) - d["padding"][0]
                    hi = lo + d["element"]
                else:
                    lo, hi = int(idx) * d, int(idx) * d + d
                sl.append(slice(max(lo, 0), max(min(hi, size), 0)))
            w[tuple(sl)] = p
        return w
