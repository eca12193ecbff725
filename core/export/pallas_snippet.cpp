#include "core/export/pallas_snippet.h"

#include <algorithm>
#include <set>

#include "core/base/names.h"
#include "core/export/pallas_bodies.h"
#include "core/expr/python_pallas.h"

namespace tl {
namespace {

// Module-level names the snippet uses itself: a spec name equal to one of them is renamed.
const std::set<std::string>& snippet_names() {
    static const std::set<std::string> kNames{
        "jax",  "jnp",      "pl",       "pltpu",   "np",           "int",
        "bool", "min",      "max",      "abs",     "print",        "range",
        "len",  "__name__", "__file__", "__doc__", "__builtins__", "__import__"};
    return kNames;
}

// `base` as an unused safe Python name, with trailing underscores where needed.
std::string fresh(std::string base, std::set<std::string>& used) {
    if (base.starts_with(py::kReservedPrefix)) base = "p" + base;
    while (!py::is_safe_name(base) || used.count(base)) base += "_";
    used.insert(base);
    return base;
}

// The spec's name as a Python function name: '.' and '-' become '_'; a name the format
// would refuse (docs/spec-format.md, `name`) becomes "kernel".
std::string function_base(const std::string& name) {
    std::string out;
    for (const char c : name) {
        const bool word =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (!word && c != '.' && c != '-') return "kernel";
        out += word ? c : '_';
    }
    if (out.empty() || out.size() > 64) return "kernel";
    if (out[0] >= '0' && out[0] <= '9') out = "kernel_" + out;
    return out;
}

std::string semantics_code(Semantics s) {
    switch (s) {
        case Semantics::Parallel:
            return "pltpu.PARALLEL";
        case Semantics::Arbitrary:
            return "pltpu.ARBITRARY";
        case Semantics::CoreParallel:
            return "pltpu.CORE_PARALLEL";
        case Semantics::SubcoreParallel:
            break;
    }
    return "pltpu.SUBCORE_PARALLEL";
}

std::string memory_code(MemorySpace m) {
    switch (m) {
        case MemorySpace::Vmem:
            return "pltpu.VMEM";
        case MemorySpace::Smem:
            return "pltpu.SMEM";
        case MemorySpace::Any:
            return "pltpu.ANY";
        case MemorySpace::Hbm:
            break;
    }
    return "pltpu.HBM";
}

std::string tuple_code(const std::vector<std::string>& items) {
    std::string out = "(";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + (items.size() == 1 ? ",)" : ")");
}

// Comma-separated items wrapped at `width`, each line after the first starting with `indent`.
std::string wrapped(const std::vector<std::string>& items, std::size_t width,
                    const std::string& indent, std::size_t first = 0) {
    std::string out, line(first, ' ');
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
        if (line.find_first_not_of(' ') != std::string::npos &&
            indent.size() + line.size() + 1 + item.size() > width) {
            out += line + "\n" + indent;
            line.clear();
        }
        line += (line.find_first_not_of(' ') == std::string::npos ? "" : " ") + item;
    }
    return (out + line).substr(first);
}

// Everything the snippet is built from, with the Python names chosen once.
class Writer {
public:
    explicit Writer(const Spec& spec) : spec_(spec) {}

    PallasSnippet write() {
        PallasSnippet out;
        if (spec_.python) {
            out.errors.push_back(
                "python: the kernel of this spec is its Python file (python.file); record it "
                "with 'tilelens-audit import --inline' to get a spec with its BlockSpecs");
            return out;
        }
        check_names();
        if (errors_.empty()) choose_names();
        std::string rest;
        if (errors_.empty()) {
            // In this order: the kernel's body chooses the scratch the wrapper lists.
            rest = params();
            rest += kernel();
            rest += wrapper();
            rest += demo();
        }
        if (!errors_.empty()) {
            out.errors = errors_;
            return out;
        }
        out.code = header() + "\n" + imports() + rest;
        out.function = wrapper_;
        out.kernel = kernel_;
        out.arguments = arguments_;
        return out;
    }

private:
    void check(const std::string& path, const std::string& name) {
        if (!is_identifier(name))
            errors_.push_back(path + ": '" + name +
                              "' is not an identifier ([A-Za-z_][A-Za-z0-9_]*); rename it");
    }

    void check_names() {
        for (std::size_t i = 0; i < spec_.params.size(); ++i)
            check("params[" + std::to_string(i) + "]", spec_.params[i].first);
        for (std::size_t i = 0; i < spec_.scalar_prefetch.size(); ++i)
            check("scalar_prefetch[" + std::to_string(i) + "].name", spec_.scalar_prefetch[i].name);
        for (std::size_t i = 0; i < spec_.operands.size(); ++i)
            check("operands[" + std::to_string(i) + "].name", spec_.operands[i].name);
        for (std::size_t i = 0; i < spec_.scratch.size(); ++i)
            check("scratch[" + std::to_string(i) + "].name", spec_.scratch[i].name);
        for (std::size_t i = 0; i < spec_.operands.size(); ++i) {
            const auto& alias = spec_.operands[i].alias_of;
            if (alias && input_index(*alias) < 0)
                errors_.push_back("operands[" + std::to_string(i) + "].alias_of: '" + *alias +
                                  "' is not an input");
        }
    }

    void choose_names() {
        module_ = snippet_names();
        for (const auto& [name, value] : spec_.params) names_.params[name] = fresh(name, module_);
        const std::string base = function_base(spec_.name);
        kernel_ = fresh(base + "_kernel", module_);
        wrapper_ = fresh(base, module_);
        main_ = fresh("main", module_);
        names_.taken = module_;
        std::set<std::string> locals = module_;
        for (const auto& t : spec_.scalar_prefetch) table_names_.push_back(fresh(t.name, locals));
        for (const auto& op : spec_.operands) operand_names_.push_back(fresh(op.name, locals));
        for (const auto& sc : spec_.scratch) scratch_names_.push_back(fresh(sc.name, locals));
        arguments_ = table_names_;
        for (std::size_t i = 0; i < spec_.operands.size(); ++i)
            if (spec_.operands[i].role == Role::Input) arguments_.push_back(operand_names_[i]);
        locals_ = locals;
    }

    int input_index(const std::string& name) const {
        for (std::size_t i = 0; i < spec_.operands.size(); ++i)
            if (spec_.operands[i].name == name && spec_.operands[i].role == Role::Input)
                return static_cast<int>(i);
        return -1;
    }

    std::string size(const SizeValue& s, const std::string& path) {
        const py::Printed p = py::pallas_size(s, names_);
        if (!p.error.empty()) errors_.push_back(path + ":" + p.error);
        return p.code;
    }

    std::string sizes(const std::vector<SizeValue>& list, const std::string& path) {
        std::vector<std::string> items;
        for (std::size_t i = 0; i < list.size(); ++i)
            items.push_back(size(list[i], path + "[" + std::to_string(i) + "]"));
        return tuple_code(items);
    }

    std::string header() const {
        std::string out = python_comment("Pallas code for the TileLens spec " + spec_.name +
                                         " (format " + std::to_string(spec_.version) + ").");
        if (spec_.description) out += "#\n" + python_comment(*spec_.description);
        return out;
    }

    std::string params() {
        if (spec_.params.empty()) return {};
        std::string out = "\n# Sizes (the spec's params).\n";
        for (const auto& [name, value] : spec_.params)
            out += names_.params.at(name) + " = " + std::to_string(value) + "\n";
        return out;
    }

    std::string block_text(const OperandSpec& op, const std::string& path) {
        std::vector<std::string> dims;
        for (std::size_t d = 0; d < op.block_shape->size(); ++d) {
            const BlockDim& b = (*op.block_shape)[d];
            const std::string at = path + ".block_shape[" + std::to_string(d) + "]";
            if (b.kind == BlockDim::Kind::Squeezed) {
                dims.emplace_back("None");
            } else if (b.kind == BlockDim::Kind::Element) {
                std::string e = "pl.Element(" + size(b.size, at);
                if (b.pad_lo || b.pad_hi)
                    e += ", (" + std::to_string(b.pad_lo) + ", " + std::to_string(b.pad_hi) + ")";
                dims.push_back(e + ")");
            } else {
                dims.push_back(size(b.size, at));
            }
        }
        return tuple_code(dims);
    }

    std::string kernel() {
        PallasBody body = kernel_body();
        std::vector<std::string> refs = table_names_, notes;
        for (std::size_t i = 0; i < table_names_.size(); ++i)
            notes.push_back(table_names_[i] + ": scalar-prefetch table, " +
                            std::string(to_string(spec_.scalar_prefetch[i].dtype)) + ", in SMEM");
        for (const Role role : {Role::Input, Role::Output})
            for (std::size_t i = 0; i < spec_.operands.size(); ++i) {
                if (spec_.operands[i].role != role) continue;
                refs.push_back(operand_names_[i]);
                notes.push_back(operand_note(i));
            }
        for (std::size_t i = 0; i < spec_.scratch.size(); ++i) {
            refs.push_back(scratch_names_[i]);
            notes.push_back(scratch_names_[i] + ": scratch " + scratch_code(i));
        }
        for (const auto& [name, code] : body.scratch) {
            refs.push_back(name);
            notes.push_back(name + ": scratch " + code + ", the body's own");
            uses_pltpu_ = true;
        }
        body_scratch_ = body.scratch;
        std::string out =
            "\n\ndef " + kernel_ + "(" + wrapped(refs, 92, "        ", kernel_.size() + 5) + "):\n";
        for (const auto& n : notes) out += "    # " + n + "\n";
        return out + body.code;
    }

    // What the body sees of each operand, for pallas_body (core/export/pallas_bodies.h).
    BodyOperand body_operand(std::size_t i) {
        const OperandSpec& op = spec_.operands[i];
        const std::string path = "operands[" + std::to_string(i) + "]";
        BodyOperand b{operand_names_[i], op.dtype, {}, {}, op.is_manual_dma()};
        for (std::size_t d = 0; d < op.shape.size(); ++d)
            b.shape.push_back(size(op.shape[d], path + ".shape[" + std::to_string(d) + "]"));
        if (!op.block_shape) {
            b.block = b.shape;
            return b;
        }
        for (std::size_t d = 0; d < op.block_shape->size(); ++d) {
            const BlockDim& dim = (*op.block_shape)[d];
            if (dim.kind != BlockDim::Kind::Squeezed)
                b.block.push_back(size(dim.size, path + ".block_shape[" + std::to_string(d) + "]"));
        }
        return b;
    }

    PallasBody kernel_body() {
        BodyInput in;
        in.kernel = spec_.kernel ? &*spec_.kernel : nullptr;
        in.grid_rank = static_cast<int>(spec_.grid.size());
        for (std::size_t i = 0; i < spec_.operands.size(); ++i)
            (spec_.operands[i].role == Role::Input ? in.inputs : in.outputs)
                .push_back(body_operand(i));
        for (std::size_t i = 0; i < spec_.scratch.size(); ++i) {
            const ScratchSpec& sc = spec_.scratch[i];
            BodyScratch b{scratch_names_[i], sc.dtype, {}, false};
            for (std::size_t d = 0; d < sc.shape.size(); ++d)
                b.shape.push_back(size(sc.shape[d], "scratch[" + std::to_string(i) + "].shape[" +
                                                        std::to_string(d) + "]"));
            b.vmem_buffer = sc.semaphore == ScratchSpec::Semaphore::None &&
                            sc.memory_space == MemorySpace::Vmem;
            in.scratch.push_back(std::move(b));
        }
        return pallas_body(in, locals_);
    }

    std::string operand_note(std::size_t i) {
        const OperandSpec& op = spec_.operands[i];
        const std::string path = "operands[" + std::to_string(i) + "]";
        std::string note = operand_names_[i] + ": " + std::string(to_string(op.role)) + " " +
                           std::string(to_string(op.dtype)) + " " +
                           sizes(op.shape, path + ".shape");
        if (op.is_manual_dma()) return note + ", whole array in HBM (copied by the body)";
        if (op.block_shape) note += ", blocks " + block_text(op, path);
        if (op.discard) note += ", discarded by the caller";
        if (op.data != InputData::Random)
            note += ", TileLens fills it with " + std::string(to_string(op.data));
        return note;
    }

    std::string scratch_code(std::size_t i) {
        const ScratchSpec& sc = spec_.scratch[i];
        const std::string shape = sizes(sc.shape, "scratch[" + std::to_string(i) + "].shape");
        uses_pltpu_ = true;
        if (sc.semaphore == ScratchSpec::Semaphore::Dma)
            return "pltpu.SemaphoreType.DMA(" + shape + ")";
        if (sc.semaphore == ScratchSpec::Semaphore::Regular)
            return "pltpu.SemaphoreType.REGULAR(" + shape + ")";
        return memory_code(sc.memory_space) + "(" + shape + ", " + python_dtype(sc.dtype) + ")";
    }

    std::string block_spec(std::size_t i) {
        const OperandSpec& op = spec_.operands[i];
        const std::string path = "operands[" + std::to_string(i) + "]";
        std::vector<std::string> args;
        if (!op.is_manual_dma()) {
            if (op.block_shape)
                args.push_back(block_text(op, path));
            else if (op.index_map)
                args.push_back(sizes(op.shape, path + ".shape"));  // the whole array
            if (op.index_map) {
                const py::Printed p =
                    py::pallas_index_map(*op.index_map, static_cast<int>(spec_.grid.size()),
                                         table_source_names(), names_);
                if (!p.error.empty()) errors_.push_back(path + ".index_map:" + p.error);
                args.push_back(p.code);
            }
        }
        if (op.memory_space) {
            uses_pltpu_ = true;
            args.push_back("memory_space=" + memory_code(*op.memory_space));
        }
        if (op.buffer_count != 2 || op.revisit == OutputRevisit::Any)
            args.push_back(
                "pipeline_mode=pl.Buffered(" + std::to_string(op.buffer_count) +
                (op.revisit == OutputRevisit::Any ? ", revisit=pl.RevisitMode.ANY)" : ")"));
        std::string out = "pl.BlockSpec(";
        for (std::size_t a = 0; a < args.size(); ++a) out += (a ? ", " : "") + args[a];
        return out + ")";
    }

    std::vector<std::string> table_source_names() const {
        std::vector<std::string> names;
        for (const auto& t : spec_.scalar_prefetch) names.push_back(t.name);
        return names;
    }

    std::vector<std::size_t> of_role(Role role) const {
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < spec_.operands.size(); ++i)
            if (spec_.operands[i].role == role) out.push_back(i);
        return out;
    }

    // The specs (in_specs, out_specs, scratch_shapes, grid) at `indent`.
    std::string grid_args(const std::string& indent) {
        std::string out = indent + "grid=" + sizes(spec_.grid, "grid") + ",\n";
        out += indent + "in_specs=[\n";
        for (const std::size_t i : of_role(Role::Input))
            out += indent + "    " + block_spec(i) + ",\n";
        out += indent + "],\n";
        const auto outputs = of_role(Role::Output);
        if (outputs.size() == 1) {
            out += indent + "out_specs=" + block_spec(outputs[0]) + ",\n";
        } else {
            out += indent + "out_specs=[\n";
            for (const std::size_t i : outputs) out += indent + "    " + block_spec(i) + ",\n";
            out += indent + "],\n";
        }
        if (!spec_.scratch.empty() || !body_scratch_.empty()) {
            out += indent + "scratch_shapes=[\n";
            for (std::size_t i = 0; i < spec_.scratch.size(); ++i)
                out += indent + "    " + scratch_code(i) + ",\n";
            for (const auto& sc : body_scratch_) out += indent + "    " + sc.second + ",\n";
            out += indent + "],\n";
        }
        return out;
    }

    std::string out_shape() {
        const auto outputs = of_role(Role::Output);
        std::vector<std::string> shapes;
        for (const std::size_t i : outputs)
            shapes.push_back(
                "jax.ShapeDtypeStruct(" +
                sizes(spec_.operands[i].shape, "operands[" + std::to_string(i) + "].shape") + ", " +
                python_dtype(spec_.operands[i].dtype) + ")");
        if (shapes.size() == 1) return "        out_shape=" + shapes[0] + ",\n";
        std::string out = "        out_shape=[\n";
        for (const auto& s : shapes) out += "            " + s + ",\n";
        return out + "        ],\n";
    }

    std::string aliases() const {
        std::vector<std::string> pairs;
        const auto inputs = of_role(Role::Input), outputs = of_role(Role::Output);
        for (std::size_t o = 0; o < outputs.size(); ++o) {
            const auto& alias = spec_.operands[outputs[o]].alias_of;
            if (!alias) continue;
            const auto at = std::find(inputs.begin(), inputs.end(),
                                      static_cast<std::size_t>(input_index(*alias)));
            const auto in =
                spec_.scalar_prefetch.size() + static_cast<std::size_t>(at - inputs.begin());
            pairs.push_back(std::to_string(in) + ": " + std::to_string(o));
        }
        if (pairs.empty()) return {};
        std::string out = "        input_output_aliases={";
        for (std::size_t i = 0; i < pairs.size(); ++i) out += (i ? ", " : "") + pairs[i];
        return out + "},\n";
    }

    std::string compiler_params() {
        std::vector<std::string> args;
        if (spec_.dimension_semantics) {
            std::vector<std::string> items;
            for (const Semantics s : *spec_.dimension_semantics) items.push_back(semantics_code(s));
            args.push_back("dimension_semantics=" + tuple_code(items));
        }
        const auto limit = spec_.target_overrides.find("vmem_limit_bytes");
        if (limit != spec_.target_overrides.end() && limit->is_number_integer())
            args.push_back("vmem_limit_bytes=" + std::to_string(limit->get<std::int64_t>()));
        else if (limit != spec_.target_overrides.end() && limit->is_string())  // per tiling
            args.push_back("vmem_limit_bytes=" + size(SizeValue{limit->get<std::string>()},
                                                      "target_overrides.vmem_limit_bytes"));
        if (args.empty()) return {};
        uses_pltpu_ = true;
        std::string out = "        compiler_params=pltpu.CompilerParams(\n";
        for (const auto& a : args) out += "            " + a + ",\n";
        return out + "        ),\n";
    }

    std::string wrapper() {
        std::string out = "\n\ndef " + wrapper_ + "(" +
                          wrapped(arguments_, 92, "        ", wrapper_.size() + 5) +
                          "):\n    return pl.pallas_call(\n        " + kernel_ + ",\n";
        if (!spec_.scalar_prefetch.empty()) {
            uses_pltpu_ = true;
            out +=
                "        grid_spec=pltpu.PrefetchScalarGridSpec(\n            "
                "num_scalar_prefetch=" +
                std::to_string(spec_.scalar_prefetch.size()) + ",\n" + grid_args("            ") +
                "        ),\n";
        } else {
            out += grid_args("        ");
        }
        out += out_shape() + aliases() + compiler_params();
        return out + "    )(" + wrapped(arguments_, 92, "      ") + ")\n";
    }

    std::string table_value(std::size_t t) const {
        const ScalarPrefetchSpec& sp = spec_.scalar_prefetch[t];
        std::vector<std::string> values;
        for (const auto v : sp.values) values.push_back(std::to_string(v));
        const std::string lead = "    " + table_names_[t] + " = jnp.array([";
        std::string out = "jnp.array([" + wrapped(values, 92, "        ", lead.size()) + "], " +
                          python_dtype(sp.dtype) + ")";
        if (sp.shape.size() > 1) {
            std::vector<std::string> dims;
            for (const auto d : sp.shape) dims.push_back(std::to_string(d));
            out += ".reshape(" + tuple_code(dims) + ")";
        }
        return out;
    }

    std::string demo() {
        std::set<std::string> used = locals_;
        std::string out = "\n\ndef " + main_ + "():\n";
        out +=
            "    # The call on arrays of the spec's shapes (zeros; the tables as in the spec).\n";
        for (std::size_t t = 0; t < table_names_.size(); ++t)
            out += "    " + table_names_[t] + " = " + table_value(t) + "\n";
        for (std::size_t i = 0; i < spec_.operands.size(); ++i) {
            const OperandSpec& op = spec_.operands[i];
            if (op.role != Role::Input) continue;
            out += "    " + operand_names_[i] + " = jnp.zeros(" +
                   sizes(op.shape, "operands[" + std::to_string(i) + "].shape") + ", " +
                   python_dtype(op.dtype) + ")\n";
        }
        const std::string result = fresh("out", used), each = fresh("a", used);
        out +=
            "    " + result + " = " + wrapper_ + "(" + wrapped(arguments_, 92, "        ") + ")\n";
        if (of_role(Role::Output).size() == 1)
            out += "    print(" + result + ".shape, " + result + ".dtype)\n";
        else
            out += "    for " + each + " in " + result + ":\n        print(" + each + ".shape, " +
                   each + ".dtype)\n";
        return out + "\n\nif __name__ == \"__main__\":\n    " + main_ + "()\n";
    }

    // Written last, once it is known whether pltpu is used.
    std::string imports() const {
        std::string out =
            "import jax\nimport jax.numpy as jnp\nfrom jax.experimental import pallas as pl\n";
        if (uses_pltpu_) out += "from jax.experimental.pallas import tpu as pltpu\n";
        return out;
    }

    const Spec& spec_;
    std::vector<std::string> errors_;
    py::PallasNames names_;
    std::set<std::string> module_, locals_;
    std::string kernel_, wrapper_, main_;
    std::vector<std::string> table_names_, operand_names_, scratch_names_, arguments_;
    std::vector<std::pair<std::string, std::string>> body_scratch_;  // added by the body
    bool uses_pltpu_ = false;
};

// One code point of UTF-8 at text[i]: its value and length, or length 0 when invalid.
std::pair<std::uint32_t, std::size_t> code_point(std::string_view text, std::size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const int extra = c < 0x80           ? 0
                      : (c >> 5) == 0x6  ? 1
                      : (c >> 4) == 0xe  ? 2
                      : (c >> 3) == 0x1e ? 3
                                         : -1;
    if (extra < 0 || (extra > 0 && i + static_cast<std::size_t>(extra) >= text.size()))
        return {0, 0};
    std::uint32_t cp = extra == 0 ? c : c & (0x3fu >> extra);
    for (int k = 1; k <= extra; ++k) {
        const auto cc = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
        if ((cc >> 6) != 0x2) return {0, 0};
        cp = (cp << 6) | (cc & 0x3f);
    }
    const bool overlong =
        (extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000);
    if (overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return {0, 0};
    return {cp, static_cast<std::size_t>(extra) + 1};
}

// Words of `text` with every control or line-breaking character read as a space.
std::vector<std::string> comment_words(std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    for (std::size_t i = 0; i < text.size();) {
        const auto [cp, length] = code_point(text, i);
        const bool space = length != 0 && (cp <= 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) ||
                                           cp == 0x2028 || cp == 0x2029 || cp == 0xfeff);
        if (space) {
            if (!word.empty()) words.push_back(std::move(word));
            word.clear();
        } else {
            word += length == 0 ? std::string("?") : std::string(text.substr(i, length));
        }
        i += length == 0 ? 1 : length;
    }
    if (!word.empty()) words.push_back(std::move(word));
    return words;
}

}  // namespace

PallasSnippet pallas_snippet(const Spec& spec) {
    return Writer(spec).write();
}

std::string python_comment(std::string_view text, std::size_t width, std::string_view indent) {
    const std::string lead = std::string(indent) + "#";
    std::string out, line = lead;
    for (const auto& word : comment_words(text)) {
        if (line.size() > lead.size() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = lead;
        }
        line += " " + word;
    }
    return out + line + "\n";
}

}  // namespace tl
