// Which look-back tuning runs on which card (issue 24, core/bench/lookback_policy): the
// automatic choice from a device's bandwidth per SM and shared memory, --policy, the size
// bands, and one clear error for a name that is not a policy or does not fit the card.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/bench/lookback_policy.hpp"

using namespace scanviz;

namespace {

// Facts as CUDA reports them (memory clock x 2 x bus width / 8; shared memory per block
// opt-in, per SM, reserved per block).
LookbackDeviceFacts h100() {
    return {"NVIDIA H100 80GB HBM3", 132, 50 << 20, 2 * 2.619e9 * 640 / 1e9, 227 << 10, 228 << 10, 1 << 10};
}
LookbackDeviceFacts h200() {
    return {"NVIDIA H200", 132, 60 << 20, 2 * 3.201e9 * 768 / 1e9, 227 << 10, 228 << 10, 1 << 10};
}
LookbackDeviceFacts a100() {
    return {"NVIDIA A100-SXM4-40GB", 108, 40 << 20, 2 * 1.215e9 * 640 / 1e9, 163 << 10, 164 << 10, 1 << 10};
}
// sm_89: 99 KiB a block, 100 KiB an SM: one 72 KiB tile per SM, not the three it was tuned for.
LookbackDeviceFacts rtx4090() {
    return {"NVIDIA GeForce RTX 4090", 128, 72 << 20, 2 * 10.501e9 * 48 / 1e9, 99 << 10, 100 << 10, 1 << 10};
}
// A small card with the bandwidth per SM of an H200 but 48 KiB per block.
LookbackDeviceFacts small_smem() { return {"small", 10, 4 << 20, 372.0, 48 << 10}; }

std::string error_of(const LookbackDeviceFacts& d, const std::string& name) {
    try {
        choose_lookback_policy(d, name);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(LookbackPolicy, AutoPicksThePolicyTunedForTheNearestBandwidthPerSm) {
    const auto a = choose_lookback_policy(h100(), "auto");
    ASSERT_NE(a.policy, nullptr);
    EXPECT_EQ(a.policy->name, "h100");
    EXPECT_EQ(a.reason.rfind("auto: ", 0), 0u);
    EXPECT_EQ(choose_lookback_policy(h200(), "auto").policy->name, "h200");
    EXPECT_EQ(choose_lookback_policy(h200(), "").policy->name, "h200");
    // 72 KiB tiles at 3 blocks per SM need 3 x 73 KiB: an A100's 164 KiB and an RTX 4090's
    // 100 KiB per SM take the portable policy, and say why.
    const auto on_a100 = choose_lookback_policy(a100(), "auto");
    EXPECT_EQ(on_a100.policy->name, "portable");
    EXPECT_NE(on_a100.reason.find("164 KiB of shared memory per SM"), std::string::npos) << on_a100.reason;
    EXPECT_EQ(choose_lookback_policy(rtx4090(), "auto").policy->name, "portable");
    // The same card with the SM's shared memory unknown: only the block's counts.
    LookbackDeviceFacts a100_sm_unknown = a100();
    a100_sm_unknown.smem_per_sm = 0;
    EXPECT_EQ(choose_lookback_policy(a100_sm_unknown, "auto").policy->name, "h100");  // 18 GB/s per SM
    // The H200's tiles need 72 KiB a block: a card that allows 48 gets the portable policy.
    EXPECT_EQ(choose_lookback_policy(small_smem(), "auto").policy->name, "portable");
    // No bandwidth known: the portable policy, and it says why.
    LookbackDeviceFacts unknown = h200();
    unknown.dram_gbps = 0;
    const auto u = choose_lookback_policy(unknown, "auto");
    EXPECT_EQ(u.policy->name, "portable");
    EXPECT_NE(u.reason.find("unknown"), std::string::npos);
}

TEST(LookbackPolicy, ANamedPolicyIsTakenAsAsked) {
    const auto c = choose_lookback_policy(h100(), "h200");
    EXPECT_EQ(c.policy->name, "h200");
    EXPECT_EQ(c.reason, "--policy");
    EXPECT_EQ(choose_lookback_policy(h200(), "h100").policy->name, "h100");
    // Asked by name, a policy need only fit one block: fewer blocks per SM run, slower.
    EXPECT_EQ(choose_lookback_policy(a100(), "h100").policy->name, "h100");
    EXPECT_EQ(choose_lookback_policy(rtx4090(), "portable").policy->name, "portable");
}

TEST(LookbackPolicy, OneClearLineForABadName) {
    const std::string e = error_of(h100(), "h300");
    EXPECT_NE(e.find("--policy 'h300'"), std::string::npos) << e;
    EXPECT_NE(e.find("h100, h200, portable"), std::string::npos) << e;
    const std::string f = error_of(small_smem(), "h200");
    EXPECT_NE(f.find("needs 72 KiB"), std::string::npos) << f;  // 4-byte values: 128 x 144 x 4 + 32
    EXPECT_NE(f.find("allows 48 KiB"), std::string::npos) << f;
    EXPECT_EQ(f.find('\n'), std::string::npos);
}

TEST(LookbackPolicy, BandsBySizeOfTheInput) {
    const auto& h2 = *choose_lookback_policy(h200(), "h200").policy;
    const int64_t l2 = 60 << 20;
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 10, 4, l2), LookbackTuningId::Tuned);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 21, 4, l2), LookbackTuningId::Tuned);  // 8 MiB: the last of band 1
    EXPECT_EQ(lookback_tuning_for(h2, (1 << 21) + 1, 4, l2), LookbackTuningId::WideHinted);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 22, 4, l2), LookbackTuningId::WideHinted);  // 16 MiB <= 30
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 23, 4, l2), LookbackTuningId::Wide);        // 32 MiB > 30
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 24, 4, l2), LookbackTuningId::Wide);        // 64 MiB: the last
    EXPECT_EQ(lookback_tuning_for(h2, (1 << 24) + 1, 4, l2), LookbackTuningId::Widest);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 28, 4, l2), LookbackTuningId::Widest);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 21, 8, l2), LookbackTuningId::WideHinted);  // 16 MiB of int64
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 22, 8, l2), LookbackTuningId::Wide);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 24, 8, l2), LookbackTuningId::Widest);
    // float32 max and min keep 128 x 104 above 64 MiB; float64, float add and int32 do not.
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 28, 4, l2, true), LookbackTuningId::Wide);
    EXPECT_EQ(lookback_tuning_for(h2, (1 << 24) + 1, 4, l2, true), LookbackTuningId::Wide);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 28, 8, l2, true), LookbackTuningId::Widest);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 21, 4, l2, true), LookbackTuningId::Tuned);
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 22, 4, l2, true), LookbackTuningId::WideHinted);
    // A card whose half L2 holds more than 64 MiB: the half-L2 band comes first.
    EXPECT_EQ(lookback_tuning_for(h2, 1 << 24, 4, int64_t{256} << 20), LookbackTuningId::WideHinted);
    const auto& h1 = *choose_lookback_policy(h100(), "h100").policy;
    EXPECT_EQ(lookback_tuning_for(h1, 1, 4, l2), LookbackTuningId::Tuned);
    EXPECT_EQ(lookback_tuning_for(h1, 1 << 21, 4, l2), LookbackTuningId::Tuned);  // 8 MiB
    EXPECT_EQ(lookback_tuning_for(h1, (1 << 21) + 1, 4, l2), LookbackTuningId::Widest);
    EXPECT_EQ(lookback_tuning_for(h1, 1 << 20, 8, l2), LookbackTuningId::Tuned);
    EXPECT_EQ(lookback_tuning_for(h1, 1 << 28, 8, l2), LookbackTuningId::Widest);
    EXPECT_EQ(lookback_tuning_for(h1, 1 << 28, 4, l2, true), LookbackTuningId::Widest);  // the H100: 0.988
    const auto& portable = *choose_lookback_policy(small_smem(), "portable").policy;
    for (const int64_t n : {int64_t{1}, int64_t{1} << 22, int64_t{1} << 28})
        EXPECT_EQ(lookback_tuning_for(portable, n, 4, l2), LookbackTuningId::Tuned);
}

TEST(LookbackPolicy, SharedMemoryOfEachTuning) {
    // Two values per warp (16-byte aligned), then the tile.
    EXPECT_EQ(lookback_tuning_smem_bytes(LookbackTuningId::Tuned, 4), 32 + 128 * 48 * 4);
    EXPECT_EQ(lookback_tuning_smem_bytes(LookbackTuningId::Tuned, 8), 64 + 128 * 32 * 8);
    EXPECT_EQ(lookback_tuning_smem_bytes(LookbackTuningId::WideHinted, 4), 32 + 128 * 104 * 4);
    EXPECT_EQ(lookback_tuning_smem_bytes(LookbackTuningId::Widest, 8), 128 + 256 * 24 * 8);
    EXPECT_EQ(lookback_tuning_smem_bytes(LookbackTuningId::Wide, 4), 32 + 128 * 104 * 4);
    EXPECT_EQ(lookback_tuning_smem_bytes(LookbackTuningId::Wide, 8), 128 + 256 * 24 * 8);
    // The H100's tuning fits the 48 KiB of static shared memory; the H200's do not.
    EXPECT_LE(lookback_tuning_smem_bytes(LookbackTuningId::Tuned, 8), 48 << 10);
    EXPECT_GT(lookback_tuning_smem_bytes(LookbackTuningId::Widest, 4), 48 << 10);
}

TEST(LookbackPolicy, LoadGroupsHoldWholeVectorsOfEachTile) {
    // A tile's copies are 16-byte vectors (4 items of 4 bytes, 2 of 8) split evenly into the
    // load groups; the widest tiles fold theirs group by group (runs 14 and 15).
    for (const auto t : {LookbackTuningId::Tuned, LookbackTuningId::WideHinted, LookbackTuningId::Wide,
                         LookbackTuningId::Widest}) {
        const LookbackTuningShape s = lookback_tuning_shape(t);
        for (const int bytes : {4, 8}) {
            const int vectors = s.items(bytes) * bytes / 16;
            ASSERT_GE(s.load_groups(bytes), 1) << to_string(t);
            EXPECT_EQ(vectors % s.load_groups(bytes), 0) << to_string(t) << ", " << bytes << "-byte values";
        }
    }
    EXPECT_EQ(lookback_tuning_shape(LookbackTuningId::Widest).load_groups(4), 12);
    EXPECT_EQ(lookback_tuning_shape(LookbackTuningId::Tuned).load_groups(4), 1);
}

TEST(LookbackPolicy, DescribeNamesThePolicyItsReasonAndItsBands) {
    const std::string d = describe(choose_lookback_policy(h200(), "auto"));
    EXPECT_EQ(d.rfind("h200 (auto: ", 0), 0u) << d;
    EXPECT_NE(d.find("128x48 b9 to 8 MiB"), std::string::npos) << d;
    EXPECT_NE(d.find("128x104 b4 hints to half the L2"), std::string::npos) << d;
    EXPECT_NE(d.find("128x104 b4 w13 (8-byte 256x24 b4 w12) to 64 MiB"), std::string::npos) << d;
    EXPECT_NE(d.find("128x144 b3 w12 (8-byte 256x24 b4 w12) (float32 max/min 128x104 b4 w13) above"), std::string::npos)
        << d;
    EXPECT_EQ(describe(choose_lookback_policy(h100(), "h100")),
              "h100 (--policy): 128x48 b9 to 8 MiB, 128x144 b3 w12 (8-byte 256x24 b4 w12) above");
    EXPECT_EQ(describe(choose_lookback_policy(h100(), "portable")), "portable (--policy): 128x48 b9");
    EXPECT_EQ(lookback_policy_names(), "h100, h200, portable");
}
