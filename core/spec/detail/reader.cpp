#include "core/spec/detail/reader.h"

#include <algorithm>
#include <variant>

#include "core/spec/json_path.h"

namespace tl::detail {

void SpecReader::error(const std::string& path, std::string message) {
    errors_->push_back({file_, path, 0, 0, std::move(message)});
}

void SpecReader::expr_error(const std::string& path, const expr::Error& e) {
    errors_->push_back({file_, path, e.line, e.column, e.message});
}

const Json* SpecReader::find(const Json& obj, std::string_view key) {
    if (!obj.is_object()) return nullptr;
    const auto it = obj.find(std::string(key));
    return it == obj.end() ? nullptr : &*it;
}

void SpecReader::check_keys(const Json& obj, const std::string& path,
                            const std::vector<std::string_view>& known, Json* extra,
                            const std::vector<std::string_view>& known_v2) {
    const auto in = [](const std::vector<std::string_view>& list, const std::string& key) {
        return std::find(list.begin(), list.end(), key) != list.end();
    };
    for (const auto& [key, value] : obj.items()) {
        if (in(known, key)) continue;
        const std::string where = path_key(path, key);
        if (in(known_v2, key)) {
            need_v2(where, "'" + key + "' is a version-2 key");
            continue;
        }
        if (key.rfind("x-", 0) == 0) {
            if (extra != nullptr)
                (*extra)[key] = value;
            else
                error(where,
                      "annotations (\"x-\" keys) are kept at the top level, in "
                      "operands and in kernel; move it there");
            continue;
        }
        std::vector<std::string_view> all = known;
        all.insert(all.end(), known_v2.begin(), known_v2.end());
        if (const auto guess = likely_misspelling(key, all)) {
            misspelled_.insert(path_key(path, *guess));
            error(where, "unknown key '" + key + "'; did you mean '" + std::string(*guess) +
                             "'? (as written it would be ignored)");
        } else {
            error(where, "unknown key '" + key + "'; known: " + join_names(all) +
                             " (a key of your own must start with \"x-\")");
        }
    }
}

bool SpecReader::need_v2(const std::string& path, std::string_view what) {
    if (version_ >= 2) return true;
    error(path, std::string(what) + ": set \"tilelens\": 2");
    return false;
}

const Json* SpecReader::require(const Json& obj, const std::string& path, std::string_view key,
                                std::string_view hint) {
    if (const Json* j = find(obj, key)) return j;
    const std::string where = path_key(path, key);
    if (!misspelled_.count(where))
        error(where, "required key '" + std::string(key) + "' is missing" + std::string(hint));
    return nullptr;
}

std::optional<std::int64_t> SpecReader::read_int(const Json& j, const std::string& path) {
    if (auto v = json_int64(j)) return v;
    if (j.is_number_integer())
        error(path, "the integer " + j.dump() + " is out of range (64-bit signed)");
    else
        error(path, "expected an integer, got " + describe_json(j));
    return std::nullopt;
}

std::optional<std::string> SpecReader::read_string(const Json& j, const std::string& path) {
    if (j.is_string()) return j.get<std::string>();
    error(path, "expected a string, got " + describe_json(j));
    return std::nullopt;
}

bool SpecReader::expect_object(const Json& j, const std::string& path) {
    if (j.is_object()) return true;
    error(path, "expected an object {...}, got " + describe_json(j));
    return false;
}

bool SpecReader::expect_array(const Json& j, const std::string& path) {
    if (j.is_array()) return true;
    error(path, "expected a list [...], got " + describe_json(j));
    return false;
}

std::optional<SizeValue> SpecReader::read_size(const Json& j, const std::string& path,
                                               std::int64_t min_literal, std::string_view what) {
    if (j.is_number()) {
        const auto v = json_int64(j);
        if (!v) {
            error(path, "expected an integer or an expression, got " + describe_json(j));
            return std::nullopt;
        }
        if (*v < min_literal) {
            error(path, "a " + std::string(what) + " must be at least " +
                            std::to_string(min_literal) + ", got " + std::to_string(*v));
            return std::nullopt;
        }
        return SizeValue{*v};
    }
    if (j.is_string()) {
        const auto text = j.get<std::string>();
        if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
            error(path,
                  "empty expression; write an integer or an expression such as "
                  "\"cdiv(M, bm)\"");
            return std::nullopt;
        }
        check_expression(text, path);
        return SizeValue{text};
    }
    error(path, "expected an integer or an expression text, got " + describe_json(j));
    return std::nullopt;
}

std::optional<std::size_t> SpecReader::read_choice(const Json& j, const std::string& path,
                                                   const std::vector<std::string_view>& choices) {
    std::string list;
    for (const auto c : choices) list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
    if (j.is_string()) {
        const auto s = j.get<std::string>();
        for (std::size_t i = 0; i < choices.size(); ++i)
            if (choices[i] == s) return i;
        error(path, "unknown value '" + s + "'; use one of " + list);
    } else {
        error(path, "expected one of " + list + ", got " + describe_json(j));
    }
    return std::nullopt;
}

void SpecReader::check_expression(const std::string& text, const std::string& path) {
    auto result = expr::compile_expression(text, env_);
    if (const auto* e = std::get_if<expr::Error>(&result)) expr_error(path, *e);
}

void SpecReader::check_index_map(const std::string& text, const std::string& path, int results) {
    if (grid_rank_ < 0) return;
    auto result = expr::compile_lambda(text, env_, grid_rank_, results);
    if (const auto* e = std::get_if<expr::Error>(&result)) expr_error(path, *e);
}

}  // namespace tl::detail
