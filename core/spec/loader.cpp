// Loading a spec: the document, its top-level keys and the file itself. Operands, the kernel
// object and the format-2 tables (scalar prefetch, scratch, requires, lesson) are read in
// detail/load_operands.cpp, detail/load_kernel.cpp and detail/load_tables.cpp.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/base/format.h"
#include "core/spec/detail/reader.h"
#include "core/spec/json_path.h"
#include "core/spec/spec_io.h"

namespace tl {

namespace detail {

bool check_name_token(SpecReader& r, const std::string& name, const std::string& path,
                      std::string_view what) {
    if (!is_identifier(name)) {
        r.error(path, "'" + name + "' is not a valid " + std::string(what) +
                          " name; use letters, digits and _, not starting with a digit");
        return false;
    }
    if (is_reserved_word(name)) {
        r.error(path, "'" + name +
                          "' is a reserved word of the expression language; "
                          "choose another " +
                          std::string(what) + " name");
        return false;
    }
    return true;
}

}  // namespace detail

namespace {

using detail::check_name_token;
using detail::SpecReader;

const std::vector<std::string_view> kTopKeys = {"tilelens",
                                                "name",
                                                "description",
                                                "params",
                                                "grid",
                                                "dimension_semantics",
                                                "scalar_prefetch",
                                                "operands",
                                                "kernel",
                                                "target",
                                                "policy",
                                                "tolerance",
                                                "seed",
                                                "sweep",
                                                "target_overrides"};
const std::vector<std::string_view> kTopKeysV2 = {"scratch", "requires", "lesson", "python"};
// What a `python` spec takes from the recorded pallas_call instead of from the file.
const std::vector<std::string_view> kRecordedKeys = {
    "grid", "dimension_semantics", "scalar_prefetch", "operands", "kernel", "scratch"};

std::string axes_text(std::size_t n) {
    return std::to_string(n) + (n == 1 ? " axis" : " axes");
}

// Returns false when the document is from a newer format (nothing else is worth reporting).
bool read_version(SpecReader& r, const Json& doc) {
    const Json* v = r.require(doc, "", "tilelens", "; a spec starts with \"tilelens\": 2");
    if (v == nullptr) return true;
    const auto n = json_int64(*v);
    if (!n) {
        r.error("tilelens",
                "expected the integer 1 or 2 (the format version), got " + describe_json(*v));
    } else if (*n > kSpecFormatVersion) {
        r.error("tilelens", "written by a newer TileLens (format " + std::to_string(*n) +
                                "); this version reads formats 1 and 2");
        return false;
    } else if (*n < 1) {
        r.error("tilelens", "unknown format version " + std::to_string(*n) +
                                "; this version reads formats 1 and 2");
    } else {
        r.set_version(static_cast<int>(*n));
    }
    return true;
}

void read_name(SpecReader& r, const Json& doc, Spec* spec) {
    const Json* j = r.require(doc, "", "name");
    if (j == nullptr) return;
    auto s = r.read_string(*j, "name");
    if (!s) return;
    const auto bad = std::find_if_not(s->begin(), s->end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
    });
    const std::string rule = "; a spec name has 1 to 64 characters from A-Z a-z 0-9 _ . -";
    if (s->empty())
        r.error("name", "empty" + rule);
    else if (s->size() > 64)
        r.error("name", std::to_string(s->size()) + " characters" + rule);
    else if (bad != s->end())
        r.error("name",
                "'" + *s + "' contains " +
                    (static_cast<unsigned char>(*bad) >= 0x80 ? std::string("a non-ASCII character")
                                                              : "'" + std::string(1, *bad) + "'") +
                    ", which is not allowed" + rule);
    spec->name = *s;
}

// A param whose value is wrong still names something: it goes into *placeholders so that
// the expressions using it are not reported as unknown names as well.
void read_params(SpecReader& r, const Json& j, Spec* spec,
                 std::map<std::string, std::int64_t>* placeholders) {
    if (!r.expect_object(j, "params")) return;
    for (const auto& [key, value] : j.items()) {
        const auto path = path_key("params", key);
        const bool name_ok = check_name_token(r, key, path, "param");
        auto v = r.read_int(value, path);
        if (v) spec->params.emplace_back(key, *v);
        if (name_ok && !v) placeholders->emplace(key, 1);
    }
}

void read_sweep(SpecReader& r, const Json& j, Spec* spec) {
    if (j.is_string()) {
        if (auto c = r.read_choice(j, "sweep", {"auto", "off"}))
            spec->sweep.kind = *c == 0 ? SweepSpec::Kind::Auto : SweepSpec::Kind::Off;
        return;
    }
    if (!j.is_object()) {
        r.error("sweep", "expected \"auto\", \"off\" or {\"params\": {...}, \"mode\": ...}, got " +
                             describe_json(j));
        return;
    }
    spec->sweep.kind = SweepSpec::Kind::Params;
    r.check_keys(j, "sweep", {"params", "mode"}, nullptr);
    if (const Json* m = SpecReader::find(j, "mode"))
        if (auto c = r.read_choice(*m, "sweep.mode", {"product", "zip"}))
            spec->sweep.mode = *c == 0 ? SweepSpec::Mode::Product : SweepSpec::Mode::Zip;
    const Json* p = r.require(j, "sweep", "params");
    if (p == nullptr || !r.expect_object(*p, "sweep.params")) return;
    if (p->empty()) r.error("sweep.params", "name at least one param to sweep");
    for (const auto& [key, list] : p->items()) {
        const auto path = path_key("sweep.params", key);
        check_name_token(r, key, path, "param");
        if (!r.expect_array(list, path)) continue;
        if (list.empty()) r.error(path, "give at least one value");
        std::vector<std::int64_t> values;
        for (std::size_t i = 0; i < list.size(); ++i)
            if (auto v = r.read_int(list[i], path_index(path, i))) values.push_back(*v);
        if (values.size() != list.size()) continue;
        const auto& params = spec->sweep.params;
        if (spec->sweep.mode == SweepSpec::Mode::Zip && !params.empty() &&
            params.front().second.size() != values.size())
            r.error(path, "zip mode needs lists of equal length; '" + params.front().first +
                              "' has " + std::to_string(params.front().second.size()) +
                              " values, '" + key + "' has " + std::to_string(values.size()));
        spec->sweep.params.emplace_back(key, std::move(values));
    }
}

void read_grid(SpecReader& r, const Json& doc, bool prefetch_ok, Spec* spec) {
    const Json* j = r.require(doc, "", "grid");
    if (j == nullptr || !r.expect_array(*j, "grid")) return;
    for (std::size_t i = 0; i < j->size(); ++i) {
        auto v = r.read_size((*j)[i], path_index("grid", i), 0, "grid size");
        spec->grid.push_back(v.value_or(SizeValue{std::int64_t{1}}));
    }
    // Compiled index maps record which arguments each result reads in a 64-bit mask.
    if (spec->grid.size() + spec->scalar_prefetch.size() > 64) {
        r.error("grid",
                "an index map takes at most 64 arguments (grid axes plus scalar-prefetch "
                "arrays); this spec has " +
                    std::to_string(spec->grid.size() + spec->scalar_prefetch.size()));
        return;
    }
    // Index maps are checked only against a well-formed argument list (the rank of an
    // erroneous grid entry is still known, a broken scalar_prefetch list is not).
    if (prefetch_ok) r.set_grid_rank(static_cast<int>(spec->grid.size()));
}

void read_semantics(SpecReader& r, const Json& j, Spec* spec) {
    if (!r.expect_array(j, "dimension_semantics")) return;
    // The names as saved, then the spellings of pltpu's GridDimensionSemantics.
    static const std::vector<std::string_view> kChoices = {
        "parallel",       "arbitrary",       "core_parallel",       "subcore_parallel",
        "pltpu.PARALLEL", "pltpu.ARBITRARY", "pltpu.CORE_PARALLEL", "pltpu.SUBCORE_PARALLEL"};
    static const Semantics kValues[] = {Semantics::Parallel, Semantics::Arbitrary,
                                        Semantics::CoreParallel, Semantics::SubcoreParallel};
    std::vector<Semantics> out;
    int core_axes = 0;
    for (std::size_t i = 0; i < j.size(); ++i) {
        const auto path = path_index("dimension_semantics", i);
        const auto c = r.read_choice(j[i], path, kChoices);
        if (!c) continue;
        const Semantics s = kValues[*c % 4];
        if ((*c >= 2 && *c != 4 && *c != 5) &&
            !r.need_v2(path, "'" + j[i].get<std::string>() + "' is a version-2 value"))
            continue;
        if (s == Semantics::CoreParallel && ++core_axes == 2)
            r.error(path,
                    "a grid has at most one core_parallel axis (it splits the grid "
                    "across the chip's cores); make this one parallel");
        out.push_back(s);
    }
    if (r.grid_rank() >= 0 && j.size() != spec->grid.size())
        r.error("dimension_semantics",
                "has " + std::to_string(j.size()) + " entries but the grid has " +
                    axes_text(spec->grid.size()) + "; give one per grid axis");
    spec->dimension_semantics = std::move(out);
}

void read_policy(SpecReader& r, const Json& j, Spec* spec) {
    if (!r.expect_object(j, "policy")) return;
    r.check_keys(j, "policy", {"uninitialized", "revisit"}, nullptr);
    if (const Json* u = SpecReader::find(j, "uninitialized"))
        if (auto c = r.read_choice(*u, "policy.uninitialized", {"nan", "zero", "sentinel"}))
            spec->uninitialized = static_cast<Uninitialized>(*c);
    if (const Json* v = SpecReader::find(j, "revisit"))
        if (auto c = r.read_choice(*v, "policy.revisit", {"tpu", "ideal"}))
            spec->revisit = *c == 0 ? Revisit::Tpu : Revisit::Ideal;
}

void read_tolerance(SpecReader& r, const Json& j, Spec* spec) {
    if (!r.expect_object(j, "tolerance")) return;
    r.check_keys(j, "tolerance", {"rtol", "atol"}, nullptr);
    Tolerance t;
    bool ok = true;
    for (const auto& [key, field] : {std::pair{"rtol", &t.rtol}, std::pair{"atol", &t.atol}}) {
        const Json* v = r.require(j, "tolerance", key, " (give both rtol and atol)");
        const auto path = std::string("tolerance.") + key;
        if (v == nullptr) {
            ok = false;
        } else if (!v->is_number() || v->get<double>() < 0) {
            r.error(path, "expected a non-negative number, got " + describe_json(*v));
            ok = false;
        } else {
            *field = v->get<double>();
        }
    }
    if (ok) spec->tolerance = t;
}

// The params expressions may use while loading: the spec's, placeholders for params whose
// value is wrong, and names only a sweep introduces (at their first value), so that none of
// them is reported as an unknown name.
std::map<std::string, std::int64_t> check_params(const Spec& spec,
                                                 std::map<std::string, std::int64_t> out) {
    out.insert(spec.params.begin(), spec.params.end());
    for (const auto& [name, values] : spec.sweep.params)
        if (!values.empty()) out.emplace(name, values.front());
    return out;
}

// A `python` spec: the kernel file gives grid, operands, tables and body.
void read_python_document(SpecReader& r, const Json& doc, Spec* spec) {
    detail::read_python(r, *SpecReader::find(doc, "python"), spec);
    for (const auto key : kRecordedKeys)
        if (SpecReader::find(doc, key))
            r.error(std::string(key),
                    "comes from the pallas_call recorded from python.file; remove \"" +
                        std::string(key) +
                        "\" (or remove \"python\" to describe the kernel by hand)");
}

void read_document(SpecReader& r, const Json& doc, Spec* spec) {
    if (!doc.is_object()) {
        r.error("", "a spec must be a JSON object {...}, got " + describe_json(doc));
        return;
    }
    if (!read_version(r, doc)) return;
    r.check_keys(doc, "", kTopKeys, &spec->extra, kTopKeysV2);
    spec->version = r.version();
    read_name(r, doc, spec);
    if (const Json* j = SpecReader::find(doc, "description"))
        if (auto s = r.read_string(*j, "description")) spec->description = *s;
    std::map<std::string, std::int64_t> placeholders;
    if (const Json* j = SpecReader::find(doc, "params")) read_params(r, *j, spec, &placeholders);
    if (const Json* j = SpecReader::find(doc, "sweep")) read_sweep(r, *j, spec);
    r.set_params(check_params(*spec, std::move(placeholders)));
    const Json* python = SpecReader::find(doc, "python");
    if (python && r.version() >= 2) read_python_document(r, doc, spec);
    const std::size_t errors_before_prefetch = r.error_count();
    if (const Json* j = SpecReader::find(doc, "scalar_prefetch"); j && !spec->python)
        detail::read_prefetch(r, *j, spec);
    if (const Json* j = SpecReader::find(doc, "requires"); j && r.version() >= 2)
        detail::read_requires(r, *j, spec);
    if (!spec->python) {
        read_grid(r, doc, r.error_count() == errors_before_prefetch, spec);
        if (const Json* j = SpecReader::find(doc, "dimension_semantics"))
            read_semantics(r, *j, spec);
        if (const Json* j = r.require(doc, "", "operands")) detail::read_operands(r, *j, spec);
        if (const Json* j = SpecReader::find(doc, "kernel")) detail::read_kernel(r, *j, spec);
    }
    if (const Json* j = SpecReader::find(doc, "target")) {
        auto s = r.read_string(*j, "target");
        if (s && s->empty())
            r.error("target",
                    "empty target id; leave the key out for "
                    "\"interpret\"");
        if (s) spec->target = *s;
    }
    if (const Json* j = SpecReader::find(doc, "policy")) read_policy(r, *j, spec);
    if (const Json* j = SpecReader::find(doc, "tolerance")) read_tolerance(r, *j, spec);
    if (const Json* j = SpecReader::find(doc, "seed"))
        if (auto v = r.read_int(*j, "seed")) spec->seed = *v;
    if (const Json* j = SpecReader::find(doc, "target_overrides"))
        if (r.expect_object(*j, "target_overrides")) spec->target_overrides = *j;
    if (r.version() < 2) return;
    if (const Json* j = SpecReader::find(doc, "scratch"); j && !spec->python)
        detail::read_scratch(r, *j, spec);
    if (const Json* j = SpecReader::find(doc, "lesson")) detail::read_lesson(r, *j, spec);
}

}  // namespace

LoadResult load_spec(std::string_view json_text, const std::string& file_name) {
    LoadResult result;
    Json doc;
    if (!parse_json_document(json_text, file_name, &doc, &result.errors)) return result;
    Spec spec;
    SpecReader reader(file_name, &result.errors);
    read_document(reader, doc, &spec);
    if (result.errors.empty()) result.spec = std::move(spec);
    return result;
}

LoadResult load_spec_file(const std::string& path) {
    namespace fs = std::filesystem;
    LoadResult result;
    const auto fail = [&](std::string message) {
        result.errors.push_back({path, "", 0, 0, std::move(message)});
        return result;
    };
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        return fail("cannot read the file: " + (ec ? ec.message() : "no such file"));
    if (fs::is_directory(status)) return fail("is a folder, not a spec file");
    const std::uintmax_t max = kMaxSpecFileBytes;
    // `more`: the size read so far, when the whole size is not known (a pipe).
    const auto too_big = [&](std::uintmax_t size, bool more) {
        const auto n = static_cast<std::int64_t>(size);
        return fail(over_limit_message("the file", (more ? "more than " : "") + format_bytes(n),
                                       LimitId::SpecFileBytes,
                                       more ? std::nullopt : std::optional<std::int64_t>(n)));
    };
    if (const auto size = fs::file_size(path, ec); !ec && size > max) return too_big(size, false);
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(std::string("cannot open the file: ") + std::strerror(errno));
    // Read in pieces and stop at the limit: a pipe or a growing file has no size up front.
    std::string text;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > max) return too_big(text.size(), true);
    }
    if (in.bad()) return fail(std::string("error while reading the file: ") + std::strerror(errno));
    return load_spec(text, path);
}

}  // namespace tl
