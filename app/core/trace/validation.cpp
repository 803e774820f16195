#include "core/trace/validation.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace scanviz {

int ValidationReport::passed() const {
    int k = 0;
    for (const auto& c : cases) k += c.passed ? 1 : 0;
    return k;
}

int ValidationReport::failed() const { return static_cast<int>(cases.size()) - passed(); }

nlohmann::json to_json(const ValidationReport& r) {
    nlohmann::json cases = nlohmann::json::array();
    for (const auto& c : r.cases) {
        cases.push_back({{"variant", c.variant},
                         {"n", c.n},
                         {"op", std::string(to_string(c.op))},
                         {"type", std::string(to_string(c.type))},
                         {"exclusive", c.exclusive},
                         {"seed", c.seed},
                         {"check", c.check},
                         {"passed", c.passed},
                         {"mismatch", c.mismatch}});
    }
    return {{"device", r.device}, {"sm", r.sm}, {"driver", r.driver}, {"date", r.date}, {"cases", cases}};
}

ValidationReport validation_from_json(const nlohmann::json& j) {
    try {
        ValidationReport r;
        r.device = j.at("device").get<std::string>();
        r.sm = j.at("sm").get<std::string>();
        r.driver = j.at("driver").get<std::string>();
        r.date = j.at("date").get<std::string>();
        for (const auto& c : j.at("cases")) {
            ValidationCase v;
            v.variant = c.at("variant").get<std::string>();
            v.n = c.at("n").get<int64_t>();
            auto op = parse_op(c.at("op").get<std::string>());
            auto type = parse_type(c.at("type").get<std::string>());
            if (!op || !type) throw std::runtime_error("unknown op or type in validation case");
            v.op = *op;
            v.type = *type;
            v.exclusive = c.at("exclusive").get<bool>();
            v.seed = c.at("seed").get<uint64_t>();
            v.check = c.at("check").get<std::string>();
            v.passed = c.at("passed").get<bool>();
            v.mismatch = c.at("mismatch").get<std::string>();
            r.cases.push_back(std::move(v));
        }
        return r;
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(std::string("validation report: ") + e.what());
    }
}

}  // namespace scanviz
