#include "core/kernels/options.h"

namespace tl {

const Json* OptionReader::find(std::string_view name) const {
    if (!options_.is_object()) return nullptr;
    auto it = options_.find(std::string(name));
    return it == options_.end() || it->is_null() ? nullptr : &*it;
}

void OptionReader::error(std::string_view name, const std::string& message) {
    errors_.push_back({"", "kernel." + std::string(name), 0, 0, message});
}

int OptionReader::axis(std::string_view name, int fallback) {
    const Json* v = find(name);
    if (!v) return fallback;
    if (!v->is_number_integer()) {
        error(name, "must be a grid axis (an integer from 0 to " + std::to_string(grid_rank_ - 1) +
                        "), got " + v->dump());
        return fallback;
    }
    const auto a = v->get<std::int64_t>();
    if (a < 0 || a >= grid_rank_) {
        error(name, "grid axis " + std::to_string(a) + " does not exist: the grid has " +
                        std::to_string(grid_rank_) + " axes (0 to " +
                        std::to_string(grid_rank_ - 1) + ")");
        return fallback;
    }
    return static_cast<int>(a);
}

bool OptionReader::flag(std::string_view name, bool fallback) {
    const Json* v = find(name);
    if (!v) return fallback;
    if (!v->is_boolean()) {
        error(name, "must be true or false, got " + v->dump());
        return fallback;
    }
    return v->get<bool>();
}

double OptionReader::number(std::string_view name, double fallback) {
    const Json* v = find(name);
    if (!v) return fallback;
    if (!v->is_number() || !std::isfinite(v->get<double>())) {
        error(name, "must be a finite number, got " + v->dump());
        return fallback;
    }
    return v->get<double>();
}

std::string OptionReader::choice(std::string_view name,
                                 std::initializer_list<std::string_view> choices,
                                 std::string_view fallback) {
    const Json* v = find(name);
    if (!v) return std::string(fallback);
    std::string list;
    for (auto c : choices) {
        if (v->is_string() && v->get<std::string>() == c) return std::string(c);
        list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
    }
    error(name, "must be one of " + list + ", got " + v->dump());
    return std::string(fallback);
}

}  // namespace tl
