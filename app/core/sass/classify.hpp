// Opcode classes of SASS instructions: the class of an opcode, the names and
// explanations tables and tooltips show, and counts per class.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace scanviz::sass {

// Opcode classes, in the order tables show them.
enum class OpClass : uint8_t {
    Shared,         // LDS, STS, ATOMS: shared memory
    Shuffle,        // SHFL
    Global,         // LDG, STG, LD, ST, ATOM, RED, LDL, STL: global and local memory
    IntArith,       // IADD3, IMAD, LEA, SHF, LOP3, IMNMX, ...
    FloatArith,     // FADD, FMUL, FFMA, FMNMX, conversions, ...
    CompareSelect,  // ISETP, FSETP, PLOP3, SEL, FSEL
    Control,        // BRA, BSSY, BSYNC, WARPSYNC, EXIT, RET, CALL, ...
    Barrier,        // BAR, MEMBAR, DEPBAR
    VoteBit,        // VOTE, FLO, POPC, BREV, BFI, BFE, BMSK, PRMT, MATCH, REDUX
    Move,           // MOV, S2R, CS2R, LDC, IMAD.MOV, R2UR, ...: moves and everything else
    Nop,            // NOP: no work (alignment and the __syncwarp() placeholders); never in totals
};
inline constexpr int kClassCount = 11;
inline constexpr std::array<OpClass, kClassCount> kAllClasses = {
    OpClass::Shared,     OpClass::Shuffle,       OpClass::Global,  OpClass::IntArith,
    OpClass::FloatArith, OpClass::CompareSelect, OpClass::Control, OpClass::Barrier,
    OpClass::VoteBit,    OpClass::Move,          OpClass::Nop};

std::string_view class_name(OpClass c);         // short column name: "shared", "cmp/sel"
std::string_view class_title(OpClass c);        // "shared memory (LDS, STS)"
std::string_view class_explanation(OpClass c);  // a sentence in plain words, for tooltips

// Class of an opcode with or without modifiers ("IMAD.MOV.U32" is a move,
// "IMAD.IADD" integer arithmetic); uniform-datapath forms (UIADD3, ULDC) are
// classed as their per-thread counterparts.
OpClass classify(std::string_view opcode);
// True when the opcode's class comes from the table, not from classify()'s fallback to
// "moves and other": a listing of a new architecture whose opcodes are all classified
// was read class by class, not lumped together (tests/test_sass_counts.cpp checks every
// snapshot).
bool is_classified(std::string_view opcode);

// Counts per class over a set of instructions.
struct Counts {
    std::array<int, kClassCount> by_class{};
    int operator[](OpClass c) const { return by_class[static_cast<int>(c)]; }
    int total() const;  // every class but Nop
    void add(OpClass c, int n = 1) { by_class[static_cast<int>(c)] += n; }
};

}  // namespace scanviz::sass
