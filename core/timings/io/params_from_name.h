#pragma once
// Candidate parameters written into a benchmark's name or a parameter column:
// "matmul/bm:128/bn:256", "f32_matmul_m=1024,n=1024,tile_m=128", "M=4096;N=4096;bm=512".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/timings/record.h"

namespace tl {

struct NameParams {
    std::string kernel;                // "" when the text is only parameters
    Json params = Json::object();      // in written order; integers where they parse
    std::vector<std::string> unnamed;  // positional arguments ("BM_matmul/128/256")
    std::optional<std::string> dtype;  // from a dtype prefix ("f32_matmul" -> float32)
};

// Splits a benchmark name. A "BM_" prefix is dropped; Google Benchmark's run modifiers
// (iterations:, repeats:, min_time:, real_time, manual_time, ...) are not parameters. In
// "a_b_m=1,n=2" the first key is the last "_" word before "=" (kernel "a_b", key "m").
NameParams params_from_name(std::string_view name);

// "M=4096;N=4096;bm=512" (also "," or "/" between pairs, ":" for "="); nullopt when a part
// is not a key=value pair.
std::optional<Json> parse_param_list(std::string_view text);

// "bq_32-bkvp_64" -> {"bq": 32, "bkvp": 64}: NAME_NUMBER pairs joined by "-", as block
// sizes are written into kernel and config names; nullopt when a part is not one.
std::optional<Json> parse_suffixed_pairs(std::string_view text);

// "128" -> 128, "0.5" -> 0.5, anything else stays a string.
Json param_value(std::string_view text);

// "f32" -> "float32", "bf16" -> "bfloat16", a dtype name -> itself; nullopt otherwise.
std::optional<std::string> normalise_dtype(std::string_view text);

// Moves parameters that are really record fields (impl, target, device, dtype, kernel)
// out of `r.params` into the record, where the record does not have them yet.
void lift_record_fields(TimingRecord& r);

}  // namespace tl
