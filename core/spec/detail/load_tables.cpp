// Loading the spec's tables: scalar-prefetch arrays (format 2 adds shapes, nested lists and a
// dtype), scratch buffers, `requires` and the lesson (docs/spec-format.md, "Top-level keys":
// `scalar_prefetch`, `scratch`, `requires` and `lesson`).
#include <algorithm>

#include "core/spec/detail/reader.h"
#include "core/spec/json_path.h"

namespace tl::detail {

namespace {

constexpr int kMaxTableRank = 6;

bool used_name(const Spec& spec, const std::string& name) {
    for (const auto& sp : spec.scalar_prefetch)
        if (sp.name == name) return true;
    for (const auto& sc : spec.scratch)
        if (sc.name == name) return true;
    return false;
}

// Flattens nested lists row-major into *values and records each level's length in *shape;
// false (with an error) when the nesting is ragged or holds a non-integer.
bool flatten(SpecReader& r, const Json& j, const std::string& path, std::size_t depth,
             std::vector<std::int64_t>* shape, std::vector<std::int64_t>* values) {
    if (!j.is_array()) {
        if (depth != shape->size()) {
            r.error(path, "expected a list at this depth (the rows must all be nested alike)");
            return false;
        }
        const auto v = r.read_int(j, path);
        if (v) values->push_back(*v);
        return v.has_value();
    }
    const auto n = static_cast<std::int64_t>(j.size());
    if (depth == shape->size()) {
        if (depth > 0 && !values->empty()) {
            r.error(path, "expected an integer at this depth (the rows must all be nested alike)");
            return false;
        }
        if (depth >= static_cast<std::size_t>(kMaxTableRank)) {
            r.error(path, "a table has at most 6 dimensions");
            return false;
        }
        shape->push_back(n);
    } else if ((*shape)[depth] != n) {
        r.error(path, "has " + std::to_string(n) + " entries but the rows before it have " +
                          std::to_string((*shape)[depth]) + "; a table's rows have equal length");
        return false;
    }
    for (std::size_t k = 0; k < j.size(); ++k)
        if (!flatten(r, j[k], path_index(path, k), depth + 1, shape, values)) return false;
    return true;
}

std::optional<std::vector<std::int64_t>> read_table_shape(SpecReader& r, const Json& j,
                                                          const std::string& path) {
    if (!r.expect_array(j, path)) return std::nullopt;
    if (j.empty() || j.size() > static_cast<std::size_t>(kMaxTableRank)) {
        r.error(path, "a table has 1 to 6 dimensions, got " + std::to_string(j.size()));
        return std::nullopt;
    }
    std::vector<std::int64_t> shape;
    for (std::size_t k = 0; k < j.size(); ++k) {
        const auto v = r.read_int(j[k], path_index(path, k));
        if (!v) return std::nullopt;
        if (*v < 1) {
            r.error(path_index(path, k), "a table dimension has at least 1 entry");
            return std::nullopt;
        }
        shape.push_back(*v);
    }
    return shape;
}

// The entry's "name": an identifier no other table, scratch buffer or operand uses.
std::string read_entry_name(SpecReader& r, const Json& j, const std::string& path, const Spec& spec,
                            std::string_view what) {
    const Json* n = r.require(j, path, "name");
    auto s = n ? r.read_string(*n, path + ".name") : std::nullopt;
    if (!s) return {};
    check_name_token(r, *s, path + ".name", what);
    if (used_name(spec, *s)) r.error(path + ".name", "the name '" + *s + "' is used twice");
    for (const auto& op : spec.operands)
        if (op.name == *s) r.error(path + ".name", "'" + *s + "' is already an operand's name");
    return *s;
}

void read_prefetch_entry(SpecReader& r, const Json& j, const std::string& path, Spec* spec) {
    r.check_keys(j, path, {"name", "values"}, nullptr, {"shape", "dtype"});
    ScalarPrefetchSpec sp;
    sp.name = read_entry_name(r, j, path, *spec, "scalar-prefetch");
    std::vector<std::int64_t> nested;  // the shape the nesting gives
    if (const Json* v = r.require(j, path, "values"); v && r.expect_array(*v, path + ".values")) {
        const bool is_nested =
            std::any_of(v->begin(), v->end(), [](const Json& e) { return e.is_array(); });
        if (is_nested && r.need_v2(path + ".values",
                                   "nested lists of values are a version-2 "
                                   "feature")) {
            flatten(r, *v, path + ".values", 0, &nested, &sp.values);
        } else if (!is_nested) {
            for (std::size_t k = 0; k < v->size(); ++k)
                if (auto x = r.read_int((*v)[k], path_index(path + ".values", k)))
                    sp.values.push_back(*x);
        }
    }
    if (nested.size() > 1) sp.shape = nested;
    if (const Json* s = SpecReader::find(j, "shape"); s && r.version() >= 2) {
        if (auto shape = read_table_shape(r, *s, path + ".shape")) {
            std::int64_t count = 1;
            bool too_many = false;  // a product past int64 holds more values than any table
            for (const auto d : *shape)
                too_many = too_many || __builtin_mul_overflow(count, d, &count);
            if (!nested.empty() && nested.size() > 1 && nested != *shape)
                r.error(path + ".shape", "does not match the nesting of values");
            else if (too_many || count != static_cast<std::int64_t>(sp.values.size()))
                r.error(path + ".shape",
                        "holds " +
                            (too_many ? std::string("more than 2^63") : std::to_string(count)) +
                            " values but the table lists " + std::to_string(sp.values.size()));
            else if (shape->size() > 1)
                sp.shape = *shape;
        }
    }
    if (const Json* d = SpecReader::find(j, "dtype"); d && r.version() >= 2)
        if (auto s = r.read_string(*d, path + ".dtype")) {
            const auto t = parse_dtype(*s);
            if (!t || is_float(*t))
                r.error(path + ".dtype",
                        "a scalar-prefetch table holds integers; use int32 "
                        "(the default), int16, int8, uint32, uint16, uint8 or "
                        "bool, got '" +
                            *s + "'");
            else
                sp.dtype = *t;
        }
    r.add_array(sp.name, sp.values, sp.shape);
    spec->scalar_prefetch.push_back(std::move(sp));
}

void read_scratch_entry(SpecReader& r, const Json& j, const std::string& path, Spec* spec) {
    r.check_keys(j, path, {"name", "shape", "dtype", "memory_space", "semaphore"}, nullptr);
    ScratchSpec sc;
    sc.name = read_entry_name(r, j, path, *spec, "scratch");
    if (const Json* s = r.require(j, path, "shape"); s && r.expect_array(*s, path + ".shape")) {
        if (s->size() > 6)
            r.error(path + ".shape", "rank " + std::to_string(s->size()) +
                                         "; a scratch buffer has 0 to 6 dimensions");
        for (std::size_t k = 0; k < s->size(); ++k)
            if (auto v = r.read_size((*s)[k], path_index(path + ".shape", k), 1, "size"))
                sc.shape.push_back(*v);
    }
    if (const Json* sem = SpecReader::find(j, "semaphore")) {
        if (auto c = r.read_choice(*sem, path + ".semaphore", {"dma", "regular"}))
            sc.semaphore = *c == 0 ? ScratchSpec::Semaphore::Dma : ScratchSpec::Semaphore::Regular;
        for (const char* key : {"dtype", "memory_space"})
            if (SpecReader::find(j, key))
                r.error(path + "." + key,
                        std::string("a semaphore has no ") + key + "; leave the key out");
    } else {
        if (const Json* d = r.require(j, path, "dtype", " (or give \"semaphore\")"))
            if (auto s = r.read_string(*d, path + ".dtype")) {
                if (auto t = parse_dtype(*s))
                    sc.dtype = *t;
                else
                    r.error(path + ".dtype",
                            "unknown dtype '" + *s + "'; known: " + std::string(known_dtypes()));
            }
        if (const Json* m = SpecReader::find(j, "memory_space"))
            if (auto c = r.read_choice(*m, path + ".memory_space",
                                       {"vmem", "smem", "pltpu.VMEM", "pltpu.SMEM"}))
                sc.memory_space = *c % 2 == 0 ? MemorySpace::Vmem : MemorySpace::Smem;
    }
    spec->scratch.push_back(std::move(sc));
}

}  // namespace

void read_prefetch(SpecReader& r, const Json& list, Spec* spec) {
    if (!r.expect_array(list, "scalar_prefetch")) return;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto path = path_index("scalar_prefetch", i);
        if (r.expect_object(list[i], path)) read_prefetch_entry(r, list[i], path, spec);
    }
}

void read_scratch(SpecReader& r, const Json& list, Spec* spec) {
    if (!r.expect_array(list, "scratch")) return;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto path = path_index("scratch", i);
        if (r.expect_object(list[i], path)) read_scratch_entry(r, list[i], path, spec);
    }
}

void read_requires(SpecReader& r, const Json& list, Spec* spec) {
    if (!r.expect_array(list, "requires")) return;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto path = path_index("requires", i);
        const auto text = r.read_string(list[i], path);
        if (!text) continue;
        spec->preconditions.push_back(*text);
        auto value = expr::evaluate(*text, r.env());
        if (const auto* e = std::get_if<expr::Error>(&value)) {
            r.expr_error(path, *e);
        } else if (std::get<std::int64_t>(value) == 0) {
            std::string shown;
            for (const auto& [name, v] : r.params())
                if (mentions_name(*text, name))
                    shown += (shown.empty() ? "" : ", ") + name + " = " + std::to_string(v);
            r.error(path, "the spec's own params do not satisfy '" + *text + "'" +
                              (shown.empty() ? "" : " (" + shown + ")") +
                              ": change the params, or the requirement if the kernel allows it");
        }
    }
}

void read_lesson(SpecReader& r, const Json& obj, Spec* spec) {
    if (!r.expect_object(obj, "lesson")) return;
    r.check_keys(obj, "lesson", {"title", "order", "steps"}, nullptr);
    if (const Json* t = r.require(obj, "lesson", "title")) r.read_string(*t, "lesson.title");
    if (const Json* o = SpecReader::find(obj, "order")) r.read_int(*o, "lesson.order");
    const Json* steps = r.require(obj, "lesson", "steps");
    if (steps && r.expect_array(*steps, "lesson.steps")) {
        if (steps->empty()) r.error("lesson.steps", "a lesson has at least one step");
        for (std::size_t i = 0; i < steps->size(); ++i) {
            const auto path = path_index("lesson.steps", i);
            const Json& step = (*steps)[i];
            if (!r.expect_object(step, path)) continue;
            // The lesson is kept whole, so a step's x- keys (the lesson test's x-expect,
            // docs/spec-format.md "Checked claims: `x-expect`") survive the round trip without
            // a copy here.
            Json annotations = Json::object();
            r.check_keys(step, path, {"text", "program", "params", "show", "run", "audit"},
                         &annotations);
            if (const Json* t = r.require(step, path, "text")) r.read_string(*t, path + ".text");
            if (const Json* p = SpecReader::find(step, "program");
                p && r.expect_array(*p, path + ".program"))
                for (std::size_t k = 0; k < p->size(); ++k)
                    r.read_int((*p)[k], path_index(path + ".program", k));
            if (const Json* p = SpecReader::find(step, "params");
                p && r.expect_object(*p, path + ".params"))
                for (const auto& [name, value] : p->items()) {
                    if (!r.params().count(name))
                        r.error(path_key(path + ".params", name),
                                "'" + name + "' is not a param of the spec");
                    r.read_int(value, path_key(path + ".params", name));
                }
            if (const Json* s = SpecReader::find(step, "show"))
                r.read_choice(*s, path + ".show",
                              {"operands", "coverage", "heat", "sweep", "timings"});
            for (const char* key : {"run", "audit"})
                if (const Json* b = SpecReader::find(step, key); b && !b->is_boolean())
                    r.error(path + "." + key, "expected true or false, got " + describe_json(*b));
        }
    }
    spec->lesson = obj;
}

}  // namespace tl::detail
