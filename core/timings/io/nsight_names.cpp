#include "core/timings/io/nsight_names.h"

#include <string_view>

namespace tl {

void apply_nsight_kernel_name(const std::string& printed, TimingRecord& r) {
    std::string_view name = printed;
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    if (name.starts_with("void ")) name.remove_prefix(5);
    // The parameter list: the last top-level "(...)" at the end.
    if (name.ends_with(")")) {
        int depth = 0;
        for (std::size_t i = name.size(); i-- > 0;) {
            if (name[i] == ')')
                ++depth;
            else if (name[i] == '(' && --depth == 0) {
                if (i > 0) name = name.substr(0, i);
                break;
            }
        }
    }
    if (const auto lt = name.find('<');
        lt != std::string_view::npos && lt > 0 && name.ends_with(">")) {
        r.params["template"] = std::string(name.substr(lt + 1, name.size() - lt - 2));
        name = name.substr(0, lt);
    }
    if (!name.empty()) r.kernel = std::string(name);
}

}  // namespace tl
