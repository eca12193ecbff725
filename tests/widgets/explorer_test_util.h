#pragma once
// Snapshots for the explorer tests, built from core exactly as the document would.
#include <gtest/gtest.h>

#include <QString>
#include <memory>
#include <string>

#include "core/interp/interpreter.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "widgets/document/explorer_snapshot.h"

namespace tl::gui::testing {

inline std::string examplePath(const char* name) {
    return std::string(TILELENS_SOURCE_DIR "/resources/examples/") + name + ".tilelens.json";
}

inline ExplorerSnapshot snapshotOf(const Spec& spec, quint64 generation = 1, bool run = false) {
    ExplorerSnapshot s;
    s.generation = generation;
    s.spec = std::make_shared<const Spec>(spec);
    const ResolveResult r = resolve(spec);
    EXPECT_TRUE(r.instance.has_value()) << join(r.errors);
    if (!r.instance) return s;
    s.analysis = std::make_shared<const Analysis>(analyse(*r.instance, {spec.revisit}));
    if (run && spec.kernel) {
        s.run = std::make_shared<const RunResult>(
            interpret(*r.instance, *spec.kernel, spec.uninitialized, spec.revisit, spec.seed));
        EXPECT_TRUE(s.run->ok) << join(s.run->errors);
    }
    return s;
}

inline Spec loadExample(const char* name) {
    const LoadResult l = load_spec_file(examplePath(name));
    EXPECT_TRUE(l.spec.has_value()) << join(l.errors);
    return l.spec.value_or(Spec{});
}

inline Spec loadText(const std::string& json) {
    const LoadResult l = load_spec(json, "test.tilelens.json");
    EXPECT_TRUE(l.spec.has_value()) << join(l.errors);
    return l.spec.value_or(Spec{});
}

// Shape (100, 90), block (10, 20), grid (10, 5): the documented edge case. Operand 0 is `x`
// with the given role; operand 1 the same mapping with the other role.
inline Spec documentedSpec(const std::string& role = "input") {
    const std::string other = role == "input" ? "output" : "input";
    auto op = [](const std::string& name, const std::string& r) {
        return R"json({"name": ")json" + name + R"json(", "role": ")json" + r +
               R"json(", "shape": [100, 90], "dtype": "float32", "block_shape": [10, 20],
                "index_map": "lambda i, j: (i, j)"})json";
    };
    return loadText(R"json({"tilelens": 1, "name": "documented-edge", "grid": [10, 5],
        "operands": [)json" +
                    op("x", role) + ", " + op("other", other) + "]}");
}

}  // namespace tl::gui::testing
