#include "core/lessons/origin.hpp"

#include "core/i18n/i18n.hpp"
#include "core/profile/profile.hpp"

namespace scanviz::lessons {

std::string from_shown(const std::string& from) {
    return from.empty() ? std::string(i18n::tr("from the recording")) : from;
}

std::string bench_origin_shown(const Sources& s) {
    if (!s.bench) return from_shown(s.bench_origin);
    const BenchMeta& m = s.bench->meta;
    const std::string device = m.device.empty() ? std::string(i18n::tr("an unnamed GPU")) : m.device;
    const std::string from = from_shown(s.bench_origin);
    if (m.date.size() >= 10)
        return i18n::format(i18n::tr("measured on %s on %s, %s"), device.c_str(), m.date.substr(0, 10).c_str(),
                            from.c_str());
    return i18n::format(i18n::tr("measured on %s, %s"), device.c_str(), from.c_str());
}

std::string profile_origin_shown(const Sources& s, int n) {
    const std::string from = from_shown(s.profile_origin);
    if (!s.profile) return from;
    return i18n::format(i18n::tr("%s, one block of n = %d, %s"), measured_line(*s.profile).c_str(), n,
                        from.c_str());
}

std::string race_origin_shown(const Sources& s, long long wrong, long long total, const std::string& unit) {
    const std::string from = from_shown(s.race_origin);
    const std::string badge = s.race ? s.race->badge_shown() : std::string();
    const char* line = unit == "warp" ? i18n::trn("%s: %lld of %lld warp wrong, %s", "%s: %lld of %lld warps wrong, %s",
                                                  static_cast<unsigned long>(total))
                                      : i18n::trn("%s: %lld of %lld block wrong, %s",
                                                  "%s: %lld of %lld blocks wrong, %s", static_cast<unsigned long>(total));
    return i18n::format(line, badge.c_str(), wrong, total, from.c_str());
}

std::string sass_origin_shown(const std::string& arch, sass::Provenance provenance, bool minus_base) {
    return i18n::format(minus_base ? i18n::tr("%s, %s listing, whole kernel minus baseline")
                                   : i18n::tr("%s, %s listing, scan region"),
                        arch.c_str(), sass::provenance_shown(provenance));
}

}  // namespace scanviz::lessons
