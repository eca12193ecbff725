#include "core/spec/body_catalog.h"

namespace tl {

namespace {

KernelOption axis(std::string_view name, std::string_view meaning) {
    return {name, OptionType::Integer, {}, true, meaning};
}
KernelOption flag(std::string_view name, std::string_view meaning) {
    return {name, OptionType::Boolean, {}, false, meaning};
}

std::vector<KernelBody> make_catalog() {
    const auto reduction =
        axis("reduction_axis", "grid axis over which blocks accumulate into the output");
    const auto init = axis("init_axis",
                           "grid axis whose index 0 zero-initialises the accumulator "
                           "(default: reduction_axis)");
    return {
        {"copy", 1, 1, "x -> o, same shape", {}},
        {"add", 2, 1, "x, y -> o, same shapes", {}},
        {"sub", 2, 1, "x, y -> o, same shapes", {}},
        {"mul", 2, 1, "x, y -> o, same shapes", {}},
        {"max", 2, 1, "x, y -> o, same shapes", {}},
        {"scale",
         1,
         1,
         "x -> o",
         {{"alpha", OptionType::Number, {}, false, "the factor o = alpha * x"}}},
        {"transpose", 1, 1, "x (R, C) -> o (C, R)", {}},
        {"matmul",
         2,
         1,
         "x (M, K), y (K, N) -> o (M, N)",
         {reduction,
          init,
          flag("mask_k_tail",
               "mask the partial K block (default false, like the documented "
               "kernel)"),
          {"accumulator",
           OptionType::Choice,
           {"output", "f32_scratch"},
           false,
           "accumulate in the output block or in an f32 scratch buffer"}}},
        {"rowsum",
         1,
         1,
         "x (R, C) -> o (R, 1)",
         {reduction, init, flag("mask_tail", "mask the partial column block")}},
        {"softmax", 1, 1, "x (R, C) -> o (R, C), softmax of each row within the block", {}},
        {"attention",
         3,
         1,
         "q (S, D), k (T, D), v (T, D) -> o (S, D)",
         {axis("reduction_axis", "the grid axis over kv blocks"),
          flag("mask_kv_tail", "mask the partial kv block")}},
    };
}

}  // namespace

const std::vector<KernelBody>& kernel_catalog() {
    static const std::vector<KernelBody> catalog = make_catalog();
    return catalog;
}

const KernelBody* find_kernel_body(std::string_view name) {
    for (const auto& b : kernel_catalog())
        if (b.name == name) return &b;
    return nullptr;
}

const KernelOption* find_kernel_option(const KernelBody& body, std::string_view name) {
    for (const auto& o : body.options)
        if (o.name == name) return &o;
    return nullptr;
}

std::string known_kernel_bodies() {
    std::string out;
    for (const auto& b : kernel_catalog()) {
        if (!out.empty()) out += ", ";
        out += b.name;
    }
    return out;
}

std::string describe_option_type(const KernelOption& option) {
    switch (option.type) {
        case OptionType::Integer:
            return option.grid_axis ? "a grid axis (integer)" : "an integer";
        case OptionType::Boolean:
            return "true or false";
        case OptionType::Number:
            return "a number";
        case OptionType::Choice: {
            std::string out = "one of ";
            for (std::size_t i = 0; i < option.choices.size(); ++i) {
                if (i > 0) out += ", ";
                out += "\"" + std::string(option.choices[i]) + "\"";
            }
            return out;
        }
    }
    return "a value";
}

std::string known_kernel_options(const KernelBody& body) {
    if (body.options.empty()) return "none";
    std::string out;
    for (const auto& o : body.options) {
        if (!out.empty()) out += ", ";
        out += std::string(o.name) + " (" + describe_option_type(o) + ")";
    }
    return out;
}

}  // namespace tl
