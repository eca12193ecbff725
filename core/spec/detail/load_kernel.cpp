// Loading the `kernel` object against the built-in body catalog.
#include "core/spec/body_catalog.h"
#include "core/spec/detail/reader.h"
#include "core/spec/json_path.h"

namespace tl::detail {

namespace {

std::string count_of(int n, std::string_view word) {
    return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

void check_option_value(SpecReader& r, const KernelOption& opt, const Json& v,
                        const std::string& path) {
    const auto wrong = [&] {
        r.error(path, "expected " + describe_option_type(opt) + ", got " + describe_json(v));
    };
    switch (opt.type) {
        case OptionType::Integer: {
            const auto n = json_int64(v);
            if (!n) return wrong();
            const int rank = r.grid_rank();
            if (opt.grid_axis && rank >= 0 && (*n < 0 || *n >= rank))
                r.error(path,
                        std::to_string(*n) + " is not a grid axis; " +
                            (rank == 0   ? std::string("the grid has no axes")
                             : rank == 1 ? std::string("the grid has 1 axis, so use 0")
                                         : "the grid has " + std::to_string(rank) +
                                               " axes, so use 0 to " + std::to_string(rank - 1)));
            return;
        }
        case OptionType::Boolean:
            if (!v.is_boolean()) wrong();
            return;
        case OptionType::Number:
            if (!v.is_number()) wrong();
            return;
        case OptionType::Choice:
            if (!v.is_string()) return wrong();
            for (const auto c : opt.choices)
                if (v.get<std::string>() == c) return;
            wrong();
            return;
    }
}

void check_options(SpecReader& r, const KernelBody& body, const Json& obj) {
    std::vector<std::string_view> names;
    for (const auto& o : body.options) names.push_back(o.name);
    for (const auto& [key, value] : obj.items()) {
        if (key == "body" || key.rfind("x-", 0) == 0) continue;  // x-: the user's annotation
        const auto path = path_key("kernel", key);
        if (const KernelOption* opt = find_kernel_option(body, key)) {
            check_option_value(r, *opt, value, path);
            continue;
        }
        std::string msg = "unknown option '" + key + "' of body '" + std::string(body.name) + "'";
        if (auto guess = likely_misspelling(key, names))
            msg += " (did you mean '" + std::string(*guess) + "'?)";
        msg += body.options.empty() ? "; '" + std::string(body.name) + "' takes no options"
                                    : "; its options: " + known_kernel_options(body);
        r.error(path, msg);
    }
}

void check_operand_counts(SpecReader& r, const KernelBody& body, const Spec& spec) {
    int inputs = 0, outputs = 0;
    for (const auto& op : spec.operands) (op.role == Role::Input ? inputs : outputs)++;
    if (inputs == body.inputs && outputs == body.outputs) return;
    r.error("kernel.body", "'" + std::string(body.name) + "' takes " +
                               count_of(body.inputs, "input") + " and " +
                               count_of(body.outputs, "output") + " (" +
                               std::string(body.operands) + "); the spec has " +
                               count_of(inputs, "input") + " and " + count_of(outputs, "output"));
}

}  // namespace

void read_kernel(SpecReader& r, const Json& obj, Spec* spec) {
    if (!r.expect_object(obj, "kernel")) return;
    KernelSpec kernel;
    for (const auto& [key, value] : obj.items())
        if (key != "body") kernel.options[key] = value;
    if (const Json* b = r.require(obj, "kernel", "body"))
        if (auto name = r.read_string(*b, "kernel.body")) {
            kernel.body = *name;
            if (const KernelBody* body = find_kernel_body(*name)) {
                check_options(r, *body, obj);
                if (r.roles_read()) check_operand_counts(r, *body, *spec);
            } else {
                std::vector<std::string_view> names;
                for (const auto& k : kernel_catalog()) names.push_back(k.name);
                std::string msg = "unknown body '" + *name + "'; known: " + known_kernel_bodies();
                if (auto guess = likely_misspelling(*name, names))
                    msg += "; did you mean '" + std::string(*guess) + "'?";
                r.error("kernel.body", msg);
            }
        }
    spec->kernel = std::move(kernel);
}

}  // namespace tl::detail
