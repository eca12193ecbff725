// Writing a spec: the document in documented key order, pretty-printed so that short lists
// and small objects stay on one line, and an atomic save to a file.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string_view>
#include <vector>

#include "core/spec/spec_io.h"

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

namespace tl {

namespace {

Json size_json(const SizeValue& v) {
    if (const auto* n = std::get_if<std::int64_t>(&v)) return *n;
    return std::get<std::string>(v);
}

Json sizes_json(const std::vector<SizeValue>& sizes) {
    Json out = Json::array();
    for (const auto& s : sizes) out.push_back(size_json(s));
    return out;
}

Json block_dim_json(const BlockDim& d) {
    switch (d.kind) {
        case BlockDim::Kind::Squeezed:
            return nullptr;
        case BlockDim::Kind::Element: {
            Json e = Json::object();
            e["element"] = size_json(d.size);
            e["padding"] = Json::array({d.pad_lo, d.pad_hi});
            return e;
        }
        case BlockDim::Kind::Blocked:
            break;
    }
    return size_json(d.size);
}

// Unknown keys go after the known ones; a key that collides with a known one is left out
// rather than written twice.
void append_extra(Json& out, const Json& extra) {
    if (!extra.is_object()) return;
    for (const auto& [key, value] : extra.items())
        if (!out.contains(key)) out[key] = value;
}

Json operand_json(const OperandSpec& op) {
    Json o = Json::object();
    o["name"] = op.name;
    o["role"] = std::string(to_string(op.role));
    o["shape"] = sizes_json(op.shape);
    o["dtype"] = std::string(to_string(op.dtype));
    if (op.block_shape) {
        Json b = Json::array();
        for (const auto& d : *op.block_shape) b.push_back(block_dim_json(d));
        o["block_shape"] = std::move(b);
    }
    if (op.index_map) o["index_map"] = *op.index_map;
    if (op.buffer_count != 2) o["buffer_count"] = op.buffer_count;
    if (op.zero_unread) o["unread"] = "zero";
    if (op.memory_space) o["memory_space"] = std::string(to_string(*op.memory_space));
    if (op.alias_of) o["alias_of"] = *op.alias_of;
    if (op.discard) o["discard"] = true;
    if (op.revisit != OutputRevisit::Immediate) o["revisit"] = std::string(to_string(op.revisit));
    if (op.data != InputData::Random) o["data"] = std::string(to_string(op.data));
    if (op.inner) {
        Json tile = Json::array();
        for (const auto& t : op.inner->tile) tile.push_back(t ? size_json(*t) : Json(nullptr));
        o["inner"] = Json{{"tile", std::move(tile)}};
        if (op.inner->buffers) o["inner"]["buffers"] = *op.inner->buffers;
    }
    append_extra(o, op.extra);
    return o;
}

Json prefetch_json(const ScalarPrefetchSpec& sp) {
    Json o = Json{{"name", sp.name}};
    if (!sp.shape.empty()) o["shape"] = sp.shape;
    o["values"] = sp.values;
    if (sp.dtype != DType::Int32) o["dtype"] = std::string(to_string(sp.dtype));
    return o;
}

Json scratch_json(const ScratchSpec& sc) {
    Json o = Json{{"name", sc.name}};
    if (sc.semaphore != ScratchSpec::Semaphore::None)
        o["semaphore"] = sc.semaphore == ScratchSpec::Semaphore::Dma ? "dma" : "regular";
    o["shape"] = sizes_json(sc.shape);
    if (sc.semaphore == ScratchSpec::Semaphore::None) {
        o["dtype"] = std::string(to_string(sc.dtype));
        o["memory_space"] = std::string(to_string(sc.memory_space));
    }
    return o;
}

Json python_json(const PythonSpec& py) {
    Json o = Json{{"file", py.file}, {"call", py.call}};
    Json args = Json::array();
    for (const auto& a : py.args) {
        if (a.none) {
            args.push_back(nullptr);
            continue;
        }
        Json j = Json{{"shape", sizes_json(a.shape)}, {"dtype", std::string(to_string(a.dtype))}};
        if (!a.values.empty())
            j["values"] = a.values;
        else if (a.data != InputData::Random)
            j["data"] = std::string(to_string(a.data));
        args.push_back(std::move(j));
    }
    o["args"] = std::move(args);
    if (!py.kwargs.empty()) o["kwargs"] = py.kwargs;
    if (py.reference) o["reference"] = *py.reference;
    if (py.entry) o["entry"] = *py.entry;
    return o;
}

Json sweep_json(const SweepSpec& s) {
    if (s.kind == SweepSpec::Kind::Off) return "off";
    Json params = Json::object();
    for (const auto& [name, values] : s.params) params[name] = values;
    Json out = Json::object();
    out["params"] = std::move(params);
    out["mode"] = s.mode == SweepSpec::Mode::Zip ? "zip" : "product";
    return out;
}

Json spec_json(const Spec& spec) {
    Json doc = Json::object();
    // A file stays at the version it was written in, and becomes 2 when it needs to.
    doc["tilelens"] = std::max(spec.version, required_version(spec));
    doc["name"] = spec.name;
    if (spec.description) doc["description"] = *spec.description;
    if (!spec.params.empty()) {
        Json p = Json::object();
        for (const auto& [name, value] : spec.params) p[name] = value;
        doc["params"] = std::move(p);
    }
    if (spec.python) doc["python"] = python_json(*spec.python);
    if (!spec.python) doc["grid"] = sizes_json(spec.grid);
    if (spec.dimension_semantics) {
        Json d = Json::array();
        for (const auto s : *spec.dimension_semantics) d.push_back(std::string(to_string(s)));
        doc["dimension_semantics"] = std::move(d);
    }
    if (!spec.scalar_prefetch.empty()) {
        Json list = Json::array();
        for (const auto& sp : spec.scalar_prefetch) list.push_back(prefetch_json(sp));
        doc["scalar_prefetch"] = std::move(list);
    }
    if (!spec.preconditions.empty()) doc["requires"] = spec.preconditions;
    if (!spec.scratch.empty()) {
        Json list = Json::array();
        for (const auto& sc : spec.scratch) list.push_back(scratch_json(sc));
        doc["scratch"] = std::move(list);
    }
    Json ops = Json::array();
    for (const auto& op : spec.operands) ops.push_back(operand_json(op));
    if (!spec.python) doc["operands"] = std::move(ops);
    if (spec.kernel) {
        Json k = Json::object();
        k["body"] = spec.kernel->body;
        append_extra(k, spec.kernel->options);
        doc["kernel"] = std::move(k);
    }
    if (spec.target) doc["target"] = *spec.target;
    doc["policy"] = Json{{"uninitialized", std::string(to_string(spec.uninitialized))},
                         {"revisit", std::string(to_string(spec.revisit))}};
    if (spec.tolerance)
        doc["tolerance"] = Json{{"rtol", spec.tolerance->rtol}, {"atol", spec.tolerance->atol}};
    doc["seed"] = spec.seed;
    if (spec.sweep.kind != SweepSpec::Kind::Auto) doc["sweep"] = sweep_json(spec.sweep);
    if (spec.target_overrides.is_object() && !spec.target_overrides.empty())
        doc["target_overrides"] = spec.target_overrides;
    if (spec.lesson) doc["lesson"] = *spec.lesson;
    append_extra(doc, spec.extra);
    return doc;
}

constexpr std::size_t kWidth = 100;

std::string scalar_text(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string compact(const Json& j) {
    if (!j.is_structured()) return scalar_text(j);
    const bool obj = j.is_object();
    std::string out = obj ? "{" : "[";
    bool first = true;
    for (const auto& [key, value] : j.items()) {
        if (!first) out += ", ";
        first = false;
        if (obj) out += scalar_text(Json(key)) + ": ";
        out += compact(value);
    }
    return out + (obj ? "}" : "]");
}

bool holds_object(const Json& j) {
    for (const auto& v : j)
        if (v.is_object()) return true;
    return false;
}

// Writes the members of `j` one after another, wrapping before the width and continuing
// just right of the opening bracket (the layout of the format's documented example).
// Returns false, writing nothing, when some member alone would not fit on a line.
bool flow(std::string& out, const Json& j, std::size_t column) {
    const bool obj = j.is_object();
    const std::size_t cont = column + 1;
    std::vector<std::string> items;
    for (const auto& [key, value] : j.items()) {
        items.push_back((obj ? scalar_text(Json(key)) + ": " : std::string()) + compact(value));
        if (cont + items.back().size() + 2 > kWidth) return false;
    }
    out += obj ? "{" : "[";
    std::size_t col = cont;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0 && col + 2 + items[i].size() + 2 > kWidth) {
            out += ",\n" + std::string(cont, ' ');
            col = cont;
        } else if (i > 0) {
            out += ", ";
            col += 2;
        }
        out += items[i];
        col += items[i].size();
    }
    out += obj ? "}" : "]";
    return true;
}

// `column` is where the value starts on its line; `level` 0 is the document.
void write(std::string& out, const Json& j, std::size_t column, int level) {
    if (!j.is_structured() || j.empty()) {
        out += compact(j);
        return;
    }
    // Lists of records (operands, scalar_prefetch) read best with one record per line.
    const bool record_list = level == 1 && j.is_array() && holds_object(j);
    if (level > 0 && !record_list) {
        const auto text = compact(j);
        if (column + text.size() + 1 <= kWidth) {
            out += text;
            return;
        }
        if (flow(out, j, column)) return;
    }
    const bool obj = j.is_object();
    const std::size_t indent = static_cast<std::size_t>(level) * 2 + 2;
    out += obj ? "{\n" : "[\n";
    std::size_t i = 0;
    for (const auto& [key, value] : j.items()) {
        out.append(indent, ' ');
        std::size_t col = indent;
        if (obj) {
            const auto k = scalar_text(Json(key)) + ": ";
            out += k;
            col += k.size();
        }
        write(out, value, col, level + 1);
        out += ++i < j.size() ? ",\n" : "\n";
    }
    out.append(indent - 2, ' ');
    out += obj ? "}" : "]";
}

}  // namespace

std::string save_spec(const Spec& spec) {
    std::string out;
    write(out, spec_json(spec), 0, 0);
    return out + "\n";
}

bool save_spec_file(const Spec& spec, const std::string& path, std::string* error) {
    namespace fs = std::filesystem;
    const auto fail = [&](std::string message) {
        if (error) *error = std::move(message);
        return false;
    };
    const std::string text = save_spec(spec);
    const fs::path target(path);
    std::random_device rd;
    const auto tmp =
        target.parent_path() / ("." + target.filename().string() + ".tmp-" + std::to_string(rd()));
    std::FILE* f = std::fopen(tmp.string().c_str(), "wb");
    if (f == nullptr) return fail("cannot create a temporary file next to " + path);
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
#if defined(__unix__) || defined(__APPLE__)
    ok = ok && ::fsync(::fileno(f)) == 0;  // the data must be on disk before the rename
#endif
    ok = std::fclose(f) == 0 && ok;
    std::error_code ec;
    if (!ok) {
        fs::remove(tmp, ec);
        return fail("cannot write " + path + " (disk full?)");
    }
    // Keep the permissions of the file being replaced.
    if (const auto st = fs::status(target, ec); !ec && fs::exists(st))
        fs::permissions(tmp, st.permissions(), ec);
    fs::rename(tmp, target, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(tmp, ignored);
        return fail("cannot replace " + path + ": " + ec.message());
    }
    return true;
}

}  // namespace tl
