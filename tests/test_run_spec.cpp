#include <gtest/gtest.h>

#include <random>

#include "core/trace/run_spec.hpp"

using namespace scanviz;

TEST(RunSpec, Int32AddWrapsLikeTheGpu) {
    EXPECT_EQ(apply_op(Op::Add, ElemType::I32, 2147483647.0, 1.0), -2147483648.0);
}

TEST(RunSpec, SequentialExclusiveStartsWithIdentity) {
    auto out = sequential_scan({3, 1, 4}, Op::Max, ElemType::I32, true);
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[0], identity(Op::Max, ElemType::I32));
    EXPECT_EQ(out[1], 3);
    EXPECT_EQ(out[2], 3);
}

TEST(RunSpec, ParseValuesNamesTheBadToken) {
    auto r = parse_values("3,1,x4", ElemType::I32);
    EXPECT_TRUE(r.values.empty());
    EXPECT_NE(r.error.find("'x4'"), std::string::npos);
}

TEST(RunSpec, ParseValuesNamesAnEmptyItem) {
    auto r = parse_values("1,2,,3", ElemType::I32);
    EXPECT_TRUE(r.values.empty());
    EXPECT_EQ(r.error, "value 3 is empty: nothing between two commas");
    EXPECT_EQ(parse_values(",1", ElemType::I32).error, "value 1 is empty: the list starts with a comma");
    EXPECT_EQ(parse_values("1, 2,", ElemType::F32).error, "value 3 is empty: the list ends with a comma");
    EXPECT_EQ(parse_values("1 , 2 ,\n 3", ElemType::I32).values, (std::vector<double>{1, 2, 3}));
    EXPECT_EQ(parse_values("1 2\t3;4", ElemType::I32).values, (std::vector<double>{1, 2, 3, 4}));
}

// make_input writes libstdc++'s distributions out (the WebAssembly build's libc++ has others):
// on this (GCC) build they must give exactly what std::uniform_*_distribution gives.
TEST(RunSpec, RandomInputsAreLibstdcxxsDistributions) {
    for (uint64_t seed : {0ull, 1ull, 3ull, 12345ull, 0xfffffffffull}) {
        RunSpec s;
        s.n = 4096;
        s.seed = seed;
        s.input = InputKind::Random;
        std::mt19937_64 rng(seed);
        std::uniform_int_distribution<int> digit(0, 9);
        const auto ints = make_input(s);
        for (size_t i = 0; i < ints.size(); ++i) ASSERT_EQ(ints[i], digit(rng)) << "seed " << seed << " i " << i;
        s.type = ElemType::F32;
        std::mt19937_64 rng2(seed);
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        const auto floats = make_input(s);
        for (size_t i = 0; i < floats.size(); ++i)
            ASSERT_EQ(floats[i], static_cast<double>(unit(rng2))) << "seed " << seed << " i " << i;
    }
}
