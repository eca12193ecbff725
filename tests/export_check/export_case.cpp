// For the export.jax check (docs/exports.md, "Checked against JAX"): for each spec, TileLens's
// own interpreter runs the built-in body with NaN padding and fill, and the case is written
// for check_exports.py to run under JAX:
//
//     tilelens_export_case OUT_DIR SPEC...
//
// OUT_DIR/<spec file stem>/ gets kernel.py (what `tilelens-audit export-pallas` writes), the
// scalar-prefetch tables t<i>.npy, the inputs in<i>.npy, TileLens's outputs out<i>.npy and
// case.json naming them. A spec that cannot be checked (a python spec, no built-in body) gets
// case.json with "skipped" and the reason. Exits 1 when a spec cannot be read or exported.
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/analysis/windows.h"
#include "core/export/pallas_snippet.h"
#include "core/interp/interpreter.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

namespace fs = std::filesystem;

namespace tl {
namespace {

// `values` as a little-endian C-order .npy of `descr` ("<f4", "<f8" or "<i8").
void write_npy(const fs::path& path, const std::string& descr,
               const std::vector<std::int64_t>& shape, const std::vector<double>& values) {
    std::string dims;
    for (const auto d : shape) dims += std::to_string(d) + ",";
    std::string header =
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + dims + "), }";
    while ((10 + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::ofstream out(path, std::ios::binary);
    out.write("\x93NUMPY\x01\x00", 8);
    const auto len = static_cast<std::uint16_t>(header.size());
    const char len_bytes[2] = {static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
    out.write(len_bytes, 2);
    out << header;
    for (const double v : values) {
        if (descr == "<f4") {
            const auto f = static_cast<float>(v);
            out.write(reinterpret_cast<const char*>(&f), sizeof f);
        } else if (descr == "<f8") {
            out.write(reinterpret_cast<const char*>(&v), sizeof v);
        } else {
            const auto i = static_cast<std::int64_t>(v);
            out.write(reinterpret_cast<const char*>(&i), sizeof i);
        }
    }
}

// A buffer as .npy: floats as float32 (bfloat16 and float16 values are exact there; float64
// stays float64), integers and bool as int64. Python casts back to the operand's dtype.
Json write_buffer(const fs::path& dir, const std::string& file, const std::string& name,
                  const Buffer& b) {
    std::vector<double> values(static_cast<std::size_t>(b.size()));
    dispatch_dtype(b.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* p = static_cast<const T*>(b.raw());
        for (std::size_t i = 0; i < values.size(); ++i) values[i] = to_double(p[i]);
    });
    const std::string descr = b.dtype() == DType::Float64 ? "<f8"
                              : is_float(b.dtype())       ? "<f4"
                                                          : "<i8";
    write_npy(dir / file, descr, b.shape(), values);
    return {{"file", file}, {"name", name}, {"dtype", std::string(to_string(b.dtype()))}};
}

// True when some block of output `op` is visited again after a visit to another block: JAX's
// TPU interpret mode refuses that (docs/exports.md).
bool revisited(const Instance& inst, const ResolvedOperand& op) {
    if (!op.index_map) return false;
    const int g = inst.grid_rank();
    std::vector<std::int64_t> args(static_cast<std::size_t>(std::max(op.index_map->arity(), g)) +
                                   1);
    std::vector<std::int64_t> idx(static_cast<std::size_t>(op.rank()) + 1), prev;
    std::set<std::vector<std::int64_t>> ended;
    for (std::int64_t p = 0; p < inst.programs(); ++p) {
        inst.unravel(p, args.data());
        if (!op.index_map->eval(args.data(), idx.data())) return false;
        if (p > 0 && idx != prev) {
            ended.insert(prev);
            if (ended.count(idx)) return true;
        }
        prev = idx;
    }
    return false;
}

// True when some program's block of `op` lies wholly outside the array on some dimension:
// TileLens reads the fill and drops the writes; JAX's interpret mode refuses the write.
bool outside(const Instance& inst, const ResolvedOperand& op) {
    if (!op.index_map || op.manual()) return false;
    const int g = inst.grid_rank();
    std::vector<std::int64_t> args(static_cast<std::size_t>(std::max(op.index_map->arity(), g)) +
                                   1);
    std::vector<std::int64_t> idx(static_cast<std::size_t>(op.rank()) + 1);
    for (std::int64_t p = 0; p < inst.programs(); ++p) {
        inst.unravel(p, args.data());
        if (!op.index_map->eval(args.data(), idx.data())) return false;
        for (int d = 0; d < op.rank(); ++d)
            if (idx[static_cast<std::size_t>(d)] < 0 ||
                dim_window(op, d, idx[static_cast<std::size_t>(d)]).clip_size == 0)
                return true;
    }
    return false;
}

Json skipped(const std::string& name, const std::string& why) {
    return {{"name", name}, {"skipped", why}};
}

// Writes the case of `spec_path` into `dir`; case.json's contents.
Json write_case(const std::string& spec_path, const fs::path& dir) {
    const LoadResult loaded = load_spec_file(spec_path);
    if (!loaded.spec) return {{"name", spec_path}, {"error", join(loaded.errors)}};
    const Spec& spec = *loaded.spec;
    if (spec.python) return skipped(spec.name, "a python spec: its kernel is its Python file");
    if (!spec.kernel) return skipped(spec.name, "no built-in body (no kernel key)");
    const PallasSnippet snippet = pallas_snippet(spec);
    if (!snippet.errors.empty()) return {{"name", spec.name}, {"error", snippet.errors.front()}};
    std::ofstream(dir / "kernel.py", std::ios::binary) << snippet.code;
    const ResolveResult resolved = resolve(spec);
    if (!resolved.instance) return {{"name", spec.name}, {"error", join(resolved.errors)}};
    const Instance& inst = *resolved.instance;
    RunOptions options;
    options.reference = false;
    options.threads = 1;
    const RunResult run =
        interpret(inst, *spec.kernel, Uninitialized::Nan, spec.revisit, spec.seed, options);
    if (!run.ok) return {{"name", spec.name}, {"error", "TileLens: " + join(run.errors)}};
    Json c = {{"name", spec.name},
              {"body", spec.kernel->body},
              {"function", snippet.function},
              {"revisit", std::string(to_string(spec.revisit))}};
    c["tables"] = Json::array();
    for (std::size_t t = 0; t < inst.prefetch.size(); ++t) {
        const expr::Table& table = inst.tables[t];
        std::vector<std::int64_t> shape = table.shape;
        if (shape.empty()) shape = {static_cast<std::int64_t>(inst.prefetch[t].size())};
        const std::vector<double> values(inst.prefetch[t].begin(), inst.prefetch[t].end());
        const std::string file = "t" + std::to_string(t) + ".npy";
        write_npy(dir / file, "<i8", shape, values);
        c["tables"].push_back(
            {{"file", file}, {"dtype", std::string(to_string(inst.prefetch_dtypes[t]))}});
    }
    c["inputs"] = Json::array();
    for (std::size_t i = 0; i < run.inputs.size(); ++i) {
        const auto& op = inst.operands[static_cast<std::size_t>(run.input_operands[i])];
        c["inputs"].push_back(
            write_buffer(dir, "in" + std::to_string(i) + ".npy", op.name, run.inputs[i]));
    }
    c["outputs"] = Json::array();
    const Analysis analysis = analyse(inst);
    for (std::size_t o = 0; o < run.outputs.size(); ++o) {
        const auto& op = inst.operands[static_cast<std::size_t>(run.output_operands[o])];
        Json out = write_buffer(dir, "out" + std::to_string(o) + ".npy", op.name, run.outputs[o]);
        out["revisited"] = revisited(inst, op) && op.alias_of < 0;
        out["outside"] = outside(inst, op);
        out["findings"] = Json::array();
        for (const Finding& f : analysis.findings())
            if (f.operand == op.name) out["findings"].push_back(std::string(to_string(f.kind)));
        c["outputs"].push_back(out);
    }
    return c;
}

}  // namespace
}  // namespace tl

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: tilelens_export_case OUT_DIR SPEC...\n";
        return 2;
    }
    int status = 0;
    for (int a = 2; a < argc; ++a) {
        const fs::path spec(argv[a]);
        const fs::path dir = fs::path(argv[1]) / spec.stem().stem();
        fs::remove_all(dir);
        fs::create_directories(dir);
        const tl::Json c = tl::write_case(spec.string(), dir);
        if (c.contains("error")) {
            std::cerr << spec.string() << ": " << c["error"].get<std::string>() << '\n';
            status = 1;
        }
        std::ofstream(dir / "case.json") << c.dump(1) << '\n';
    }
    return status;
}
