// The settings header of a learner's kernel (core/learner/settings.hpp): every value it
// accepts, and one line naming FILE:LINE for every value it does not.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/learner/plain_cuda.hpp"
#include "core/learner/settings.hpp"

using namespace scanviz;

namespace {

const char* kKernel = "\n#include \"scanviz.cuh\"\n__global__ void scan(const int* in, int* out, int n) {}\n";

ParsedSettings parse(const std::string& header) { return parse_settings(header + kKernel, "k.cu"); }

}  // namespace

TEST(LearnerSettings, ReadsEveryKey) {
    auto p = parse(
        "// scanviz: n = 48, block = 32, op = max, type = f32, exclusive, input = ones, seed = 9\n"
        "// scanviz: like = block_blelloch, kernel = scan");
    ASSERT_EQ(p.error, "");
    const KernelSettings& s = p.settings;
    EXPECT_EQ(s.spec.n, 48);
    EXPECT_EQ(s.block, 32);
    EXPECT_EQ(s.spec.op, Op::Max);
    EXPECT_EQ(s.spec.type, ElemType::F32);
    EXPECT_TRUE(s.spec.exclusive);
    EXPECT_EQ(s.spec.input, InputKind::Ones);
    EXPECT_EQ(s.spec.seed, 9u);
    EXPECT_EQ(s.like, "block_blelloch");
    EXPECT_EQ(s.spec.variant, "block_blelloch");
    EXPECT_EQ(s.kernel, "scan");
    EXPECT_FALSE(s.segmented);
}

TEST(LearnerSettings, DefaultsAndLists) {
    auto p = parse("// scanviz: input = 3,1,4,1, op = add");
    ASSERT_EQ(p.error, "");
    EXPECT_EQ(p.settings.spec.input, InputKind::Given);
    EXPECT_EQ(p.settings.spec.values, (std::vector<double>{3, 1, 4, 1}));
    EXPECT_EQ(p.settings.spec.n, 4);  // no n: the list's length
    EXPECT_EQ(p.settings.block, 4);
    auto q = parse("// scanviz: n = 4, input = 3, 1, 4, 1, heads = 1,0,1,0");
    ASSERT_EQ(q.error, "");
    EXPECT_EQ(q.settings.block, 4);
    EXPECT_EQ(q.settings.spec.values.size(), 4u);
    EXPECT_EQ(q.settings.spec.heads, (std::vector<uint8_t>{1, 0, 1, 0}));
    EXPECT_TRUE(q.settings.segmented);
}

TEST(LearnerSettings, OneLineNamingTheBadValue) {
    EXPECT_EQ(parse("// scanviz: n = 64, blok = 64").error,
              "k.cu:1: unknown key 'blok' (n, block, op, type, inclusive, exclusive, input, seed, heads, "
              "like, kernel)");
    EXPECT_EQ(parse("// a comment\n// scanviz: op = mul").error, "k.cu:2: op 'mul' is not add, max or min");
    EXPECT_EQ(parse("// scanviz: type = f64").error, "k.cu:1: type 'f64' is not i32 or f32");
    EXPECT_EQ(parse("// scanviz: n = x").error, "k.cu:1: n 'x' is not a whole number >= 1");
    EXPECT_EQ(parse("// scanviz: block = 2048").error, "k.cu:1: block 2048 is more than 1024 threads");
    EXPECT_EQ(parse("// scanviz: like = warp_nope").error,
              "k.cu:1: like 'warp_nope' is no built-in variant (scanviz list)");
    EXPECT_EQ(parse("// scanviz: input = lots").error,
              "k.cu:1: input 'lots' is not random, ones, ramp or a list of values");
    EXPECT_EQ(parse("// scanviz: n = 4, heads = 1,0,2,0").error, "k.cu:1: heads: each flag is 0 or 1");
    EXPECT_EQ(parse("// scanviz: n = 200, block = 32").error, "k.cu:1: n 200 is not 1 to block * 4 = 128");
    EXPECT_EQ(parse("// scanviz: n = 4, input = 1,2,3").error, "k.cu:1: input has 3 values, n is 4");
    EXPECT_EQ(parse("// scanviz: inclusive = yes").error, "k.cu:1: 'inclusive' takes no value");
    EXPECT_EQ(parse("// scanviz: kernel = other").error,
              "k.cu:1: kernel 'other' is not a __global__ function of the file");
    EXPECT_EQ(parse_settings("// scanviz: n = 4\nint x;\n", "k.cu").error,
              "k.cu:1: no __global__ function in the file");
}

TEST(LearnerSettings, TheHeaderIsTheOpeningComment) {
    // A `// scanviz:` line after the code starts is not read.
    auto p = parse_settings(std::string("// scanviz: n = 8\n") + kKernel + "// scanviz: op = nope\n", "k.cu");
    EXPECT_EQ(p.error, "");
    EXPECT_EQ(p.settings.spec.n, 8);
}

TEST(LearnerSettings, FindsTheKernel) {
    const std::string src =
        "// __global__ in a comment\n"
        "__device__ int helper(int x) { return x; }\n"
        "__global__ void first(const float* in, const int* heads, float* out, int n) {}\n"
        "__global__ void second(const int* in, int* out, int n) {}\n";
    EXPECT_EQ(first_kernel_name(src), "first");
    EXPECT_EQ(kernel_line(src, "second"), 4);
    EXPECT_EQ(kernel_parameters(src, "first"), 4);
    EXPECT_EQ(kernel_parameters(src, "second"), 3);
    auto p = parse_settings(src, "k.cu");
    ASSERT_EQ(p.error, "");
    EXPECT_TRUE(p.settings.segmented);
}

// A plain CUDA file (plain_cuda.hpp): its one-dimensional __shared__ arrays become SCANVIZ_SHARED
// on their own lines, scanviz.cuh is supplied, and every line keeps its number.
namespace {

int lines_of(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

// Line `k` (1-based) of the prepared text, counting from the `#line 1` it starts with.
std::string line_after_prologue(const std::string& text, int k) {
    const std::string prologue = "#include \"scanviz.cuh\"\n#line 1\n";
    EXPECT_EQ(text.rfind(prologue, 0), 0u) << text;
    std::string rest = text.substr(prologue.size());
    size_t at = 0;
    for (int i = 1; i < k; ++i) at = rest.find('\n', at) + 1;
    return rest.substr(at, rest.find('\n', at) - at);
}

}  // namespace

TEST(PlainCuda, TracesPlainSharedArraysKeepingLines) {
    const std::string src =
        "// scanviz: n = 64\n"
        "#include <cuda_runtime.h>\n"
        "#define B 32\n"
        "__global__ void k(const int* in, int* out, int n) {\n"
        "    __shared__ int s[2 * B];  // a comment: __shared__ float x[4];\n"
        "    volatile __shared__ int w[B], v[B + 1];\n"
        "    static __shared__ float f[B];\n"
        "    const char* c = \"__shared__ int q[3];\";\n"
        "    { __shared__ int a[4]; }\n"
        "}\n";
    const PreparedSource p = prepare_source(src);
    EXPECT_FALSE(p.includes_scanviz);
    EXPECT_EQ(p.traced, 4);  // s, w and v (one statement), f, a
    EXPECT_TRUE(p.untraced.empty());
    EXPECT_EQ(lines_of(p.text), lines_of(src) + 2);  // the two lines of the prologue only
    EXPECT_EQ(line_after_prologue(p.text, 5), "    SCANVIZ_SHARED(int, s, 2 * B);  // a comment: __shared__ float x[4];");
    EXPECT_EQ(line_after_prologue(p.text, 6), "    SCANVIZ_SHARED(volatile int, w, B); SCANVIZ_SHARED(volatile int, v, B + 1);");
    EXPECT_EQ(line_after_prologue(p.text, 7), "    SCANVIZ_SHARED(float, f, B);");
    EXPECT_EQ(line_after_prologue(p.text, 8), "    const char* c = \"__shared__ int q[3];\";");  // a string stays
    EXPECT_EQ(line_after_prologue(p.text, 9), "    { SCANVIZ_SHARED(int, a, 4); }");
    // The toolkit's header, which the host compiler has not, is commented out on its own line.
    EXPECT_EQ(line_after_prologue(p.text, 2).rfind("//", 0), 0u);
}

TEST(PlainCuda, AFileThatIncludesScanvizIsCompiledAsWritten) {
    const std::string src = "#include \"scanviz.cuh\"\n__global__ void k(const int*, int*, int) {\n"
                            "    __shared__ int s[32];\n}\n";
    const PreparedSource p = prepare_source(src);
    EXPECT_TRUE(p.includes_scanviz);
    EXPECT_EQ(p.text, src);
    ASSERT_EQ(p.untraced.size(), 1u);
    EXPECT_EQ(p.untraced[0].line, 3);
    EXPECT_EQ(no_array_traced_line(src, 32),
              "no array is traced: the __shared__ array on line 3 is not traced in a file that includes "
              "scanviz.cuh; declare it as SCANVIZ_SHARED(int, s, 32)");
}

TEST(PlainCuda, SaysWhyNoArrayIsTracedAndHowToTraceOne) {
    auto line = [](const std::string& decl) {
        return no_array_traced_line("__global__ void k(const int*, int*, int) {\n    " + decl + "\n}\n", 64);
    };
    EXPECT_EQ(line("extern __shared__ int s[];"),
              "no array is traced: line 2 declares extern __shared__ s, whose size is set at launch; scanviz "
              "traces an array of fixed size: SCANVIZ_SHARED(int, s, 64)");
    EXPECT_EQ(line("__shared__ float t[2][32];"),
              "no array is traced: line 2 declares t with two dimensions; scanviz traces an array of one: "
              "SCANVIZ_SHARED(float, t, 64)");
    EXPECT_EQ(line("__shared__ double d[32];"),
              "no array is traced: line 2 declares d as double; scanviz traces int and float: "
              "SCANVIZ_SHARED(int, d, 64)");
    EXPECT_EQ(line("__shared__ int total;"),
              "no array is traced: line 2 declares the __shared__ variable total, not an array; trace an array "
              "with SCANVIZ_SHARED(int, total, 64)");
    EXPECT_EQ(line("int x = 0;"),
              "no array is traced, so the steps show nothing: declare the shared array as SCANVIZ_SHARED(int, s, "
              "64) (or, in a file without scanviz.cuh, __shared__ int s[64];)");
    // A 2-D array is left as written (the program stays the learner's).
    EXPECT_NE(prepare_source("__shared__ int m[2][32];\n").text.find("__shared__ int m[2][32];"), std::string::npos);
}

TEST(PlainCuda, AnErrorAboutATracedArrayNamesItAndWhatToDo) {
    const PreparedSource p = prepare_source(
        "__global__ void k(const int*, int*, int) {\n    __shared__ int a[8];\n    __shared__ int b[8];\n}\n");
    ASSERT_EQ(p.traced_arrays.size(), 2u);
    EXPECT_EQ(p.traced_arrays[1], (std::pair<int, std::string>(3, "b")));
    // The array is found by the line in its type, shared<T, N, LINE>.
    EXPECT_EQ(with_traced_array_hint(p, "k.cu:7: cannot convert 'scanviz::shared<int, 8, 3>' to 'int*'"),
              "k.cu:7: cannot convert 'scanviz::shared<int, 8, 3>' to 'int*' (scanviz traces the __shared__ array b "
              "of line 3, and cannot follow a pointer into it: index the array, or include scanviz.cuh to run the "
              "file untraced)");
    EXPECT_EQ(with_traced_array_hint(p, "k.cu:7: expected ';'"), "k.cu:7: expected ';'");
    EXPECT_EQ(with_traced_array_hint(prepare_source("int x;\n"), "scanviz::shared<int, 8, 3>"), "scanviz::shared<int, 8, 3>");
}
