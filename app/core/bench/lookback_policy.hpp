// Which tuning of the whole-array scan (`ours`) runs on which card.
//
// The look-back kernel keeps a small compiled set of tunings (kernels/device/lookback/
// policy.cuh). A *policy* is what one card was tuned to: the tuning for each band of input
// sizes. This file is plain C++: it names the policies, picks one from a device's facts
// (or takes the user's --policy), and says which tuning a size gets. The kernels launch
// the tuning it names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

// The compiled tunings (kernels/device/lookback/policy.cuh has their fields and history).
enum class LookbackTuningId : uint8_t {
    Tuned,       // 128 threads x 48 items (4-byte; 8-byte: 128 x 32), staged, 9 blocks per SM: the H100's
    WideHinted,  // 128 x 104 (8-byte: 128 x 52), 4 blocks per SM, evict-first hints
    Wide,        // 128 x 104, 4 blocks per SM, backoff 8 to 64 ns, 13 load groups (8-byte: Widest's 256 x 24)
    Widest,      // 128 x 144, 3 blocks per SM (8-byte: 256 x 24, 4 per SM), backoff 8 to 64 ns, 12 load groups
};
std::string_view to_string(LookbackTuningId t);

// A tuning's tile for 4-byte and for 8-byte values: threads, items per thread, the blocks
// per SM it was tuned to keep resident (__launch_bounds__), and the cp.async groups its
// copies go in (the early aggregate folds each group as it lands; 1: one wait for the
// tile). The kernels' tunings static_assert that they match.
struct LookbackTuningShape {
    int threads4;
    int items4;
    int blocks4;
    int threads8;
    int items8;
    int blocks8;
    int groups4 = 1;
    int groups8 = 1;
    constexpr int threads(int value_bytes) const { return value_bytes == 8 ? threads8 : threads4; }
    constexpr int items(int value_bytes) const { return value_bytes == 8 ? items8 : items4; }
    constexpr int blocks(int value_bytes) const { return value_bytes == 8 ? blocks8 : blocks4; }
    constexpr int load_groups(int value_bytes) const { return value_bytes == 8 ? groups8 : groups4; }
};
constexpr LookbackTuningShape lookback_tuning_shape(LookbackTuningId t) {
    switch (t) {
        case LookbackTuningId::WideHinted:
            return {128, 104, 4, 128, 52, 4};
        case LookbackTuningId::Wide:
            return {128, 104, 4, 256, 24, 4, 13, 12};
        case LookbackTuningId::Widest:
            return {128, 144, 3, 256, 24, 4, 12, 12};
        case LookbackTuningId::Tuned:
        default:
            return {128, 48, 9, 128, 32, 6};
    }
}
// Bytes of shared memory one block of the tuning needs for values of `value_bytes` bytes:
// two values per warp, then the 16-byte aligned tile (the kernel's LookbackTempStorage).
constexpr int64_t lookback_tuning_smem_bytes(LookbackTuningId t, int value_bytes) {
    const LookbackTuningShape s = lookback_tuning_shape(t);
    const int threads = s.threads(value_bytes);
    const int64_t items = static_cast<int64_t>(threads) * s.items(value_bytes);
    const int64_t head = (2 * (threads / 32) * value_bytes + 15) / 16 * 16;
    return head + items * value_bytes;
}

// What the policy choice reads of a device (cudaDeviceProp and attributes).
struct LookbackDeviceFacts {
    std::string name;
    int sms = 0;
    int64_t l2_bytes = 0;
    double dram_gbps = 0;              // peak: 2 x memory clock x bus width
    int64_t smem_per_block_optin = 0;  // the most shared memory one block may ask for
    int64_t smem_per_sm = 0;           // shared memory of one SM (0: unknown)
    int64_t smem_reserved_per_block = 0;  // what the system takes of it for each block (1 KiB from sm_80)
};

// One policy: a band per size range, in order; a band holds inputs of at most
// max_input_bytes (0: no limit; -1: at most half the L2, in + out fitting in it).
// A band may give 4-byte floating-point max and min a tuning of their own: their
// compare-and-select is two dependent instructions where int32 max is one, so a tile of
// many items per thread can leave them short of the bandwidth the integer ops reach.
struct LookbackBand {
    int64_t max_input_bytes = 0;
    LookbackTuningId tuning = LookbackTuningId::Tuned;
    std::optional<LookbackTuningId> float_select = std::nullopt;  // float32 max and min, where set
};
struct LookbackPolicyInfo {
    std::string_view name;         // "h100", "h200", "portable"
    std::string_view tuned_on;     // the card it was tuned on
    double tuned_gbps_per_sm = 0;  // that card's peak DRAM bandwidth per SM (GB/s)
    std::vector<LookbackBand> bands;
};
const std::vector<LookbackPolicyInfo>& lookback_policies();

struct LookbackPolicyChoice {
    const LookbackPolicyInfo* policy = nullptr;
    std::string reason;  // "auto: ..." or "--policy"
};

// "auto" (or empty): among the policies whose tunings fit the device's shared memory (each
// band's tile in one block, and as many blocks per SM as it was tuned for), the one tuned
// for the nearest DRAM bandwidth per SM (by ratio); where none fits, the last ("portable":
// 24 to 32 KiB tiles, which run on any card with 48 KiB a block). A name: that policy.
// Throws std::invalid_argument with one line for an unknown name, or a policy whose
// tiles do not fit one block of the device.
LookbackPolicyChoice choose_lookback_policy(const LookbackDeviceFacts& device, std::string_view requested);

// The tuning `policy` gives an input of n values of value_bytes bytes on a device with
// an L2 of l2_bytes; float_select: the values are floating point and the operator is max
// or min.
LookbackTuningId lookback_tuning_for(const LookbackPolicyInfo& policy, int64_t n, int value_bytes,
                                     int64_t l2_bytes, bool float_select = false);

// "h200 (auto: 4915 GB/s over 132 SMs = 37 GB/s per SM, nearest the H200's 37)": the
// line the bench prints and stores.
std::string describe(const LookbackPolicyChoice& choice);

// Every policy name, for help text and errors: "h100, h200, portable".
std::string lookback_policy_names();

}  // namespace scanviz
