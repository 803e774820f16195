#include <gtest/gtest.h>

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
