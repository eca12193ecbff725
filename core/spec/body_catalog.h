#pragma once
// The built-in kernel bodies a spec's `kernel.body` may name (docs/spec-format.md, "Kernel
// bodies"): how many inputs and outputs each takes and the options it accepts.
#include <string>
#include <string_view>
#include <vector>

namespace tl {

enum class OptionType {
    Integer,  // a JSON integer; for *_axis options, a grid axis
    Boolean,
    Number,  // any JSON number
    Choice,  // a string from `choices`
};

struct KernelOption {
    std::string_view name;
    OptionType type = OptionType::Integer;
    std::vector<std::string_view> choices;  // Choice only
    bool grid_axis = false;                 // Integer naming a grid axis (0 .. rank-1)
    std::string_view meaning;               // one line, for the GUI and error messages
};

struct KernelBody {
    std::string_view name;
    int inputs = 1;
    int outputs = 1;
    std::string_view operands;  // e.g. "x (M, K), y (K, N) -> o (M, N)"
    std::vector<KernelOption> options;
};

// Every known body, in documented order.
const std::vector<KernelBody>& kernel_catalog();
// The body called `name`, or nullptr.
const KernelBody* find_kernel_body(std::string_view name);
// The option `name` of `body`, or nullptr.
const KernelOption* find_kernel_option(const KernelBody& body, std::string_view name);

// "copy, add, sub, ...".
std::string known_kernel_bodies();
// "reduction_axis (integer), mask_k_tail (true/false), ..." or "none".
std::string known_kernel_options(const KernelBody& body);
// "an integer", "true or false", "a number", "one of \"output\", \"f32_scratch\"".
std::string describe_option_type(const KernelOption& option);

}  // namespace tl
