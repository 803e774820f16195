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
