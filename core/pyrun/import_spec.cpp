#include "core/pyrun/import_spec.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "core/base/names.h"

namespace tl {
namespace {

std::string trim(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    return std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
}

std::string spec_name_from(const std::string& file, const std::string& call) {
    std::string stem = std::filesystem::path(file).stem().string() + "-" + call;
    for (char& c : stem)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-')
            c = '-';
    return stem.substr(0, 64);
}

}  // namespace

std::variant<PythonArg, std::string> parse_python_arg(std::string_view text) {
    const std::string t = trim(text);
    PythonArg a;
    if (t == "None" || t == "none" || t == "null") {
        a.none = true;
        return a;
    }
    // DTYPE[SHAPE]=v0,v1,...: literal values (group sizes, lengths), row-major.
    const auto eq = t.find('=');
    if (eq != std::string::npos) {
        auto head = parse_python_arg(t.substr(0, eq));
        if (std::holds_alternative<std::string>(head)) return head;
        PythonArg a = std::get<PythonArg>(head);
        const std::string list = t.substr(eq + 1);
        std::size_t at = 0;
        while (at <= list.size()) {
            const auto comma = list.find(',', at);
            const std::string part =
                trim(list.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
            char* end = nullptr;
            const double v = std::strtod(part.c_str(), &end);
            if (part.empty() || end != part.c_str() + part.size() || !std::isfinite(v))
                return "value '" + part + "' in '" + t + "' is not a number";
            a.values.push_back(v);
            if (comma == std::string::npos) break;
            at = comma + 1;
        }
        return a;
    }
    const auto open = t.find('[');
    if (open == std::string::npos || t.back() != ']')
        return "'" + t + "' is not DTYPE[SHAPE]; write e.g. float32[300,256] (or None)";
    const std::string dt = trim(t.substr(0, open));
    const auto d = parse_dtype(dt);
    if (!d)
        return "unknown dtype '" + dt + "' in '" + t + "'; known: " + std::string(known_dtypes());
    a.dtype = *d;
    const std::string dims = t.substr(open + 1, t.size() - open - 2);
    std::size_t at = 0;
    while (at <= dims.size() && !trim(dims).empty()) {
        const auto comma = dims.find(',', at);
        const std::string part =
            trim(dims.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        if (part.empty()) return "an empty dimension in '" + t + "'";
        if (std::all_of(part.begin(), part.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
            if (part.size() > 12 || std::stoll(part) < 1)
                return "dimension '" + part + "' in '" + t + "' must be between 1 and 10^12";
            a.shape.emplace_back(std::int64_t{std::stoll(part)});
        } else if (is_identifier(part)) {
            a.shape.emplace_back(part);
        } else {
            return "dimension '" + part + "' in '" + t + "' is neither a number nor a param name";
        }
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    if (a.shape.size() > 6) return "'" + t + "' has more than 6 dimensions";
    return a;
}

Json parse_python_kwarg(std::string_view value,
                        const std::vector<std::pair<std::string, std::int64_t>>& params) {
    const std::string v = trim(value);
    for (const auto& [name, _] : params)
        if (name == v) return Json{{"expr", v}};
    if (v == "True") return true;
    if (v == "False") return false;
    if (v == "None") return nullptr;
    Json j = Json::parse(v, nullptr, false);
    if (!j.is_discarded()) return j;
    return v;
}

std::variant<Spec, std::string> python_spec_from_import(const ImportRequest& req) {
    if (!is_identifier(req.call)) return "--call '" + req.call + "' is not a Python function name";
    if (req.reference && !is_identifier(*req.reference))
        return "--reference '" + *req.reference + "' is not a Python function name";
    Spec s;
    s.version = 2;
    s.name = spec_name_from(req.file, req.call);
    s.params = req.params;
    s.target = req.target;
    PythonSpec py;
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path abs = fs::absolute(req.file, ec);
    const fs::path dir = fs::absolute(req.spec_dir.empty() ? "." : req.spec_dir, ec);
    const fs::path rel = abs.lexically_relative(dir);
    // Relative when the kernel sits at or below the spec's folder (the two move together).
    const bool below = !rel.empty() && *rel.begin() != "..";
    py.file = below ? rel.string() : abs.lexically_normal().string();
    py.call = req.call;
    py.reference = req.reference;
    py.entry = req.entry;
    for (const auto& text : req.args) {
        auto a = parse_python_arg(text);
        if (auto* e = std::get_if<std::string>(&a)) return "--arg " + *e;
        PythonArg arg = std::get<PythonArg>(a);
        for (auto& dim : arg.shape) {
            if (const auto* n = std::get_if<std::string>(&dim)) {
                const bool known = std::any_of(req.params.begin(), req.params.end(),
                                               [&](const auto& p) { return p.first == *n; });
                if (!known) return "--arg " + text + ": '" + *n + "' is not a --param";
                continue;
            }
            // Only a value that one param alone has names it: with M = K = 512, a 512 could
            // be either, and guessing would tie two dimensions together in the sweep.
            const std::int64_t v = std::get<std::int64_t>(dim);
            const auto same = std::count_if(req.params.begin(), req.params.end(),
                                            [&](const auto& p) { return p.second == v; });
            if (same > 1)
                return "--arg " + text + ": " + std::to_string(v) +
                       " is the value of several --params; write the param's name in the shape, "
                       "e.g. float32[M,K]";
            for (const auto& [name, value] : req.params)
                if (value == v) dim = name;
        }
        py.args.push_back(std::move(arg));
    }
    for (const auto& [k, v] : req.kwargs) {
        if (!is_identifier(k)) return "--kwarg '" + k + "' is not a keyword argument name";
        py.kwargs[k] = parse_python_kwarg(v, req.params);
    }
    s.python = std::move(py);
    return s;
}

}  // namespace tl
