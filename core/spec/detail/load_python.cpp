// Loading the `python` key (format 2): a Pallas kernel file, the wrapper to call, its array
// arguments and keyword arguments, and the reference (docs/spec-format.md, "Python kernels").
#include <cmath>

#include "core/base/names.h"
#include "core/spec/detail/reader.h"
#include "core/spec/json_path.h"

namespace tl::detail {

namespace {

constexpr std::size_t kMaxArgRank = 6;

void read_arg_values(SpecReader& r, const Json& j, const std::string& path, PythonArg* arg) {
    if (!r.expect_array(j, path)) return;
    // Nested lists are flattened row-major; the element count is checked against the shape
    // when the sizes are known (at recording).
    std::vector<const Json*> stack = {&j};
    std::vector<double> values;
    while (!stack.empty()) {
        const Json* v = stack.back();
        stack.pop_back();
        if (v->is_array()) {
            for (auto it = v->rbegin(); it != v->rend(); ++it) stack.push_back(&*it);
        } else if (v->is_number() && std::isfinite(v->get<double>())) {
            values.push_back(v->get<double>());
        } else {
            r.error(path, "expected numbers (nested lists allowed), got " + describe_json(*v));
            return;
        }
    }
    if (values.empty()) r.error(path, "give at least one value, or leave the key out");
    arg->values = std::move(values);
}

void read_arg(SpecReader& r, const Json& j, const std::string& path, PythonArg* arg) {
    if (j.is_null()) {
        arg->none = true;
        return;
    }
    if (!r.expect_object(j, path)) return;
    r.check_keys(j, path, {"shape", "dtype", "data", "values"}, nullptr);
    if (const Json* s = r.require(j, path, "shape"); s && r.expect_array(*s, path + ".shape")) {
        if (s->size() > kMaxArgRank)
            r.error(path + ".shape", "an argument has at most 6 dimensions");
        for (std::size_t i = 0; i < s->size() && i < kMaxArgRank; ++i) {
            auto v = r.read_size((*s)[i], path_index(path + ".shape", i), 1, "dimension");
            arg->shape.push_back(v.value_or(SizeValue{std::int64_t{1}}));
        }
    }
    if (const Json* d = r.require(j, path, "dtype"))
        if (auto s = r.read_string(*d, path + ".dtype")) {
            if (auto dt = parse_dtype(*s))
                arg->dtype = *dt;
            else
                r.error(path + ".dtype",
                        "unknown dtype '" + *s + "'; known: " + std::string(known_dtypes()));
        }
    const Json* data = SpecReader::find(j, "data");
    const Json* values = SpecReader::find(j, "values");
    if (data && values)
        r.error(path, "give either \"data\" or \"values\", not both");
    else if (data) {
        if (auto c = r.read_choice(*data, path + ".data", {"random", "zeros", "ones", "iota"}))
            arg->data = static_cast<InputData>(*c);
    } else if (values) {
        read_arg_values(r, *values, path + ".values", arg);
    }
}

// A keyword argument is any JSON value; {"expr": "..."} is an integer expression over params.
void check_kwargs(SpecReader& r, const Json& j, const std::string& path) {
    if (!r.expect_object(j, path)) return;
    for (const auto& [key, value] : j.items()) {
        const auto p = path_key(path, key);
        if (!is_identifier(key)) {
            r.error(p, "'" + key + "' is not a Python keyword argument name");
            continue;
        }
        if (!value.is_object()) continue;
        const Json* e = SpecReader::find(value, "expr");
        if (e == nullptr || value.size() != 1 || !e->is_string()) {
            r.error(p,
                    "an object here must be {\"expr\": \"...\"}, an integer expression over "
                    "the params; write other values as plain JSON");
            continue;
        }
        r.check_expression(e->get<std::string>(), p + ".expr");
    }
}

std::optional<std::string> read_function_name(SpecReader& r, const Json& j,
                                              const std::string& path) {
    auto s = r.read_string(j, path);
    if (s && !is_identifier(*s)) {
        r.error(path, "'" + *s + "' is not a Python function name");
        return std::nullopt;
    }
    return s;
}

}  // namespace

void read_python(SpecReader& r, const Json& obj, Spec* spec) {
    const std::string path = "python";
    spec->python = PythonSpec{};  // even when broken: the recorded keys are not required
    if (!r.expect_object(obj, path)) return;
    r.check_keys(obj, path, {"file", "call", "args", "kwargs", "reference", "entry"}, nullptr);
    PythonSpec py;
    if (const Json* f = r.require(obj, path, "file"))
        if (auto s = r.read_string(*f, path + ".file")) {
            if (s->empty()) r.error(path + ".file", "empty file name; name the kernel's .py file");
            py.file = *s;
        }
    if (const Json* c = r.require(obj, path, "call"))
        if (auto s = read_function_name(r, *c, path + ".call")) py.call = *s;
    if (const Json* a = r.require(obj, path, "args"); a && r.expect_array(*a, path + ".args")) {
        py.args.resize(a->size());
        for (std::size_t i = 0; i < a->size(); ++i)
            read_arg(r, (*a)[i], path_index(path + ".args", i), &py.args[i]);
    }
    if (const Json* k = SpecReader::find(obj, "kwargs")) {
        check_kwargs(r, *k, path + ".kwargs");
        if (k->is_object()) py.kwargs = *k;
    }
    if (const Json* ref = SpecReader::find(obj, "reference"))
        py.reference = read_function_name(r, *ref, path + ".reference");
    if (const Json* e = SpecReader::find(obj, "entry"))
        if (auto v = r.read_int(*e, path + ".entry")) {
            if (*v < 0)
                r.error(path + ".entry",
                        "the first pallas_call is entry 0, got " + std::to_string(*v));
            py.entry = *v;
        }
    spec->python = std::move(py);
}

}  // namespace tl::detail
