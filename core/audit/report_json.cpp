#include "core/audit/report_json.h"

namespace tl {
namespace {

template <class T>
Json or_null(const std::optional<T>& v) {
    return v ? Json(*v) : Json(nullptr);
}

Json coords_or_null(const std::vector<std::int64_t>& v) {
    return v.empty() ? Json(nullptr) : Json(v);
}

Json params_json(const std::map<std::string, std::int64_t>& params) {
    Json o = Json::object();
    for (const auto& [k, v] : params) o[k] = v;
    return o;
}

Json kinds_json(const std::vector<FindingKind>& kinds) {
    Json j = Json::array();
    for (const auto k : kinds) j.push_back(to_string(k));
    return j;
}

Json case_to_json(const AuditCase& c) {
    Json j = Json::object();
    j["params"] = params_json(c.params);
    j["verdict"] = to_string(c.verdict);
    j["max_abs_error"] = or_null(c.max_abs_error);
    j["max_rel_error"] = or_null(c.max_rel_error);
    j["findings"] = kinds_json(c.findings);
    j["label"] = c.label;  // additive: what the case tries
    return j;
}

Json operand_to_json(const OperandReport& t) {
    Json j = Json::object();
    j["name"] = t.name;
    j["role"] = to_string(t.role);
    j["block_copies"] = t.block_copies;
    j["hbm_bytes"] = t.hbm_bytes;
    j["vmem_bytes"] = t.vmem_bytes;
    j["elements_padded_on_read"] = t.elements_padded_on_read;
    return j;
}

}  // namespace

Json finding_to_json(const Finding& f) {
    const auto str_or_null = [](const std::string& s) {
        return s.empty() ? Json(nullptr) : Json(s);
    };
    Json j = Json::object();
    j["kind"] = to_string(f.kind);
    j["severity"] = to_string(f.severity);
    j["operand"] = str_or_null(f.operand);
    j["message"] = f.message;
    j["count"] = or_null(f.count);
    j["element"] = coords_or_null(f.element);
    j["program"] = coords_or_null(f.program);
    j["rule"] = str_or_null(f.rule);
    j["cause"] = str_or_null(f.cause);
    j["case"] = f.case_params.empty() ? Json(nullptr) : params_json(f.case_params);
    return j;
}

namespace {

Json text_or_null(const std::string& s) {
    return s.empty() ? Json(nullptr) : Json(s);
}

Json ledger_to_json(const VmemLedger& l) {
    Json parts = Json::array();
    for (const auto& p : l.predicted)
        parts.push_back(Json{{"label", p.label},
                             {"buffers", p.buffers},
                             {"block_bytes", p.block_bytes},
                             {"bytes", p.bytes()}});
    return Json{{"compiler", l.compiler},
                {"topology", l.topology},
                {"compiled", l.compiled},
                {"predicted", parts},
                {"predicted_bytes", l.predicted_bytes},
                {"reported_bytes", or_null(l.reported_bytes)},
                {"requested_bytes", or_null(l.requested_bytes)},
                {"difference_bytes", or_null(l.difference())},
                {"limit_bytes", l.limit_bytes ? Json(l.limit_bytes) : Json(nullptr)},
                {"smallest_vmem_limit_bytes", or_null(l.smallest_limit_bytes)},
                {"smem", "not reported by the compiler"},
                {"message", text_or_null(l.message)},
                {"fix", text_or_null(l.fix)}};
}

}  // namespace

Json report_to_json(const AuditResult& r) {
    Json j = Json::object();
    j["tilelens_report"] = kReportVersion;
    j["tool_version"] = TILELENS_VERSION;
    j["spec"] = r.spec;
    j["target"] = r.target;
    j["verdict"] = to_string(r.verdict);
    if (!r.engine.empty())
        j["engine"] =
            Json{{"name", r.engine}, {"version", r.engine_version}, {"python", r.engine_python}};
    j["stages"] = Json{{"contract", to_string(r.contract)},
                       {"indexing", to_string(r.indexing)},
                       {"numerics", to_string(r.numerics)}};
    j["totals"] = Json{{"programs", or_null(r.programs)},
                       {"flops", or_null(r.flops)},
                       {"hbm_bytes", or_null(r.hbm_bytes)},
                       {"vmem_bytes", or_null(r.vmem_bytes)}};
    j["operands"] = Json::array();
    for (const auto& t : r.operands) j["operands"].push_back(operand_to_json(t));
    j["findings"] = Json::array();
    for (const auto& f : r.findings) j["findings"].push_back(finding_to_json(f));
    j["cases"] = Json::array();
    for (const auto& c : r.cases) j["cases"].push_back(case_to_json(c));
    // Not in the contract's example, additive: the indexing proofs over whole size ranges,
    // and why a stage was skipped, for CI logs.
    j["proofs"] = Json::array();
    for (const auto& p : r.proofs)
        j["proofs"].push_back(
            Json{{"param", p.param},
                 {"scope", p.scope},
                 {"from", p.from},
                 {"to", p.scope == "all" ? Json(nullptr) : Json(p.to)},
                 {"requested_to", p.scope == "all" ? Json(nullptr) : Json(p.requested_to)},
                 {"first_failure", or_null(p.first_failure)},
                 {"failing_sizes", or_null(p.failing_sizes)},
                 {"findings", kinds_json(p.findings)}});
    j["notes"] = Json::array();
    for (const auto& n : r.notes) j["notes"].push_back(to_string(n));
    // Additive, after the contract's keys: exp and the like, counted apart from the FLOPs, and
    // the compiler's VMEM against TileLens's (docs/report-format.md).
    j["transcendentals"] = or_null(r.transcendentals);
    if (r.vmem_ledger) j["vmem_ledger"] = ledger_to_json(*r.vmem_ledger);
    return j;
}

std::string report_json_text(const AuditResult& r) {
    // Replace, not throw, should a message carry bytes that are not UTF-8 (from a user's file).
    return report_to_json(r).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace tl
