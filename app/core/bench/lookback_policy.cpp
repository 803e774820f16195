#include "core/bench/lookback_policy.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace scanviz {
namespace {

// The cards the policies were tuned on, from their CUDA attributes (memory clock x 2 x bus
// width): H100 SXM 2619 MHz x 5120 bits, H200 3201 MHz x 6144 bits; 132 SMs each.
constexpr double kH100GbpsPerSm = 2 * 2.619e9 * 5120 / 8 / 1e9 / 132;  // 25.4
constexpr double kH200GbpsPerSm = 2 * 3.201e9 * 6144 / 8 / 1e9 / 132;  // 37.2

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

}  // namespace

std::string_view to_string(LookbackTuningId t) {
    // From the shapes the kernels static_assert (lookback_tuning_shape): "TxI bB" and " wG"
    // where the tile loads in G groups.
    const auto tile = [](LookbackTuningId id, int bytes) {
        const LookbackTuningShape s = lookback_tuning_shape(id);
        return std::to_string(s.threads(bytes)) + "x" + std::to_string(s.items(bytes)) + " b" +
               std::to_string(s.blocks(bytes)) +
               (s.load_groups(bytes) > 1 ? " w" + std::to_string(s.load_groups(bytes)) : "");
    };
    const auto with8 = [&](LookbackTuningId id) { return tile(id, 4) + " (8-byte " + tile(id, 8) + ")"; };
    static const std::string tuned = tile(LookbackTuningId::Tuned, 4),
                             hinted = tile(LookbackTuningId::WideHinted, 4) + " hints",
                             wide = with8(LookbackTuningId::Wide), widest = with8(LookbackTuningId::Widest);
    switch (t) {
        case LookbackTuningId::WideHinted:
            return hinted;
        case LookbackTuningId::Wide:
            return wide;
        case LookbackTuningId::Widest:
            return widest;
        case LookbackTuningId::Tuned:
        default:
            return tuned;
    }
}

const std::vector<LookbackPolicyInfo>& lookback_policies() {
    // Bands and tunings as measured on each card (lab/NOTES.md has every run). The h200's
    // band to 64 MiB (2^24 int32): 128 x 104 gave
    // 0.868 of memcpy there in run 5 and 128 x 128 0.867 in run 3, where 128 x 144 gave
    // 0.843-0.856 in runs 4 and 5; above it 128 x 144 leads (2^28: 0.918 against 0.903).
    // The h100's band above 8 MiB (runs 6 and 9 on the H100): 128 x 144 at 3 blocks
    // per SM gave 0.847-0.897 / 0.910 / 0.933-0.936 / 0.954-0.956 of memcpy at 2^22 / 2^24 /
    // 2^26 / 2^28 where the portable 128 x 48 at 9 per SM gave 0.786-0.817 / 0.898-0.904 /
    // 0.914-0.916 / 0.923-0.924; at 2^21 (8 MiB: 114 tiles of 128 x 144 for 132 SMs) 0.69-0.72
    // against 0.795. 8-byte values at 2^28: 256 x 24 0.972, 128 x 32 0.976 (int64 max).
    // The h200's first band ends at 8 MiB, as the h100's (run 9 on the H200): at 2^21
    // int32 (8 MiB, 157 tiles of 128 x 104 for 132 SMs) 128 x 48 b9 gave 0.734 of memcpy where
    // 128 x 104 with hints gave 0.683-0.699.
    // The h200's float32 max and min above 64 MiB keep 128 x 104 (run 10 on the
    // H200, 2^28): 0.936 / 0.927 of memcpy inclusive / exclusive where 128 x 144 gave
    // 0.887 / 0.879 (int32 add: 0.917-0.921); 256 x 72, 256 x 52 and 192 x 96 0.81-0.86.
    // Load groups (wG, runs 14 to 16 on the H200): the widest tiles fold their copies
    // group by group as they land. 128 x 144 w12 against w1, int32 add, same process: +0.5
    // points of memcpy on average at 2^26 (-0.2 to +1.2 over six pairs), +0.3 to +0.8 at 2^28;
    // float64 add 256 x 24 w12 at 2^28 0.901 / 0.889 (inclusive / exclusive) against 0.898 / 0.884.
    static const std::vector<LookbackPolicyInfo> p = {
        {"h100",
         "NVIDIA H100 80GB HBM3",
         kH100GbpsPerSm,
         {{int64_t{8} << 20, LookbackTuningId::Tuned}, {0, LookbackTuningId::Widest}}},
        {"h200",
         "NVIDIA H200",
         kH200GbpsPerSm,
         {{int64_t{8} << 20, LookbackTuningId::Tuned},
          {-1, LookbackTuningId::WideHinted},
          {int64_t{64} << 20, LookbackTuningId::Wide},
          {0, LookbackTuningId::Widest, LookbackTuningId::Wide}}},
        // The H100's first tuning at every size: 24 KiB tiles (8-byte: 32 KiB) that any card with
        // 48 KiB of shared memory a block runs; the fallback where no other policy fits.
        {"portable", "NVIDIA H100 80GB HBM3", kH100GbpsPerSm, {{0, LookbackTuningId::Tuned}}},
    };
    return p;
}

std::string lookback_policy_names() {
    std::string s;
    for (const auto& p : lookback_policies()) s += (s.empty() ? "" : ", ") + std::string(p.name);
    return s;
}

LookbackPolicyChoice choose_lookback_policy(const LookbackDeviceFacts& d, std::string_view requested) {
    // Calls f(tuning, value bytes) for every tile a policy's bands may launch.
    auto each_tile = [](const LookbackPolicyInfo& p, auto&& f) {
        for (const auto& b : p.bands) {
            for (int bytes : {4, 8})
                if (!f(b.tuning, bytes)) return false;
            if (b.float_select && !f(*b.float_select, 4)) return false;
        }
        return true;
    };
    // The most any band of the policy asks of one block, for 4-byte or 8-byte values (a
    // tuning's 8-byte tile need not be the larger: the h200's widest is 72 KiB for 4 bytes).
    auto fits = [&](const LookbackPolicyInfo& p, int64_t* need) {
        *need = 0;
        each_tile(p, [&](LookbackTuningId t, int bytes) {
            *need = std::max(*need, lookback_tuning_smem_bytes(t, bytes));
            return true;
        });
        return d.smem_per_block_optin <= 0 || *need <= d.smem_per_block_optin;
    };
    // ... and every band keeps the blocks per SM it was tuned for (fewer resident tiles than
    // tuned leave the loads that hide the look-back's wait unissued).
    auto fits_sm = [&](const LookbackPolicyInfo& p) {
        if (d.smem_per_sm <= 0) return true;
        return each_tile(p, [&](LookbackTuningId t, int bytes) {
            const int64_t block = lookback_tuning_smem_bytes(t, bytes) + d.smem_reserved_per_block;
            return block * lookback_tuning_shape(t).blocks(bytes) <= d.smem_per_sm;
        });
    };
    const auto& all = lookback_policies();
    if (!requested.empty() && requested != "auto") {
        for (const auto& p : all) {
            if (p.name != requested) continue;
            int64_t need = 0;
            if (!fits(p, &need))
                throw std::invalid_argument("--policy " + std::string(requested) + " needs " +
                                            std::to_string(need / 1024) + " KiB of shared memory per block; " +
                                            d.name + " allows " + std::to_string(d.smem_per_block_optin / 1024) +
                                            " KiB");
            return {&p, "--policy"};
        }
        throw std::invalid_argument("--policy '" + std::string(requested) + "': expected auto or one of " +
                                    lookback_policy_names());
    }
    const LookbackPolicyInfo& fallback = all.back();  // fits any card with 48 KiB per block
    if (d.sms <= 0 || d.dram_gbps <= 0) return {&fallback, "auto: the device's bandwidth is unknown"};
    const double per_sm = d.dram_gbps / d.sms;
    const LookbackPolicyInfo* best = nullptr;
    double best_dist = 0;
    for (const auto& p : all) {
        int64_t need = 0;
        if (!fits(p, &need) || !fits_sm(p)) continue;
        const double dist = std::fabs(std::log(per_sm / p.tuned_gbps_per_sm));
        if (!best || dist < best_dist) best = &p, best_dist = dist;  // a tie keeps the earlier
    }
    if (!best)
        return {&fallback, "auto: no tuned policy's tiles fit " + fmt("%.0f", d.smem_per_sm / 1024.0) +
                               " KiB of shared memory per SM"};
    return {best, "auto: " + fmt("%.0f", d.dram_gbps) + " GB/s over " + std::to_string(d.sms) + " SMs = " +
                      fmt("%.1f", per_sm) + " GB/s per SM, nearest the " + std::string(best->tuned_on) + "'s " +
                      fmt("%.1f", best->tuned_gbps_per_sm)};
}

LookbackTuningId lookback_tuning_for(const LookbackPolicyInfo& policy, int64_t n, int value_bytes,
                                     int64_t l2_bytes, bool float_select) {
    const int64_t bytes = n * value_bytes;
    auto pick = [&](const LookbackBand& b) {
        return float_select && value_bytes == 4 && b.float_select ? *b.float_select : b.tuning;
    };
    for (const auto& b : policy.bands) {
        const int64_t limit = b.max_input_bytes == -1 ? l2_bytes / 2 : b.max_input_bytes;
        if (b.max_input_bytes == 0 || bytes <= limit) return pick(b);
    }
    return pick(policy.bands.back());
}

std::string describe(const LookbackPolicyChoice& c) {
    if (!c.policy) return "";
    std::string s = std::string(c.policy->name) + " (" + c.reason + "):";
    for (size_t i = 0; i < c.policy->bands.size(); ++i) {
        const LookbackBand& b = c.policy->bands[i];
        s += (i ? ", " : " ") + std::string(to_string(b.tuning));
        if (b.float_select) {
            const LookbackTuningShape f = lookback_tuning_shape(*b.float_select);
            s += " (float32 max/min " + std::to_string(f.threads4) + "x" + std::to_string(f.items4) + " b" +
                 std::to_string(f.blocks4) + (f.groups4 > 1 ? " w" + std::to_string(f.groups4) : "") + ")";
        }
        if (b.max_input_bytes == -1)
            s += " to half the L2";
        else if (b.max_input_bytes > 0)
            s += " to " + std::to_string(b.max_input_bytes >> 20) + " MiB";
        else if (c.policy->bands.size() > 1)
            s += " above";
    }
    return s;
}

}  // namespace scanviz
