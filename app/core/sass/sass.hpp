// SASS listings of the isolation kernels (kernels/sass/): parsing, opcode
// classes, the scan region of a kernel, instruction counts, and the link
// between instructions and the `// step: <phase>` tags of the source lines.
//
// A listing is what kernels/sass/sass_compile.cmake writes: a header line
// naming the architecture, the source and the SHA-256 of the cubin, then
// nvdisasm's output twice (-gi: line information with the inline chain; -g:
// the innermost line alone). Plain C++: no CUDA needed to read one.
//
// The comparison this serves is the CUDA Handbook's 13.5.4 (30 / 17 / 11
// instructions for the conditional, zero-padded and shuffle warp scans on SM
// 3.0), computed here from today's compilers.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
    std::string source;        // "kernels/sass/iso_warp_conditional.cu"
    std::string cubin_sha256;  // hash of the cubin the listing came from
    std::string disassembler;  // "nvdisasm release 13.5, V13.5.37"
    std::vector<Function> functions;
    const Function* find(std::string_view name) const;
};

// Parses one listing. Throws std::runtime_error naming the line on text that
// is not a listing (no header, an instruction that does not parse).
Listing parse_listing(std::string_view text);

// Counts per class over a set of instructions.
struct Counts {
    std::array<int, kClassCount> by_class{};
    int operator[](OpClass c) const { return by_class[static_cast<int>(c)]; }
    int total() const;  // every class but Nop
    void add(OpClass c, int n = 1) { by_class[static_cast<int>(c)] += n; }
};
Counts count(const Function& f);

// The scan region: the instructions of the scan routine itself.
enum class RegionMethod : uint8_t {
    SourceLines,  // instructions whose line, or a line of their inline chain, is in the routine's file
    KernelMinusBaseline,  // no line information tied any instruction to the routine: per class, kernel minus
                          // baseline
};
std::string_view method_name(RegionMethod m);  // "lines", "minus-base"

struct Region {
    RegionMethod method = RegionMethod::SourceLines;
    Counts counts;
    std::vector<int> instructions;  // indices into the kernel's code (SourceLines only)
};
bool in_file(const Instruction& ins, std::string_view file);
// Per class, kernel minus baseline, at least 0 (the cross-check of a SourceLines region).
Counts minus_baseline(const Function& kernel, const Function& baseline);
// region_file: the routine's own source file, relative ("kernels/warp/warp_zeropad.cuh").
// baseline may be null; then a kernel with no instruction from region_file
// gets an empty SourceLines region.
Region scan_region(const Function& kernel, const Function* baseline, std::string_view region_file);

// `// step: <phase>[, <phase>]` tags on source lines (as the source view reads
// them): each phase is the text up to a comma, an opening parenthesis (a
// remark) or the end of the line.
struct StepTag {
    SourceLoc loc;
    std::string phase;
};
std::vector<StepTag> parse_step_tags(std::string_view file, std::string_view source_text);
// Phases whose tagged lines the instruction came from (innermost frame first), without repeats.
std::vector<std::string> steps_of(const Instruction& ins, std::span<const StepTag> tags);
// Indices of the instructions that came from the lines tagged with `phase`.
std::vector<int> instructions_of_step(const Function& f, std::string_view phase,
                                      std::span<const StepTag> tags);
// The project files (relative paths) the function's instructions came from.
std::vector<std::string> source_files(const Function& f);

// ---- Where listings come from -------------------------------------------
// The build writes <build_dir>/<arch>/<name>.sha256 for every cubin it
// compiled and <name>.sass where it found a disassembler; the committed
// snapshot holds <snapshot_dir>/<arch>/<name>.sass.
struct Locations {
    std::filesystem::path build_dir;
    std::filesystem::path snapshot_dir;
    bool cubins_built = false;  // this build compiles cubins (else nothing to check the snapshot against)
};

enum class Provenance : uint8_t {
    Build,              // disassembled in this build
    Snapshot,           // committed snapshot; its cubin hash equals this build's cubin
    SnapshotUnchecked,  // committed snapshot; this build compiles no cubins to check it against
    Stale,              // committed snapshot whose cubin hash differs from this build's: not shown
    Missing,            // neither a listing nor a snapshot
};
std::string_view provenance_name(Provenance p);

struct Loaded {
    Provenance provenance = Provenance::Missing;
    std::string message;  // one line: where it came from, or why it is not shown
    std::optional<Listing> listing;
};
// Loads <name> (e.g. "iso_warp_conditional") for one architecture.
// Throws std::runtime_error when a listing file exists but does not parse.
Loaded load(const Locations& where, std::string_view arch, std::string_view name);
// Names of the listings available for an architecture (build and snapshot), sorted.
std::vector<std::string> listing_names(const Locations& where, std::string_view arch);

// ---- The count table --------------------------------------------------------
struct Row {
    std::string arch;
    std::string variant;  // "warp_conditional", or "warp_templated__plain" for an extra instantiation
    std::string kernel;   // "iso_warp_conditional"
    std::string region_file;
    Provenance provenance = Provenance::Missing;
    std::string message;
    std::optional<RegionMethod> method;  // empty when the listing is not shown
    Counts region, whole;
    std::optional<Counts> minus_base;  // kernel minus baseline, where the listing has base_<variant>
};
// The variant's own file: `source_file` from the registry where it is a .cuh,
// else kernels/<level>/<variant>.cuh from the variant's prefix.
std::string region_file_of(std::string_view variant);
// One row per (arch, kernel iso_<variant>[__tag]) found, in arch then listing order.
// variants: when non-empty, only these (an extra instantiation goes with its variant).
std::vector<Row> count_table(const Locations& where, std::span<const std::string> archs,
                             std::span<const std::string> variants);

std::string format_text(std::span<const Row> rows);
std::string format_csv(std::span<const Row> rows);
std::string format_json(std::span<const Row> rows);

}  // namespace scanviz::sass
