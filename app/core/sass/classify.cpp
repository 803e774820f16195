#include "core/sass/classify.hpp"

#include "core/i18n/i18n.hpp"

#include <functional>
#include <map>

namespace scanviz::sass {

std::string_view class_name(OpClass c) {
    switch (c) {
        case OpClass::Shared:
            return "shared";
        case OpClass::Shuffle:
            return "shfl";
        case OpClass::Global:
            return "global";
        case OpClass::IntArith:
            return "int";
        case OpClass::FloatArith:
            return "float";
        case OpClass::CompareSelect:
            return "cmp/sel";
        case OpClass::Control:
            return "control";
        case OpClass::Barrier:
            return "barrier";
        case OpClass::VoteBit:
            return "vote/bit";
        case OpClass::Move:
            return "move";
        case OpClass::Nop:
            return "nop";
    }
    return "?";
}

std::string_view class_title(OpClass c) {
    switch (c) {
        case OpClass::Shared:
            return i18n::N_("shared memory (LDS, STS)");
        case OpClass::Shuffle:
            return i18n::N_("warp shuffle (SHFL)");
        case OpClass::Global:
            return i18n::N_("global and local memory (LDG, STG)");
        case OpClass::IntArith:
            return i18n::N_("integer arithmetic and logic (IADD3, IMAD, LEA, LOP3)");
        case OpClass::FloatArith:
            return i18n::N_("floating-point arithmetic (FADD, FMNMX)");
        case OpClass::CompareSelect:
            return i18n::N_("compare and select (ISETP, SEL)");
        case OpClass::Control:
            return i18n::N_("control flow (BRA, BSSY, BSYNC, WARPSYNC, EXIT)");
        case OpClass::Barrier:
            return i18n::N_("barriers (BAR, MEMBAR)");
        case OpClass::VoteBit:
            return i18n::N_("vote and bit operations (VOTE, FLO, POPC, BREV, BFI)");
        case OpClass::Move:
            return i18n::N_("moves and other (MOV, S2R, LDC)");
        case OpClass::Nop:
            return i18n::N_("no operation (NOP)");
    }
    return "?";
}

std::string_view class_explanation(OpClass c) {
    switch (c) {
        case OpClass::Shared:
            return i18n::N_("Reads (LDS) and writes (STS) of the block's shared memory, the scratchpad the threads of "
                   "a "
                   "block use to exchange values.");
        case OpClass::Shuffle:
            return i18n::N_("SHFL hands a register value from one lane of the warp to another without going through "
                   "memory; SHFL.UP takes it from the lane d below and sets a predicate where that lane "
                   "exists.");
        case OpClass::Global:
            return i18n::N_("Loads and stores of device memory (LDG, STG): here the input read before the scan and "
                   "the "
                   "output written after it.");
        case OpClass::IntArith:
            return i18n::N_("Integer adds, multiply-adds, shifts and logic (IADD3, IMAD, LEA, SHF, LOP3): the scan's "
                   "own adds, and address arithmetic.");
        case OpClass::FloatArith:
            return i18n::N_("Floating-point arithmetic (FADD, FMUL, FFMA, FMNMX) and conversions.");
        case OpClass::CompareSelect:
            return i18n::N_("Comparisons that set a predicate (ISETP: is lane >= d?) and selects that pick one of two "
                   "values (SEL). A predicate lets later instructions run only where it is true, without a "
                   "branch.");
        case OpClass::Control:
            return i18n::N_("Branches, calls, returns, the end of the thread (EXIT), and the convergence markers "
                   "(BSSY, BSYNC, WARPSYNC) that keep a warp's lanes together.");
        case OpClass::Barrier:
            return i18n::N_("Barriers: BAR waits for every thread of the block (__syncthreads()); MEMBAR orders "
                   "memory "
                   "accesses.");
        case OpClass::VoteBit:
            return i18n::N_("Warp votes (VOTE, __ballot_sync) and bit operations: find leading one (FLO, __clz), "
                   "population count (POPC), bit reverse (BREV), bit-field insert and extract (BFI, BFE).");
        case OpClass::Move:
            return i18n::N_("Register moves, reads of special registers such as the thread index (S2R) and of "
                   "constants such as kernel parameters (LDC), and anything not in another class.");
        case OpClass::Nop:
            return i18n::N_("NOP does nothing. The compiler leaves one where a __syncwarp() needed no instruction, "
                   "and "
                   "pads the end of a kernel with them. Not counted in the totals.");
    }
    return "?";
}

namespace {

// Every opcode the listings hold, by base name (a uniform-datapath U... form takes its
// base's class).
const std::map<std::string_view, OpClass, std::less<>>& opcode_table() {
    static const std::map<std::string_view, OpClass, std::less<>> kTable = {
        {"LDS", OpClass::Shared},
        {"STS", OpClass::Shared},
        {"ATOMS", OpClass::Shared},
        {"LDSM", OpClass::Shared},
        {"STSM", OpClass::Shared},
        {"SHFL", OpClass::Shuffle},
        {"LDG", OpClass::Global},
        {"STG", OpClass::Global},
        {"LD", OpClass::Global},
        {"ST", OpClass::Global},
        {"ATOM", OpClass::Global},
        {"ATOMG", OpClass::Global},
        {"RED", OpClass::Global},
        {"REDG", OpClass::Global},
        {"LDL", OpClass::Global},
        {"STL", OpClass::Global},
        {"LDGSTS", OpClass::Global},
        {"IADD3", OpClass::IntArith},
        {"IADD", OpClass::IntArith},
        {"IADD32I", OpClass::IntArith},
        {"IMAD", OpClass::IntArith},
        {"IMUL", OpClass::IntArith},
        {"IMNMX", OpClass::IntArith},
        {"VIMNMX", OpClass::IntArith},
        {"VIADD", OpClass::IntArith},
        {"VIADDMNMX", OpClass::IntArith},
        {"LEA", OpClass::IntArith},
        {"SHF", OpClass::IntArith},
        {"SHL", OpClass::IntArith},
        {"SHR", OpClass::IntArith},
        {"LOP3", OpClass::IntArith},
        {"LOP", OpClass::IntArith},
        {"IABS", OpClass::IntArith},
        {"ISCADD", OpClass::IntArith},
        {"XMAD", OpClass::IntArith},
        {"IDP", OpClass::IntArith},
        {"IMAD32I", OpClass::IntArith},
        {"FADD", OpClass::FloatArith},
        {"FMUL", OpClass::FloatArith},
        {"FFMA", OpClass::FloatArith},
        {"FMNMX", OpClass::FloatArith},
        {"FADD32I", OpClass::FloatArith},
        {"FMUL32I", OpClass::FloatArith},
        {"FFMA32I", OpClass::FloatArith},
        {"HADD2", OpClass::FloatArith},
        {"HMUL2", OpClass::FloatArith},
        {"HFMA2", OpClass::FloatArith},
        {"HMNMX2", OpClass::FloatArith},
        {"DADD", OpClass::FloatArith},
        {"DMUL", OpClass::FloatArith},
        {"DFMA", OpClass::FloatArith},
        {"DMNMX", OpClass::FloatArith},
        {"MUFU", OpClass::FloatArith},
        {"FCHK", OpClass::FloatArith},
        {"FRND", OpClass::FloatArith},
        {"F2F", OpClass::FloatArith},
        {"F2I", OpClass::FloatArith},
        {"I2F", OpClass::FloatArith},
        {"I2FP", OpClass::FloatArith},
        {"F2IP", OpClass::FloatArith},
        {"FSWZADD", OpClass::FloatArith},
        {"ISETP", OpClass::CompareSelect},
        {"FSETP", OpClass::CompareSelect},
        {"DSETP", OpClass::CompareSelect},
        {"HSETP2", OpClass::CompareSelect},
        {"PSETP", OpClass::CompareSelect},
        {"PLOP3", OpClass::CompareSelect},
        {"SEL", OpClass::CompareSelect},
        {"FSEL", OpClass::CompareSelect},
        {"FCMP", OpClass::CompareSelect},
        {"ICMP", OpClass::CompareSelect},
        {"BRA", OpClass::Control},
        {"BRX", OpClass::Control},
        {"BRXU", OpClass::Control},
        {"JMP", OpClass::Control},
        {"JMX", OpClass::Control},
        {"CALL", OpClass::Control},
        {"RET", OpClass::Control},
        {"EXIT", OpClass::Control},
        {"BSSY", OpClass::Control},
        {"BSYNC", OpClass::Control},
        {"WARPSYNC", OpClass::Control},
        {"ENDCOLLECTIVE", OpClass::Control},  // closes a WARPSYNC.COLLECTIVE region
        {"BREAK", OpClass::Control},
        {"BPT", OpClass::Control},
        {"KILL", OpClass::Control},
        {"YIELD", OpClass::Control},
        {"NANOSLEEP", OpClass::Control},
        {"BMOV", OpClass::Control},
        {"RTT", OpClass::Control},
        {"BAR", OpClass::Barrier},
        {"MEMBAR", OpClass::Barrier},
        {"DEPBAR", OpClass::Barrier},
        {"ERRBAR", OpClass::Barrier},
        {"FENCE", OpClass::Barrier},
        {"SYNCS", OpClass::Barrier},
        {"VOTE", OpClass::VoteBit},
        {"VOTEU", OpClass::VoteBit},
        {"FLO", OpClass::VoteBit},
        {"POPC", OpClass::VoteBit},
        {"BREV", OpClass::VoteBit},
        {"BFI", OpClass::VoteBit},
        {"BFE", OpClass::VoteBit},
        {"BMSK", OpClass::VoteBit},
        {"SGXT", OpClass::VoteBit},
        {"PRMT", OpClass::VoteBit},
        {"MATCH", OpClass::VoteBit},
        {"REDUX", OpClass::VoteBit},
        {"ELECT", OpClass::VoteBit},
        {"NOP", OpClass::Nop},
        // Moves and other: register moves, special registers, constant loads. LDCU (sm_100
        // and sm_120) loads a constant into a uniform register, where sm_90 used ULDC.
        {"MOV", OpClass::Move},
        {"MOV32I", OpClass::Move},
        {"S2R", OpClass::Move},
        {"CS2R", OpClass::Move},
        {"S2UR", OpClass::Move},
        {"LDC", OpClass::Move},
        {"LDCU", OpClass::Move},
        {"R2UR", OpClass::Move},
        {"P2R", OpClass::Move},  // predicates into a register
        {"R2P", OpClass::Move},
    };
    return kTable;
}

// The table's entry for an opcode's base (or its non-uniform form), or nullptr.
const OpClass* find_class(std::string_view base) {
    const auto& t = opcode_table();
    auto it = t.find(base);
    if (it == t.end() && base.size() > 1 && base.front() == 'U') it = t.find(base.substr(1));
    return it == t.end() ? nullptr : &it->second;
}

}  // namespace

OpClass classify(std::string_view opcode) {
    const std::string_view base = opcode.substr(0, opcode.find('.'));
    const std::string_view mods = opcode.size() > base.size() ? opcode.substr(base.size() + 1) : "";
    // IMAD.MOV is how the compiler writes a register move on Volta and later.
    if (base == "IMAD" && mods.starts_with("MOV")) return OpClass::Move;
    const OpClass* c = find_class(base);
    return c ? *c : OpClass::Move;
}

bool is_classified(std::string_view opcode) { return find_class(opcode.substr(0, opcode.find('.'))) != nullptr; }

int Counts::total() const {
    int n = 0;
    for (OpClass c : kAllClasses)
        if (c != OpClass::Nop) n += (*this)[c];
    return n;
}

}  // namespace scanviz::sass
