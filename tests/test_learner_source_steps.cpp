// Where a learner's file says what (core/learner/source_steps.hpp): each step's lines, from its
// scanviz::step() call to its barrier, and the line a "FILE:LINE: ..." error names.
#include <gtest/gtest.h>

#include "core/learner/source_steps.hpp"

using namespace scanviz;

TEST(LearnerSourceSteps, AStepRunsFromItsCallToItsBarrier) {
    const char* source =
        "__global__ void k(const int* in, int* out, int n) {\n"  // 1
        "    s[t] = in[t];\n"                                    // 2
        "    __syncthreads();\n"                                 // 3
        "    for (int d = 1; d < 32; d *= 2) {\n"                // 4
        "        scanviz::step(\"up-sweep\", d);\n"              // 5
        "        if (t >= d) s[t] += s[t - d];\n"                // 6
        "        __syncthreads();\n"                             // 7
        "    }\n"                                                // 8
        "    scanviz::step(\"clear last\");\n"                   // 9
        "    s[31] = 0;\n"                                       // 10
        "    scanviz::step(\"down-sweep\");\n"                   // 11
        "    out[t] = s[t];\n"                                   // 12
        "}\n";
    const auto p = learner_step_phases(source);
    ASSERT_EQ(p.size(), 13u);
    EXPECT_EQ(p[1], "");
    EXPECT_EQ(p[2], "");
    EXPECT_EQ(p[4], "up-sweep");
    EXPECT_EQ(p[5], "up-sweep");
    EXPECT_EQ(p[6], "up-sweep");  // the barrier ends the step
    EXPECT_EQ(p[7], "");
    EXPECT_EQ(p[8], "clear last");
    EXPECT_EQ(p[9], "clear last");  // no barrier: the next step() call ends it
    EXPECT_EQ(p[10], "down-sweep");
    EXPECT_EQ(p[11], "down-sweep");
}

TEST(LearnerSourceSteps, TheLineAnErrorNames) {
    EXPECT_EQ(error_line_in("tests/k.cu:8: expected expression", "tests/k.cu"), 8);
    EXPECT_EQ(error_line_in("tests/k.cu: did not finish in 2 s", "tests/k.cu"), 0);
    EXPECT_EQ(error_line_in("other.cu:8: x", "tests/k.cu"), 0);
    EXPECT_EQ(error_line_in("tests/k.cu", "tests/k.cu"), 0);
}
