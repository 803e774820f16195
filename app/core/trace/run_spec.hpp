// RunSpec: everything that decides one run of one scan variant.
// Plain C++: core never includes CUDA, OpenGL or ImGui headers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

enum class Op : uint8_t { Add, Max, Min };
enum class ElemType : uint8_t { I32, F32 };
enum class InputKind : uint8_t { Random, Ones, Ramp, Given };

std::string_view to_string(Op op);
std::string_view to_string(ElemType t);
std::string_view to_string(InputKind k);
std::optional<Op> parse_op(std::string_view s);
std::optional<ElemType> parse_type(std::string_view s);
std::optional<InputKind> parse_input_kind(std::string_view s);

struct RunSpec {
    std::string variant;          // id from the variant registry, e.g. "warp_shfl_ptx"
    int n = 32;                   // number of input elements
    int threads = 0;              // threads per block; 0 = the variant's default for n
    int items_per_thread = 0;     // for the CUB-style strategies; 0 = the variant's default
    Op op = Op::Add;
    ElemType type = ElemType::I32;
    bool exclusive = false;
    InputKind input = InputKind::Random;
    uint64_t seed = 1;
    std::vector<double> values;   // used when input == Given (exactly n of them)
    std::vector<uint8_t> heads;   // segment heads (segmented scan): n flags, 0 or 1; empty = none
};

// The input values a spec describes: given, or generated from the seed.
// Random int32 values are small (0..9) so a person can add them in their head;
// random float32 values are in [0, 1).
std::vector<double> make_input(const RunSpec& spec);

// Segment heads the spec describes; empty heads means "lane 0 only" for the segmented scan.
std::vector<uint8_t> make_heads(const RunSpec& spec);

// Applies the operator in the element type's own arithmetic:
// int32 wraps on overflow (two's complement), float32 rounds to float after each operation.
double apply_op(Op op, ElemType type, double a, double b);
double identity(Op op, ElemType type);

// Sequential scan in the element type's arithmetic, left to right: the ground truth.
std::vector<double> sequential_scan(const std::vector<double>& in, Op op, ElemType type, bool exclusive);

// Parse "3,1,4,1,5" (values separated by commas, semicolons or blanks). On failure the
// error names the value by its place: a token that is not a number, or an empty item
// ("1,2,,3": value 3 is empty).
struct ParsedValues {
    std::vector<double> values;
    std::string error;  // empty when ok
};
ParsedValues parse_values(std::string_view text, ElemType type);

}  // namespace scanviz
