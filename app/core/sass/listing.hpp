// A SASS listing as kernels/sass/sass_compile.cmake writes it, and its parser.
//
// A listing is a header line naming the architecture, the source and the
// SHA-256 of the cubin, then nvdisasm's output twice (-gi: line information
// with the inline chain; -g: the innermost line alone). Plain C++: no CUDA
// needed to read one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/sass/classify.hpp"

namespace scanviz::sass {

struct SourceLoc {
    std::string file;  // relative to the source tree for project files ("kernels/warp/x.cuh")
    int line = 0;
    bool operator==(const SourceLoc&) const = default;
};

struct Instruction {
    uint32_t address = 0;
    std::string predicate;               // "@P0", "@!P1", or empty
    std::string opcode;                  // with modifiers: "ISETP.GE.U32.AND"
    std::string base;                    // "ISETP"
    std::vector<std::string> modifiers;  // {"GE", "U32", "AND"}
    std::vector<std::string> operands;   // {"P0", "PT", "R0", "0x2", "PT"}
    std::vector<SourceLoc> frames;       // innermost first, then the lines it was inlined at; may be empty
    OpClass cls = OpClass::Move;
    std::string text;  // "@P0 IADD3 R5, R0, R5, RZ"
};

struct Function {
    std::string name;
    std::vector<Instruction> code;
};

struct Listing {
    std::string arch;          // "sm_90"
    std::string source;        // "kernels/warp/warp_conditional/iso.cu"
    std::string cubin_sha256;  // hash of the cubin the listing came from
    std::string disassembler;  // "nvdisasm release 13.5, V13.5.37"
    std::vector<Function> functions;
    const Function* find(std::string_view name) const;
};

// Parses one listing. Throws std::runtime_error naming the line on text that
// is not a listing (no header, an instruction that does not parse).
Listing parse_listing(std::string_view text);

}  // namespace scanviz::sass
