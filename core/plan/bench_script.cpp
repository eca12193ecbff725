#include "core/plan/bench_script.h"

#include <cctype>
#include <limits>
#include <optional>
#include <set>
#include <utility>

#include "core/expr/python.h"
#include "core/plan/bench_kernels.h"
#include "core/plan/bench_runtime.h"
#include "core/spec/instance.h"

namespace tl {
namespace {

using py::is_safe_name;
using py::python_float;
using py::unsafe_name_reason;

std::string data_kind(DType d) {
    if (is_float(d)) return "\"float\"";
    if (d == DType::Bool) return "\"bool\"";
    const bool is_unsigned = d == DType::UInt8 || d == DType::UInt16 || d == DType::UInt32;
    return is_unsigned ? "\"unsigned\"" : "\"signed\"";
}

std::string jnp_dtype(DType d) {
    return d == DType::Bool ? "jnp.bool_" : "jnp." + std::string(to_string(d));
}

std::string tuple(const std::vector<std::string>& items) {
    std::string out = "(";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + (items.size() == 1 ? ",)" : ")");
}

std::string list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + "]";
}

bool valid_spec_name(const std::string& name) {
    if (name.empty() || name.size() > 64) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-')
            return false;
    return true;
}

class Emitter {
public:
    Emitter(const Spec& spec, const TargetProfile& target,
            const std::vector<std::map<std::string, std::int64_t>>& candidates,
            const BenchScriptOptions& options)
        : spec_(spec), target_(target), candidates_(candidates), options_(options) {}

    BenchScript run() {
        check_script_data();
        check_spec_features();
        const std::optional<Instance> instance = check_candidates();
        std::optional<bench::BodyCode> body;
        if (instance && spec_.kernel)
            body = bench::body_code(*spec_.kernel, operands_, *instance, target_, errors_);
        const std::string layout = layout_function();
        const std::string data = body ? data_section(*body) : std::string();
        if (!errors_.empty() || !body) return {{}, std::move(errors_)};
        std::string text(bench::bench_header());
        const bool tpu = target_.kind == TargetKind::Tpu;
        if (tpu || body->uses_tpu_scratch)
            text += "from jax.experimental.pallas import tpu as pltpu\n";
        if (has_float64_)
            text +=
                "\njax.config.update(\"jax_enable_x64\", True)  # the spec has float64 operands\n";
        text += data;
        text += py::expression_helpers();
        text += "\n\n" + layout + "\n\n" + body->kernel + "\n\n" + body->reference + "\n\n" +
                body->tolerance + "\n";
        text += bench::bench_runtime();
        return {std::move(text), {}};
    }

private:
    void error(std::string message) { errors_.push_back(std::move(message)); }

    std::string string_literal(std::string_view text, const std::string& what) {
        if (auto s = py::python_string(text)) return *s;
        error(what + " is not valid UTF-8");
        return "\"\"";
    }

    void check_script_data() {
        if (options_.runs < 1) error("options: runs must be at least 1");
        if (options_.warmup < 0) error("options: warmup must not be negative");
        if (!valid_spec_name(spec_.name))
            error("name: '" + spec_.name + "' must be 1 to 64 of [A-Za-z0-9_.-]");
        if (candidates_.empty()) error("candidates: there is no candidate to measure");
        if (!spec_.kernel)
            error(
                "kernel: the spec has no kernel body, so there is nothing to time; "
                "the benchmark script supports " +
                bench::supported_bodies());
        // Params in file order, then names that only a sweep introduces (at their first value).
        for (const auto& [name, value] : spec_.params) add_param(name, value);
        for (const auto& [name, values] : spec_.sweep.params)
            if (!values.empty() && !param_names_.count(name)) add_param(name, values.front());
    }

    void add_param(const std::string& name, std::int64_t value) {
        params_.emplace_back(name, value);
        param_names_.insert(name);
        if (!is_safe_name(name)) error("params." + name + ": " + unsafe_name_reason(name));
    }

    void check_spec_features() {
        if (target_.kind == TargetKind::Gpu && target_.backend != GpuBackend::Triton)
            error("target: " + target_.id +
                  " compiles Pallas through Mosaic GPU, whose kernels are written with their own "
                  "API; the benchmark script emits TPU (Mosaic) and GPU Triton kernels: to time "
                  "this GPU through Triton, plan for the target gpu-triton");
        if (!spec_.scalar_prefetch.empty())
            error("scalar_prefetch: the benchmark script does not emit scalar prefetch yet");
        for (std::size_t i = 0; i < spec_.operands.size(); ++i) {
            const OperandSpec& op = spec_.operands[i];
            const std::string path = "operands[" + std::to_string(i) + "]";
            if (!is_safe_name(op.name)) error(path + ".name: " + unsafe_name_reason(op.name));
            for (std::size_t k = 0; k < i; ++k)
                if (spec_.operands[k].name == op.name)
                    error(path + ".name: '" + op.name + "' is also the name of operands[" +
                          std::to_string(k) + "]");
            // Format 2: what changes the call is emitted or refused; discard, data and
            // declared scratch do not change what is timed (the body keeps its own buffers).
            if (op.is_manual_dma() || op.memory_space == MemorySpace::Smem)
                error(path + ".memory_space: the benchmark script emits blocked VMEM operands; '" +
                      op.name + "' in " + std::string(to_string(*op.memory_space)) +
                      " needs a body that moves it itself");
            if (op.alias_of)
                error(path +
                      ".alias_of: input_output_aliases are not emitted by the benchmark "
                      "script yet");
            if (op.revisit == OutputRevisit::Any)
                error(path +
                      ".revisit: pl.Buffered(revisit=pl.RevisitMode.ANY) is not emitted by "
                      "the benchmark script yet");
            if (dtype_is_storage_only(op.dtype))
                error(path + ".dtype: " + std::string(to_string(op.dtype)) +
                      " is not emitted: the built-in bodies and their references have no float8 "
                      "or int4 arithmetic");
            if (op.zero_unread)
                error(path +
                      ".unread: data that is zero where no program reads is not "
                      "generated by the benchmark script");
            if (op.block_shape)
                for (std::size_t d = 0; d < op.block_shape->size(); ++d)
                    if ((*op.block_shape)[d].kind == BlockDim::Kind::Element)
                        error(path + ".block_shape[" + std::to_string(d) +
                              "]: element-offset block dimensions are not emitted by the "
                              "benchmark script");
            if (op.dtype == DType::Float64) {
                has_float64_ = true;
                if (target_.kind == TargetKind::Tpu)
                    error(path + ".dtype: float64 does not run on " + target_.id);
            }
            if (op.role == Role::Input) {
                operands_.inputs.push_back(static_cast<int>(i));
            } else if (operands_.output < 0) {
                operands_.output = static_cast<int>(i);
            } else {
                error(path + ".role: the benchmark script emits bodies with one output");
            }
        }
        std::vector<int> order = operands_.inputs;
        if (operands_.output >= 0) order.push_back(operands_.output);
        for (int i : order) {
            const OperandSpec& op = spec_.operands[static_cast<std::size_t>(i)];
            operands_.names.push_back(op.name);
            operands_.dtypes.push_back(op.dtype);
            operands_.array_ranks.push_back(static_cast<int>(op.shape.size()));
            int visible = static_cast<int>(op.shape.size());
            if (op.block_shape) {
                visible = 0;
                for (const auto& b : *op.block_shape)
                    visible += b.kind == BlockDim::Kind::Squeezed ? 0 : 1;
            }
            operands_.block_ranks.push_back(visible);
        }
    }

    // Resolves every candidate (its grid, shapes and blocks must evaluate) and checks its
    // blocks against the body. Returns the first candidate's instance.
    std::optional<Instance> check_candidates() {
        std::optional<Instance> first;
        // The target runs what the local interpreter would refuse to allocate.
        const Limits unlimited{std::numeric_limits<std::int64_t>::max(),
                               std::numeric_limits<std::int64_t>::max(),
                               std::numeric_limits<std::int64_t>::max()};
        for (std::size_t c = 0; c < candidates_.size(); ++c) {
            std::string where = "candidates[" + std::to_string(c) + "] (";
            bool known = true;
            for (const auto& [name, value] : candidates_[c]) {
                where += (where.back() == '(' ? "" : ", ") + name + "=" + std::to_string(value);
                if (!param_names_.count(name)) {
                    error("candidates[" + std::to_string(c) + "]: '" + name +
                          "' is not a param of the spec");
                    known = false;
                }
            }
            where += ")";
            if (!known) continue;
            ResolveResult r = resolve(spec_, candidates_[c], unlimited);
            for (const auto& d : r.errors) error(where + ": " + d.to_string());
            if (!r.instance) continue;
            if (spec_.kernel && bench::is_supported_body(spec_.kernel->body))
                bench::check_body_blocks(spec_.kernel->body, *r.instance, where, errors_);
            if (!first) first = std::move(r.instance);
        }
        return first;
    }

    std::string size(const SizeValue& v, const std::string& path) {
        const py::Printed p = py::print_size(v, param_names_);
        if (!p.error.empty()) error(path + ":" + p.error);
        return p.code;
    }

    // `_tl_layout(params...)`: grid, shapes, blocks and index maps printed from the spec.
    std::string layout_function() {
        std::vector<std::string> grid, shapes, blocks, maps;
        for (std::size_t a = 0; a < spec_.grid.size(); ++a)
            grid.push_back(size(spec_.grid[a], "grid[" + std::to_string(a) + "]"));
        std::vector<int> order = operands_.inputs;
        if (operands_.output >= 0) order.push_back(operands_.output);
        for (int i : order) {
            const OperandSpec& op = spec_.operands[static_cast<std::size_t>(i)];
            const std::string path = "operands[" + std::to_string(i) + "]";
            std::vector<std::string> shape, block;
            for (std::size_t d = 0; d < op.shape.size(); ++d)
                shape.push_back(size(op.shape[d], path + ".shape[" + std::to_string(d) + "]"));
            for (std::size_t d = 0; op.block_shape && d < op.block_shape->size(); ++d) {
                const BlockDim& b = (*op.block_shape)[d];
                block.push_back(
                    b.kind == BlockDim::Kind::Squeezed
                        ? "None"
                        : size(b.size, path + ".block_shape[" + std::to_string(d) + "]"));
            }
            shapes.push_back(tuple(shape));
            blocks.push_back(op.block_shape ? tuple(block) : tuple(shape));
            std::string map =
                "lambda *_tl_ids: " + tuple(std::vector<std::string>(shape.size(), "0"));
            if (op.index_map) {
                const py::Printed p = py::print_index_map(*op.index_map, param_names_);
                if (!p.error.empty()) error(path + ".index_map:" + p.error);
                map = p.code;
            }
            maps.push_back(map + ",  # " + (is_safe_name(op.name) ? op.name : "?"));
        }
        std::string args;
        for (const auto& [name, value] : params_) args += (args.empty() ? "" : ", ") + name;
        std::string out = "def _tl_layout(" + args + "):\n" +
                          "    \"\"\"Grid, array shapes, block shapes and index maps (inputs, then "
                          "the output),\n    printed from the spec's expressions.\"\"\"\n" +
                          "    return {\n        \"grid\": " + tuple(grid) + ",\n" +
                          "        \"shapes\": " + list(shapes) + ",\n" +
                          "        \"blocks\": " + list(blocks) + ",\n" +
                          "        \"index_maps\": [\n";
        for (const auto& m : maps) out += "            " + m + "\n";
        return out + "        ],\n    }\n";
    }

    std::string data_section(const bench::BodyCode& body) {
        const DType out = operands_.dtypes.back();
        const DType first = operands_.dtypes.front();
        const double e_acc =
            is_float(out) ? dtype_epsilon(has_float64_ ? DType::Float64 : DType::Float32) : 0;
        const double e_out = dtype_epsilon(out) > e_acc ? dtype_epsilon(out) : 0;
        std::string d = "\n# ---- The spec's data ----\n";
        d += "# " + body.description + "\n";
        d += "SPEC_NAME = " + string_literal(spec_.name, "name") + "\n";
        d += "TARGET_ID = " + string_literal(target_.id, "target") + "\n";
        const bool interpret = target_.kind == TargetKind::Interpret;
        d += std::string("BACKEND = ") +
             (interpret                         ? "\"interpret\""
              : target_.kind == TargetKind::Tpu ? "\"tpu\""
                                                : "\"triton\"") +
             "  # tpu (Mosaic), triton (GPU), or interpret (pallas_call(interpret=True))\n";
        d += std::string("SOURCE = ") + (interpret ? "\"interpret\"" : "\"measured\"") +
             "  # an interpretation is not a measurement of a target\n";
        d += "SEED = " + std::to_string(spec_.seed) + "\n";
        d += "WARMUP = " + std::to_string(options_.warmup) + "\n";
        d += "RUNS = " + std::to_string(options_.runs) + "\n";
        d += "CSV_PATH = " + string_literal(options_.csv_path, "csv_path") + "\n";
        d += "# The spec's params in file order; each candidate replaces some of them.\n";
        d += "SPEC_PARAMS = " + dict(params_) + "\n";
        d += "CANDIDATES = [\n";
        for (const auto& c : candidates_)
            d += "    " +
                 dict(std::vector<std::pair<std::string, std::int64_t>>(c.begin(), c.end())) +
                 ",\n";
        d += "]\n";
        d += "# The params that size an operand: the XLA baseline is timed once per set of them.\n";
        d += "SHAPE_PARAMS = " + list(shape_params()) + "\n";
        std::vector<std::string> semantics;
        for (std::size_t a = 0; a < spec_.grid.size(); ++a)
            semantics.push_back("\"" + std::string(to_string(spec_.semantics(a))) + "\"");
        d += "DIMENSION_SEMANTICS = " + tuple(semantics) + "\n";
        std::vector<std::string> dtypes, kinds, streams;
        for (int i : operands_.inputs) {
            const DType t = spec_.operands[static_cast<std::size_t>(i)].dtype;
            dtypes.push_back(jnp_dtype(t));
            kinds.push_back(data_kind(t));
            streams.push_back(std::to_string(i));
        }
        d += "INPUT_DTYPES = " + list(dtypes) + "\n";
        d += "INPUT_KINDS = " + list(kinds) + "\n";
        d += "INPUT_STREAMS = " + list(streams) + "  # positions among the spec's operands\n";
        d += "OUTPUT_DTYPE = " + jnp_dtype(out) + "\n";
        d += "DTYPE_NAME = \"" + std::string(to_string(first)) + "\"  # the first input's dtype\n";
        d += "# The spec's (rtol, atol), or None: the output dtype's base tolerance plus the\n"
             "# body's terms for its accumulation (E_ACC, E_OUT: the epsilons involved).\n";
        d += "TOLERANCE = " +
             (spec_.tolerance ? "(" + python_float(spec_.tolerance->rtol) + ", " +
                                    python_float(spec_.tolerance->atol) + ")"
                              : std::string("None")) +
             "\n";
        d += "BASE_TOLERANCE = (" + python_float(dtype_base_rtol(out)) + ", " +
             python_float(is_float(out) ? (out == DType::Float16 ? 1e-7 : 1e-30) : 0.0) + ")\n";
        d += "E_ACC = " + python_float(e_acc) + "\nE_OUT = " + python_float(e_out) + "\n";
        return d;
    }

    static std::string dict(const std::vector<std::pair<std::string, std::int64_t>>& items) {
        std::string out = "{";
        for (std::size_t i = 0; i < items.size(); ++i)
            out += (i ? ", " : "") + py::python_string(items[i].first).value_or("\"\"") + ": " +
                   std::to_string(items[i].second);
        return out + "}";
    }

    std::vector<std::string> shape_params() const {
        std::set<std::string> used;
        for (const auto& op : spec_.operands)
            for (const auto& s : op.shape)
                for (const auto& n : py::names_in_size(s)) used.insert(n);
        std::vector<std::string> out;
        for (const auto& [name, value] : params_)
            if (used.count(name)) out.push_back(py::python_string(name).value_or("\"\""));
        return out;
    }

    const Spec& spec_;
    const TargetProfile& target_;
    const std::vector<std::map<std::string, std::int64_t>>& candidates_;
    const BenchScriptOptions& options_;
    std::vector<std::pair<std::string, std::int64_t>> params_;
    std::set<std::string> param_names_;
    bench::BodyOperands operands_;
    bool has_float64_ = false;
    std::vector<std::string> errors_;
};

}  // namespace

BenchScript emit_bench_script(const Spec& spec, const TargetProfile& target,
                              const std::vector<std::map<std::string, std::int64_t>>& candidates,
                              const BenchScriptOptions& options) {
    return Emitter(spec, target, candidates, options).run();
}

}  // namespace tl
