#include "core/timings/timings_json.h"

#include <cmath>

namespace tl {
namespace {

template <typename T>
Json or_null(const std::optional<T>& v) {
    return v ? Json(*v) : Json(nullptr);
}

Json finite_or_null(const std::optional<double>& v) {
    return v && std::isfinite(*v) ? Json(*v) : Json(nullptr);
}

Json text_or_null(const std::string& s) {
    return s.empty() ? Json(nullptr) : Json(s);
}

}  // namespace

Json timing_record_json(const TimingRecord& r) {
    Json j = Json::object();
    j["file"] = text_or_null(r.file);
    j["line"] = r.line > 0 ? Json(r.line) : Json(nullptr);
    j["format"] = text_or_null(r.format);
    j["kernel"] = or_null(r.kernel);
    j["impl"] = or_null(r.impl);
    j["target"] = or_null(r.target);
    j["device"] = or_null(r.device);
    j["params"] = r.params.is_object() ? r.params : Json::object();
    j["dtype"] = or_null(r.dtype);
    j["n"] = or_null(r.n);
    j["median_s"] = finite_or_null(r.median_s);
    j["min_s"] = finite_or_null(r.min_s);
    j["max_s"] = finite_or_null(r.max_s);
    j["mean_s"] = finite_or_null(r.mean_s);
    j["std_s"] = finite_or_null(r.std_s);
    j["p20_s"] = finite_or_null(r.p20_s);
    j["p80_s"] = finite_or_null(r.p80_s);
    j["method"] = std::string(to_string(r.method));
    j["source"] = r.source ? Json(std::string(to_string(*r.source))) : Json(nullptr);
    j["verified"] = or_null(r.verified);
    j["status"] = std::string(to_string(r.status));
    j["flops"] = finite_or_null(r.flops);
    j["bytes"] = finite_or_null(r.bytes);
    j["step_s"] = finite_or_null(r.step_s);
    j["share"] = finite_or_null(r.share);
    j["attestation"] = or_null(r.attestation);
    return j;
}

Json decision_json(const Decision& d, const std::vector<TimingRecord>& records) {
    Json j = Json::object();
    j["kernel"] = text_or_null(d.kernel);
    j["target"] = text_or_null(d.target);
    if (d.best) {
        const TimingRecord& b = records[*d.best];
        j["best"] = {{"params", b.params},
                     {"median_s", finite_or_null(b.median_s)},
                     {"min_s", finite_or_null(b.min_s)},
                     {"max_s", finite_or_null(b.max_s)},
                     {"n", or_null(b.n)}};
    } else {
        j["best"] = nullptr;
    }
    j["speedup"] = finite_or_null(d.speedup);
    j["share"] = finite_or_null(d.share);
    j["end_to_end_speedup"] = finite_or_null(d.end_to_end_speedup);
    j["earns_complexity"] = or_null(d.earns_complexity);
    j["sentence"] = d.sentence;
    // Beyond the contract's example keys: what the sentence rests on.
    j["baseline"] = text_or_null(d.baseline_impl);
    j["threshold"] = d.threshold;
    j["tie"] = text_or_null(d.tie_note);
    Json excluded = Json::array();
    for (const auto& e : d.excluded) {
        const TimingRecord& r = records[e.index];
        excluded.push_back({{"file", text_or_null(r.file)},
                            {"line", r.line > 0 ? Json(r.line) : Json(nullptr)},
                            {"reason", e.reason}});
    }
    j["excluded"] = std::move(excluded);
    // Added keys: whether the decision rests on unverified measurements (then
    // earns_complexity is null and provisional_earns_complexity says what it would be).
    j["provisional"] = d.provisional;
    j["verified_records"] = d.verified_records;
    j["unverified_records"] = d.unverified_records;
    j["provisional_earns_complexity"] = or_null(d.provisional_earns);
    return j;
}

Json timings_json(const std::vector<TimingRecord>& records, const Diagnostics& warnings,
                  const Decision* decision) {
    Json j = Json::object();
    j["tilelens_timings"] = 1;
    Json recs = Json::array();
    for (const auto& r : records) recs.push_back(timing_record_json(r));
    j["records"] = std::move(recs);
    Json warns = Json::array();
    for (const auto& w : warnings)
        warns.push_back({{"file", text_or_null(w.file)},
                         {"line", w.line},
                         {"message", w.path.empty() ? w.message : w.path + ": " + w.message}});
    j["warnings"] = std::move(warns);
    if (decision) j["decision"] = decision_json(*decision, records);
    return j;
}

std::string write_timings_json(const std::vector<TimingRecord>& records,
                               const Diagnostics& warnings, const Decision* decision) {
    return timings_json(records, warnings, decision).dump(2) + "\n";
}

}  // namespace tl
