// Work and span against n (core/analysis/work_span.hpp), the curves the window's chart and the
// web page's charts draw, against the closed forms of Hillis-Steele (GPU Gems 3, 39.2.1): in
// the step of distance d = 1, 2, ..., n/2 every thread t >= d applies the operator once, so
// the work is the sum of (n - d), n log2 n - (n - 1), and the span is the log2 n steps.
#include <gtest/gtest.h>

#include <cmath>

#include "core/analysis/work_span.hpp"

using namespace scanviz;

TEST(WorkSpan, HillisSteeleIsNLogNWorkAndLogNSpan) {
    const WorkSpanCurve c = work_span_curve("block_hillis_steele");
    EXPECT_EQ(c.id, "block_hillis_steele");
    EXPECT_EQ(c.error, "");
    // One thread per element, at most 1024 threads: 32, 64, ..., 1024 (no 2048, 4096).
    ASSERT_EQ(c.points.size(), 6u);
    const int64_t work[] = {129, 321, 769, 1793, 4097, 9217};  // n log2 n - (n - 1), by hand
    for (size_t i = 0; i < c.points.size(); ++i) {
        const int n = 32 << i, log_n = 5 + static_cast<int>(i);
        SCOPED_TRACE("n = " + std::to_string(n));
        EXPECT_EQ(c.points[i].n, n);
        EXPECT_EQ(c.points[i].work, work[i]);
        EXPECT_EQ(c.points[i].work, int64_t{n} * log_n - (n - 1));
        EXPECT_EQ(c.points[i].span, log_n);
    }
}

TEST(WorkSpan, APointIsTheModelsAtThatSizeAndNoneWhereTheVariantDoesNotRun) {
    const auto p = work_span_at("block_hillis_steele", 256);
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(p->n, 256);
    EXPECT_EQ(p->work, 1793);
    EXPECT_EQ(p->span, 8);
    EXPECT_FALSE(work_span_at("block_hillis_steele", 2048).has_value());  // more threads than a block has
    EXPECT_FALSE(work_span_at("no_such_variant", 32).has_value());
    const WorkSpanCurve none = work_span_curve("no_such_variant");
    EXPECT_TRUE(none.points.empty());
    EXPECT_EQ(none.error, "");
}

// Kogge-Stone on one warp (32 lanes, distances 1, 2, 4, 8, 16): work 31 + 30 + 28 + 24 + 16 = 129,
// span 5; a warp scan runs at n = 32 only, so its curve is one point.
TEST(WorkSpan, AWarpScanIsOnePoint) {
    const WorkSpanCurve c = work_span_curve("warp_conditional");
    ASSERT_EQ(c.points.size(), 1u);
    EXPECT_EQ(c.points[0].n, 32);
    EXPECT_EQ(c.points[0].work, 129);
    EXPECT_EQ(c.points[0].span, 5);
}

TEST(WorkSpan, TheGuides) {
    const auto work = work_span_guides(true), span = work_span_guides(false);
    EXPECT_STREQ(work[0].name, "n log2 n");
    EXPECT_STREQ(work[1].name, "2n");
    EXPECT_STREQ(span[0].name, "log2 n");
    EXPECT_STREQ(span[1].name, "2 log2 n");
    EXPECT_DOUBLE_EQ(work[0].at(1024), 10240);
    EXPECT_DOUBLE_EQ(work[1].at(1024), 2048);
    EXPECT_DOUBLE_EQ(span[0].at(1024), 10);
    EXPECT_DOUBLE_EQ(span[1].at(1024), 20);
}
