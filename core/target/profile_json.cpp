// Reading target profiles from JSON: the catalog file and a spec's `target_overrides`. Both
// share one setter per figure so that a key means the same in either place.
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "core/expr/expr.h"
#include "core/expr/python.h"
#include "core/target/target.h"

namespace tl {
namespace {

constexpr std::array<DType, 9> kAllDtypes{DType::Float32, DType::BFloat16, DType::Float16,
                                          DType::Float64, DType::Int8,     DType::Int16,
                                          DType::Int32,   DType::UInt8,    DType::Bool};

// The keys target_overrides accepts; a catalog entry takes these and kEntryOnlyKeys.
// clang-format off
constexpr std::array<std::string_view, 14> kFigureKeys{
    "vmem_limit_bytes", "vmem_bytes", "hbm_bytes_per_s", "peak_flops", "cores", "megacore",
    "dtypes", "backend", "name", "grid_step_s", "mxu_size", "mma_shape",
    "transcendentals_per_s", "smem_bytes_per_s"};
// clang-format on
// vmem_limit_default is implied by an override of vmem_limit_bytes, so it is not one itself.
constexpr std::array<std::string_view, 8> kEntryOnlyKeys{
    "id",           "kind",          "source",  "notes", "vmem_limit_default",
    "memory_bytes", "compute_units", "l2_bytes"};

std::vector<std::string> names(const auto& keys) {
    return std::vector<std::string>(keys.begin(), keys.end());
}

std::string joined(const auto& keys) {
    std::string out;
    for (const auto& k : keys) {
        if (!out.empty()) out += ", ";
        out += k;
    }
    return out;
}

std::string_view group_of(std::string_view key) {
    if (key == "peak_flops") return "compute";
    if (key == "hbm_bytes_per_s") return "memory";
    if (key.starts_with("vmem")) return "vmem";
    if (key == "cores" || key == "megacore") return "cores";
    if (key == "dtypes") return "dtypes";
    if (key == "backend") return "rules";
    if (key == "grid_step_s") return "pipeline";
    if (key == "mxu_size" || key == "mma_shape") return "mxu";
    if (key == "transcendentals_per_s") return "transcendentals";
    if (key == "smem_bytes_per_s") return "smem";
    return "";
}

struct Ctx {
    Diagnostics* errors;
    bool fail(const std::string& path, const std::string& message) const {
        if (errors) errors->push_back({"", path, 0, 0, message});
        return false;
    }
};

// A JSON number that is a whole positive count (integral floats such as 16e6 included).
std::optional<std::int64_t> positive_integer(const Json& v) {
    if (v.is_number_integer() || v.is_number_unsigned()) {
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t{1} << 62)
            return std::nullopt;
        const auto n = v.get<std::int64_t>();
        return n > 0 ? std::optional(n) : std::nullopt;
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (d >= 1 && d <= 0x1p62 && std::floor(d) == d) return static_cast<std::int64_t>(d);
    }
    return std::nullopt;
}

std::optional<double> positive_number(const Json& v) {
    if (!v.is_number()) return std::nullopt;
    const double d = v.get<double>();
    return d > 0 && std::isfinite(d) ? std::optional(d) : std::nullopt;
}

bool set_peaks(TargetProfile& t, const Json& v, const std::string& path, const Ctx& ctx) {
    if (!v.is_object())
        return ctx.fail(path,
                        "expected an object of dtype -> operations per second, e.g. "
                        "{\"bfloat16\": 197e12}");
    std::map<DType, double> peaks = t.peak_flops;
    bool ok = true;
    for (const auto& [name, value] : v.items()) {
        const std::string p = path + "." + name;
        auto d = parse_dtype(name);
        if (!d) {
            std::vector<std::string> known;
            for (auto k : kAllDtypes) known.emplace_back(to_string(k));
            ok = ctx.fail(p, "unknown dtype '" + name + "'; known: " + std::string(known_dtypes()) +
                                 ";" + did_you_mean(name, known));
            continue;
        }
        if (value.is_null()) {
            peaks.erase(*d);  // no figure
        } else if (auto n = positive_number(value)) {
            peaks[*d] = *n;
        } else {
            ok = ctx.fail(p, "expected a positive number of operations per second, or null");
        }
    }
    if (ok) t.peak_flops = std::move(peaks);
    return ok;
}

bool set_dtypes(TargetProfile& t, const Json& v, const std::string& path, const Ctx& ctx) {
    if (!v.is_array()) return ctx.fail(path, "expected a list of dtype names");
    std::vector<DType> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string p = path + "[" + std::to_string(i) + "]";
        auto d = v[i].is_string() ? parse_dtype(v[i].get<std::string>()) : std::nullopt;
        if (!d) return ctx.fail(p, "expected one of " + std::string(known_dtypes()));
        out.push_back(*d);
    }
    t.dtypes = std::move(out);
    return true;
}

// Sets the figure `key` of `t`; false, with an error at `path`, when the value is wrong.
// The time model's figures (docs/report-format.md, "The time model").
bool is_model_figure(std::string_view key) {
    return key == "grid_step_s" || key == "smem_bytes_per_s" || key == "transcendentals_per_s" ||
           key == "mma_shape" || key == "mxu_size";
}

bool set_model_figure(TargetProfile& t, std::string_view key, const Json& v,
                      const std::string& path, const Ctx& ctx) {
    if (key == "grid_step_s") {
        if (v.is_null()) return t.grid_step_s.reset(), true;
        auto n = positive_number(v);
        if (n && *n < 1) return t.grid_step_s = *n, true;
        return ctx.fail(path,
                        "expected seconds per grid step (a positive number below 1), or null");
    }
    if (key == "smem_bytes_per_s") {
        if (v.is_null()) return t.smem_bytes_per_s.reset(), true;
        if (auto n = positive_number(v)) return t.smem_bytes_per_s = *n, true;
        return ctx.fail(path, "expected shared-memory bytes per second, all SMs together, or null");
    }
    if (key == "transcendentals_per_s") {
        if (v.is_null()) return t.transcendentals_per_s.reset(), true;
        if (auto n = positive_number(v)) return t.transcendentals_per_s = *n, true;
        return ctx.fail(path, "expected exponentials (and the like) per second, or null");
    }
    if (key == "mma_shape") {
        if (v.is_null()) return t.mma_shape.reset(), true;
        std::array<int, 3> shape{};
        bool ok = v.is_array() && v.size() == 3;
        for (std::size_t i = 0; ok && i < 3; ++i) {
            const auto n = positive_integer(v[i]);
            ok = n && *n <= 4096;
            if (ok) shape[i] = static_cast<int>(*n);
        }
        if (ok) return t.mma_shape = shape, true;
        return ctx.fail(path,
                        "expected [m, n, k], the tensor-core instruction's tile (e.g. "
                        "[64, 8, 16]), or null");
    }
    if (key == "mxu_size") {
        if (v.is_null()) return t.mxu_size.reset(), true;
        auto n = positive_integer(v);
        if (n && *n <= 4096) return t.mxu_size = static_cast<int>(*n), true;
        return ctx.fail(path, "expected the MXU's side in elements (e.g. 128), or null");
    }
    return false;
}

bool set_figure(TargetProfile& t, std::string_view key, const Json& v, const std::string& path,
                const Ctx& ctx) {
    auto optional_count = [&](std::optional<std::int64_t>& field) {
        if (v.is_null()) return field.reset(), true;
        if (auto n = positive_integer(v)) return field = *n, true;
        return ctx.fail(path, "expected a positive whole number of bytes, or null");
    };
    if (key == "vmem_limit_bytes") {
        // A kernel that computes its limit from its tiles: the expression is evaluated for
        // each instance (limit_for_params), so every tiling the planner tries gets its own.
        if (v.is_string()) {
            const std::string text = v.get<std::string>();
            if (text.find_first_not_of(" \t") == std::string::npos)
                return ctx.fail(path, "expected a number of bytes or an expression of the params");
            // Checked here for its syntax; its names are the spec's params, known per instance.
            std::map<std::string, std::int64_t> names;
            for (const auto& n : py::names_in_size(py::SizeText{text})) names[n] = 1;
            expr::Env env;
            env.params = &names;
            const auto compiled = expr::compile_expression(text, env);
            if (const auto* e = std::get_if<expr::Error>(&compiled))
                return ctx.fail(path, "'" + text + "': " + e->message +
                                          "; expected a number of bytes or an expression of the "
                                          "params such as \"4 * bm * bn\"");
            t.vmem_limit_expr = text;
            return true;
        }
        t.vmem_limit_expr.clear();
        return optional_count(t.vmem_limit_bytes);
    }
    if (key == "vmem_bytes") return optional_count(t.vmem_bytes);
    if (key == "hbm_bytes_per_s") {
        if (v.is_null()) return t.hbm_bytes_per_s.reset(), true;
        if (auto n = positive_number(v)) return t.hbm_bytes_per_s = *n, true;
        return ctx.fail(path, "expected a positive number of bytes per second, or null");
    }
    if (key == "peak_flops") return set_peaks(t, v, path, ctx);
    if (is_model_figure(key)) return set_model_figure(t, key, v, path, ctx);
    if (key == "cores") {
        if (v.is_null()) return t.cores.reset(), true;
        auto n = positive_integer(v);
        if (n && *n <= 1024) return t.cores = static_cast<int>(*n), true;
        return ctx.fail(path, "expected a positive whole number of cores, or null");
    }
    if (key == "megacore" || key == "vmem_limit_default") {
        if (!v.is_boolean()) return ctx.fail(path, "expected true or false");
        (key == "megacore" ? t.megacore : t.vmem_limit_default) = v.get<bool>();
        return true;
    }
    if (key == "dtypes") return set_dtypes(t, v, path, ctx);
    if (key == "backend") {
        if (t.kind != TargetKind::Gpu)
            return ctx.fail(path, "'" + t.id +
                                      "' is not a GPU target; backend applies to "
                                      "kind \"gpu\" only");
        const std::string s = v.is_string() ? v.get<std::string>() : "";
        if (s == "mosaic") return t.backend = GpuBackend::Mosaic, true;
        if (s == "triton") return t.backend = GpuBackend::Triton, true;
        return ctx.fail(path, "expected \"mosaic\" or \"triton\"");
    }
    if (key == "name") {
        if (!v.is_string() || v.get<std::string>().empty())
            return ctx.fail(path, "expected a non-empty string");
        t.display_name = v.get<std::string>();
        return true;
    }
    return ctx.fail(path, "unknown key");
}

// The budget can be raised up to the physical memory, never past it.
bool check_limit(const TargetProfile& t, const std::string& path, const Ctx& ctx) {
    if (!t.vmem_bytes || !t.vmem_limit_bytes || *t.vmem_limit_bytes <= *t.vmem_bytes) return true;
    return ctx.fail(path, "vmem_limit_bytes " + format_bytes(*t.vmem_limit_bytes) +
                              " exceeds the physical " + std::string(t.scratch_memory_name()) +
                              " of " + t.id + ", vmem_bytes " + format_bytes(*t.vmem_bytes) +
                              "; use at most " + std::to_string(*t.vmem_bytes));
}

// The device's own figures, in a catalog entry only: a spec has no use for overriding them.
bool set_device_figure(TargetProfile& t, const std::string& key, const Json& v,
                       const std::string& path, const Ctx& ctx) {
    if (v.is_null()) return true;
    const auto n = positive_integer(v);
    if (key == "memory_bytes") {
        if (n) return t.memory_bytes = *n, true;
        return ctx.fail(path, "expected the device memory in bytes, or null");
    }
    if (key == "l2_bytes") {
        if (n) return t.l2_bytes = *n, true;
        return ctx.fail(path, "expected the L2 cache in bytes, or null");
    }
    if (n && *n <= 100000) return t.compute_units = static_cast<int>(*n), true;
    return ctx.fail(path, "expected the number of SMs or compute units, or null");
}

std::optional<TargetProfile> read_entry(const Json& e, const std::string& path, const Ctx& ctx) {
    if (!e.is_object()) return ctx.fail(path, "expected an object"), std::nullopt;
    TargetProfile t;
    bool ok = true;
    const auto id = e.find("id");
    if (id == e.end() || !id->is_string() || id->get<std::string>().empty())
        return ctx.fail(path + ".id", "expected a non-empty string"), std::nullopt;
    t.id = t.display_name = id->get<std::string>();
    const auto kind = e.find("kind");
    const std::string k = kind != e.end() && kind->is_string() ? kind->get<std::string>() : "";
    if (k == "tpu") {
        t.kind = TargetKind::Tpu;
    } else if (k == "gpu") {
        t.kind = TargetKind::Gpu;
        t.backend = GpuBackend::Mosaic;  // unless the entry names another
    } else if (k == "interpret") {
        t.kind = TargetKind::Interpret;
    } else {
        ctx.fail(path + ".kind", "expected \"tpu\", \"gpu\" or \"interpret\"");
        return std::nullopt;
    }
    t.dtypes.assign(kAllDtypes.begin(), kAllDtypes.end());  // unless the entry lists them

    for (const auto& [key, v] : e.items()) {
        const std::string p = path + "." + key;
        if (key == "id" || key == "kind" || key == "notes") continue;
        if (key == "source") {
            if (!v.is_object()) {
                ok = ctx.fail(p, "expected an object of figure group -> source text");
                continue;
            }
            for (const auto& [g, s] : v.items()) {
                if (s.is_string())
                    t.sources[g] = s.get<std::string>();
                else
                    ok = ctx.fail(p + "." + g, "expected a string");
            }
            continue;
        }
        if (key == "memory_bytes" || key == "compute_units" || key == "l2_bytes") {
            ok = set_device_figure(t, key, v, p, ctx) && ok;
            continue;
        }
        if (key != "vmem_limit_default" &&
            std::find(kFigureKeys.begin(), kFigureKeys.end(), key) == kFigureKeys.end()) {
            auto known = names(kFigureKeys);
            known.insert(known.end(), kEntryOnlyKeys.begin(), kEntryOnlyKeys.end());
            ok = ctx.fail(p, "unknown key '" + key + "'; known: " + joined(known) + ";" +
                                 did_you_mean(key, known));
            continue;
        }
        ok = set_figure(t, key, v, p, ctx) && ok;
    }
    ok = check_limit(t, path + ".vmem_limit_bytes", ctx) && ok;
    return ok ? std::optional(std::move(t)) : std::nullopt;
}

// 1-based line and column of byte `offset` in `text`.
std::pair<int, int> line_column(std::string_view text, std::size_t offset) {
    int line = 1, col = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n')
            ++line, col = 1;
        else
            ++col;
    }
    return {line, col};
}

}  // namespace

std::string_view known_override_keys() {
    static const std::string keys = joined(kFigureKeys);
    return keys;
}

std::optional<TargetCatalog> load_targets(std::string_view json, Diagnostics* errors) {
    const Ctx ctx{errors};
    Json root;
    try {
        root = Json::parse(json.begin(), json.end());
    } catch (const Json::parse_error& e) {
        // e.byte is one past the offending character.
        const auto [line, col] = line_column(json, e.byte > 0 ? e.byte - 1 : 0);
        if (errors)
            errors->push_back({"", "", line, col, "malformed JSON: " + std::string(e.what())});
        return std::nullopt;
    } catch (const Json::out_of_range& e) {  // a number past a double's range ("1e999")
        if (errors) errors->push_back({"", "", 0, 0, "malformed JSON: " + std::string(e.what())});
        return std::nullopt;
    }
    if (!root.is_object()) return ctx.fail("", "expected a JSON object"), std::nullopt;
    const auto version = root.find("tilelens_targets");
    if (version == root.end() || !version->is_number_integer() || version->get<int>() != 1)
        return ctx.fail("tilelens_targets", "expected the format version, the integer 1"),
               std::nullopt;
    std::vector<std::string> notes;
    bool ok = true;
    if (auto n = root.find("notes"); n != root.end()) {
        if (!n->is_array())
            ok = ctx.fail("notes", "expected a list of strings");
        else
            for (std::size_t i = 0; i < n->size(); ++i) {
                if ((*n)[i].is_string())
                    notes.push_back((*n)[i].get<std::string>());
                else
                    ok = ctx.fail("notes[" + std::to_string(i) + "]", "expected a string");
            }
    }
    const auto list = root.find("targets");
    if (list == root.end() || !list->is_array())
        return ctx.fail("targets", "expected a list of target objects"), std::nullopt;
    std::vector<TargetProfile> targets;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string path = "targets[" + std::to_string(i) + "]";
        auto t = read_entry((*list)[i], path, ctx);
        if (!t) {
            ok = false;
            continue;
        }
        if (!seen.insert(t->id).second) {
            ok = ctx.fail(path + ".id", "duplicate target id '" + t->id + "'");
            continue;
        }
        targets.push_back(std::move(*t));
    }
    if (!ok) return std::nullopt;
    return TargetCatalog(std::move(targets), std::move(notes));
}

TargetProfile apply_overrides(const TargetProfile& base, const Json& overrides,
                              Diagnostics* errors) {
    const Ctx ctx{errors};
    if (overrides.is_null() || (overrides.is_object() && overrides.empty())) return base;
    if (!overrides.is_object()) {
        ctx.fail("target_overrides", "expected an object such as {\"vmem_limit_bytes\": 33554432}");
        return base;
    }
    TargetProfile t = base;
    for (const auto& [key, v] : overrides.items()) {
        const std::string path = "target_overrides." + key;
        if (std::find(kFigureKeys.begin(), kFigureKeys.end(), key) == kFigureKeys.end()) {
            ctx.fail(path, "unknown key '" + key + "'; known: " + joined(kFigureKeys) + ";" +
                               did_you_mean(key, names(kFigureKeys)));
            continue;
        }
        TargetProfile next = t;
        if (!set_figure(next, key, v, path, ctx)) continue;
        if (key == "vmem_limit_bytes") next.vmem_limit_default = false;
        next.overridden.push_back(key);
        if (auto g = group_of(key); !g.empty())
            next.sources[std::string(g)] = "override: target_overrides." + key;
        t = std::move(next);
    }
    // Checked once all keys are in, so that vmem_bytes and vmem_limit_bytes may come in
    // either order; blame the key that was given.
    const bool limit_given = overrides.contains("vmem_limit_bytes");
    const std::string path = limit_given || !overrides.contains("vmem_bytes")
                                 ? "target_overrides.vmem_limit_bytes"
                                 : "target_overrides.vmem_bytes";
    if (!check_limit(t, path, ctx)) {
        t.vmem_bytes = base.vmem_bytes;
        t.vmem_limit_bytes = base.vmem_limit_bytes;
        t.vmem_limit_default = base.vmem_limit_default;
        std::erase_if(t.overridden, [](const std::string& k) { return k.starts_with("vmem"); });
        if (auto it = base.sources.find("vmem"); it != base.sources.end())
            t.sources["vmem"] = it->second;
    }
    return t;
}

}  // namespace tl
