#include "core/sass/sass.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/models/variants.hpp"

namespace scanviz::sass {
namespace {

constexpr std::string_view kHeaderTag = "// scanviz-sass ";
constexpr std::string_view kSectionInline = "// scanviz-sass section=inline";
constexpr std::string_view kSectionLines = "// scanviz-sass section=lines";

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t pos = 0;
    while (pos <= text.size()) {
        const size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) {
            if (pos < text.size()) lines.push_back(text.substr(pos));
            break;
        }
        lines.push_back(text.substr(pos, nl - pos));
        pos = nl + 1;
    }
    return lines;
}

// "kernels/sass/../warp/x.cuh" -> "kernels/warp/x.cuh"; "./a" -> "a".
std::string normalize_path(std::string_view p) {
    const bool absolute = !p.empty() && p.front() == '/';
    std::vector<std::string> parts;
    size_t pos = 0;
    while (pos <= p.size()) {
        size_t slash = p.find('/', pos);
        if (slash == std::string_view::npos) slash = p.size();
        const std::string_view part = p.substr(pos, slash - pos);
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..")
                parts.pop_back();
            else if (!absolute)
                parts.emplace_back("..");
        } else if (!part.empty() && part != ".") {
            parts.emplace_back(part);
        }
        pos = slash + 1;
    }
    std::string out = absolute ? "/" : "";
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
    return out;
}

// Parses `File "X", line N` at the start of s; returns the rest after it.
std::optional<SourceLoc> parse_file_line(std::string_view& s) {
    s = trim(s);
    if (!starts_with(s, "File \"")) return std::nullopt;
    s.remove_prefix(6);
    const size_t q = s.find('"');
    if (q == std::string_view::npos) return std::nullopt;
    SourceLoc loc{normalize_path(s.substr(0, q)), 0};
    s.remove_prefix(q + 1);
    const size_t l = s.find("line ");
    if (l == std::string_view::npos) return std::nullopt;
    s.remove_prefix(l + 5);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), loc.line);
    if (r.ec != std::errc()) return std::nullopt;
    s.remove_prefix(static_cast<size_t>(r.ptr - s.data()));
    return loc;
}

// One `//## File "X", line N [inlined at "Y", line M]` line: [X:N] or [X:N, Y:M].
std::vector<SourceLoc> parse_marker(std::string_view line, size_t line_no) {
    std::string_view s = trim(line);
    s.remove_prefix(4);  // "//##"
    auto inner = parse_file_line(s);
    if (!inner)
        throw std::runtime_error("sass listing line " + std::to_string(line_no) + ": bad line marker");
    std::vector<SourceLoc> frames{*inner};
    s = trim(s);
    if (starts_with(s, "inlined at ")) {
        s.remove_prefix(11);
        const std::string caller = "File " + std::string(s);  // same shape as the inner location
        std::string_view rest = caller;
        auto outer = parse_file_line(rest);
        if (!outer)
            throw std::runtime_error("sass listing line " + std::to_string(line_no) + ": bad inline marker");
        frames.push_back(*outer);
    }
    return frames;
}

std::vector<std::string> split_operands(std::string_view s) {
    std::vector<std::string> out;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
        const char c = i < s.size() ? s[i] : ',';
        if (c == '[' || c == '(' || c == '{')
            ++depth;
        else if (c == ']' || c == ')' || c == '}')
            --depth;
        else if (c == ',' && depth <= 0) {
            const auto op = trim(s.substr(start, i - start));
            if (!op.empty()) out.emplace_back(op);
            start = i + 1;
        }
    }
    return out;
}

// `/*00c0*/  @P0 LDS R4, [R6+UR4+-0x4] ;` -> Instruction (without frames).
std::optional<Instruction> parse_instruction(std::string_view line, size_t line_no) {
    std::string_view s = trim(line);
    if (!starts_with(s, "/*")) return std::nullopt;
    const size_t end = s.find("*/");
    if (end == std::string_view::npos) return std::nullopt;
    Instruction ins;
    const auto addr = s.substr(2, end - 2);
    if (addr.empty() ||
        std::from_chars(addr.data(), addr.data() + addr.size(), ins.address, 16).ec != std::errc())
        return std::nullopt;
    s = trim(s.substr(end + 2));
    const size_t semi = s.find(';');
    if (semi == std::string_view::npos)
        throw std::runtime_error("sass listing line " + std::to_string(line_no) +
                                 ": instruction without ';'");
    s = trim(s.substr(0, semi));
    if (!s.empty() && s.front() == '{') s = trim(s.substr(1));
    if (!s.empty() && s.back() == '}') s = trim(s.substr(0, s.size() - 1));
    if (!s.empty() && s.front() == '@') {
        const size_t sp = s.find_first_of(" \t");
        if (sp == std::string_view::npos)
            throw std::runtime_error("sass listing line " + std::to_string(line_no) +
                                     ": predicate without opcode");
        ins.predicate = s.substr(0, sp);
        s = trim(s.substr(sp));
    }
    const size_t sp = s.find_first_of(" \t");
    ins.opcode = s.substr(0, sp);
    if (ins.opcode.empty())
        throw std::runtime_error("sass listing line " + std::to_string(line_no) + ": empty instruction");
    const std::string_view operands = sp == std::string_view::npos ? std::string_view{} : trim(s.substr(sp));
    ins.operands = split_operands(operands);
    const std::string_view op = ins.opcode;
    const size_t dot = op.find('.');
    ins.base = op.substr(0, dot);
    if (dot != std::string_view::npos) {
        std::string_view mods = op.substr(dot + 1);
        while (!mods.empty()) {
            const size_t d = mods.find('.');
            ins.modifiers.emplace_back(mods.substr(0, d));
            if (d == std::string_view::npos) break;
            mods.remove_prefix(d + 1);
        }
    }
    ins.cls = classify(ins.opcode);
    ins.text = (ins.predicate.empty() ? "" : ins.predicate + " ") + ins.opcode +
               (operands.empty() ? "" : " " + std::string(operands));
    return ins;
}

std::string function_name_of(std::string_view line) {
    // "//--------------------- .text.NAME   -----"
    const size_t p = line.find(".text.");
    if (p == std::string_view::npos) return {};
    std::string_view s = line.substr(p + 6);
    const size_t e = s.find_first_of(" \t");
    return std::string(s.substr(0, e));
}

struct Section {
    std::vector<Function> functions;
};

Section parse_section(std::span<const std::string_view> lines, size_t first_line_no, bool inline_chain) {
    Section sec;
    Function* fn = nullptr;
    std::vector<SourceLoc> frames;  // current location
    bool in_marker_block = false;
    for (size_t i = 0; i < lines.size(); ++i) {
        const size_t line_no = first_line_no + i;
        const std::string_view t = trim(lines[i]);
        if (starts_with(t, "//---------------------") && t.find(".text.") != std::string_view::npos) {
            sec.functions.push_back(Function{function_name_of(t), {}});
            fn = &sec.functions.back();
            frames.clear();
            in_marker_block = false;
            continue;
        }
        if (starts_with(t, "//##")) {
            auto f = parse_marker(t, line_no);
            if (!in_marker_block || !inline_chain) {
                frames = std::move(f);
            } else {
                // A further line of the chain: "File <caller>, line M [inlined at ...]".
                if (!frames.empty() && frames.back() == f.front()) f.erase(f.begin());
                frames.insert(frames.end(), f.begin(), f.end());
            }
            in_marker_block = true;
            continue;
        }
        in_marker_block = false;
        if (starts_with(t, "/*")) {
            auto ins = parse_instruction(t, line_no);
            if (!ins) continue;
            if (!fn)
                throw std::runtime_error("sass listing line " + std::to_string(line_no) +
                                         ": instruction outside a function");
            ins->frames = frames;
            fn->code.push_back(std::move(*ins));
        }
    }
    return sec;
}

// -g gives the innermost line reliably, -gi the chain; -gi leaves out the
// marker where the location steps back out to a frame of the previous chain.
void merge_lines(std::vector<Function>& functions, const std::vector<Function>& lines_only) {
    for (auto& f : functions) {
        const auto it = std::find_if(lines_only.begin(), lines_only.end(),
                                     [&](const Function& g) { return g.name == f.name; });
        if (it == lines_only.end()) continue;
        std::map<uint32_t, const Instruction*> by_address;
        for (const auto& ins : it->code) by_address[ins.address] = &ins;
        for (size_t i = 0; i < f.code.size(); ++i) {
            auto& ins = f.code[i];
            const auto g = by_address.find(ins.address);
            if (g == by_address.end() || g->second->frames.empty()) continue;
            const SourceLoc& inner = g->second->frames.front();
            if (!ins.frames.empty() && ins.frames.front() == inner) continue;
            // Borrow the chain of the nearest instruction before with the same line.
            std::vector<SourceLoc> chain{inner};
            for (size_t j = i; j-- > 0;) {
                if (!f.code[j].frames.empty() && f.code[j].frames.front() == inner) {
                    chain = f.code[j].frames;
                    break;
                }
            }
            ins.frames = std::move(chain);
        }
    }
}

std::string header_field(std::string_view header, std::string_view key, bool to_end = false) {
    const std::string k = " " + std::string(key) + "=";
    const size_t p = header.find(k);
    if (p == std::string_view::npos) return {};
    std::string_view v = header.substr(p + k.size());
    if (!to_end) v = v.substr(0, v.find(' '));
    return std::string(trim(v));
}

std::optional<std::string> read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

int variant_order(std::string_view variant) {
    const auto all = all_variants();
    for (size_t i = 0; i < all.size(); ++i)
        if (all[i].id == variant) return static_cast<int>(i);
    return static_cast<int>(all.size());
}

std::string base_variant(std::string_view variant) {
    const size_t p = variant.find("__");
    return std::string(variant.substr(0, p));
}

}  // namespace

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
            return "shared memory (LDS, STS)";
        case OpClass::Shuffle:
            return "warp shuffle (SHFL)";
        case OpClass::Global:
            return "global and local memory (LDG, STG)";
        case OpClass::IntArith:
            return "integer arithmetic and logic (IADD3, IMAD, LEA, LOP3)";
        case OpClass::FloatArith:
            return "floating-point arithmetic (FADD, FMNMX)";
        case OpClass::CompareSelect:
            return "compare and select (ISETP, SEL)";
        case OpClass::Control:
            return "control flow (BRA, BSSY, BSYNC, WARPSYNC, EXIT)";
        case OpClass::Barrier:
            return "barriers (BAR, MEMBAR)";
        case OpClass::VoteBit:
            return "vote and bit operations (VOTE, FLO, POPC, BREV, BFI)";
        case OpClass::Move:
            return "moves and other (MOV, S2R, LDC)";
        case OpClass::Nop:
            return "no operation (NOP)";
    }
    return "?";
}

std::string_view class_explanation(OpClass c) {
    switch (c) {
        case OpClass::Shared:
            return "Reads (LDS) and writes (STS) of the block's shared memory, the scratchpad the threads of "
                   "a "
                   "block use to exchange values.";
        case OpClass::Shuffle:
            return "SHFL hands a register value from one lane of the warp to another without going through "
                   "memory; SHFL.UP takes it from the lane d below and sets a predicate where that lane "
                   "exists.";
        case OpClass::Global:
            return "Loads and stores of device memory (LDG, STG): here the input read before the scan and "
                   "the "
                   "output written after it.";
        case OpClass::IntArith:
            return "Integer adds, multiply-adds, shifts and logic (IADD3, IMAD, LEA, SHF, LOP3): the scan's "
                   "own adds, and address arithmetic.";
        case OpClass::FloatArith:
            return "Floating-point arithmetic (FADD, FMUL, FFMA, FMNMX) and conversions.";
        case OpClass::CompareSelect:
            return "Comparisons that set a predicate (ISETP: is lane >= d?) and selects that pick one of two "
                   "values (SEL). A predicate lets later instructions run only where it is true, without a "
                   "branch.";
        case OpClass::Control:
            return "Branches, calls, returns, the end of the thread (EXIT), and the convergence markers "
                   "(BSSY, BSYNC, WARPSYNC) that keep a warp's lanes together.";
        case OpClass::Barrier:
            return "Barriers: BAR waits for every thread of the block (__syncthreads()); MEMBAR orders "
                   "memory "
                   "accesses.";
        case OpClass::VoteBit:
            return "Warp votes (VOTE, __ballot_sync) and bit operations: find leading one (FLO, __clz), "
                   "population count (POPC), bit reverse (BREV), bit-field insert and extract (BFI, BFE).";
        case OpClass::Move:
            return "Register moves, reads of special registers such as the thread index (S2R) and of "
                   "constants such as kernel parameters (LDC), and anything not in another class.";
        case OpClass::Nop:
            return "NOP does nothing. The compiler leaves one where a __syncwarp() needed no instruction, "
                   "and "
                   "pads the end of a kernel with them. Not counted in the totals.";
    }
    return "?";
}

OpClass classify(std::string_view opcode) {
    std::string_view base = opcode.substr(0, opcode.find('.'));
    const std::string_view mods = opcode.size() > base.size() ? opcode.substr(base.size() + 1) : "";
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
    };
    // IMAD.MOV is how the compiler writes a register move on Volta and later.
    if (base == "IMAD" && starts_with(mods, "MOV")) return OpClass::Move;
    auto it = kTable.find(base);
    if (it == kTable.end() && base.size() > 1 && base.front() == 'U') it = kTable.find(base.substr(1));
    return it == kTable.end() ? OpClass::Move : it->second;
}

const Function* Listing::find(std::string_view name) const {
    for (const auto& f : functions)
        if (f.name == name) return &f;
    return nullptr;
}

Listing parse_listing(std::string_view text) {
    const auto lines = split_lines(text);
    if (lines.empty() || !starts_with(trim(lines[0]), kHeaderTag) ||
        starts_with(trim(lines[0]), kSectionInline))
        throw std::runtime_error("sass listing: the first line is not a '// scanviz-sass arch=...' header");
    const std::string_view header = trim(lines[0]);
    Listing l;
    l.arch = header_field(header, "arch");
    l.source = header_field(header, "source");
    l.cubin_sha256 = header_field(header, "cubin-sha256");
    l.disassembler = header_field(header, "disassembler", true);
    if (l.arch.empty() || l.cubin_sha256.empty())
        throw std::runtime_error("sass listing: header without arch= or cubin-sha256=");
    size_t inline_at = 0, lines_at = 0;
    for (size_t i = 1; i < lines.size(); ++i) {
        if (starts_with(trim(lines[i]), kSectionInline))
            inline_at = i;
        else if (starts_with(trim(lines[i]), kSectionLines))
            lines_at = i;
    }
    const std::span<const std::string_view> all(lines);
    if (inline_at == 0) {
        // A bare listing (one nvdisasm run): take it as it is.
        l.functions = parse_section(all.subspan(1), 2, true).functions;
    } else {
        const size_t inline_end = lines_at > inline_at ? lines_at : lines.size();
        l.functions =
            parse_section(all.subspan(inline_at + 1, inline_end - inline_at - 1), inline_at + 2, true)
                .functions;
        if (lines_at > 0) {
            const size_t lines_end = lines_at > inline_at ? lines.size() : inline_at;
            const auto g =
                parse_section(all.subspan(lines_at + 1, lines_end - lines_at - 1), lines_at + 2, false);
            merge_lines(l.functions, g.functions);
        }
    }
    if (l.functions.empty()) throw std::runtime_error("sass listing: no functions in it");
    return l;
}

int Counts::total() const {
    int n = 0;
    for (OpClass c : kAllClasses)
        if (c != OpClass::Nop) n += (*this)[c];
    return n;
}

Counts count(const Function& f) {
    Counts c;
    for (const auto& ins : f.code) c.add(ins.cls);
    return c;
}

std::string_view method_name(RegionMethod m) {
    return m == RegionMethod::SourceLines ? "lines" : "minus-base";
}

bool in_file(const Instruction& ins, std::string_view file) {
    return std::any_of(ins.frames.begin(), ins.frames.end(),
                       [&](const SourceLoc& l) { return l.file == file; });
}

Counts minus_baseline(const Function& kernel, const Function& baseline) {
    Counts out;
    const Counts k = count(kernel), b = count(baseline);
    for (OpClass c : kAllClasses) out.add(c, std::max(0, k[c] - b[c]));
    return out;
}

Region scan_region(const Function& kernel, const Function* baseline, std::string_view region_file) {
    Region r;
    const std::string file = normalize_path(region_file);
    for (size_t i = 0; i < kernel.code.size(); ++i) {
        if (in_file(kernel.code[i], file)) {
            r.instructions.push_back(static_cast<int>(i));
            r.counts.add(kernel.code[i].cls);
        }
    }
    if (r.instructions.empty() && baseline) {
        r.method = RegionMethod::KernelMinusBaseline;
        r.counts = minus_baseline(kernel, *baseline);
    }
    return r;
}

std::vector<StepTag> parse_step_tags(std::string_view file, std::string_view source_text) {
    std::vector<StepTag> tags;
    const auto lines = split_lines(source_text);
    const std::string f = normalize_path(file);
    for (size_t i = 0; i < lines.size(); ++i) {
        const size_t c = lines[i].find("// step:");
        if (c == std::string_view::npos) continue;
        // "// step: a, b (a remark)": one tag per phase named.
        std::string_view rest = lines[i].substr(c + 8);
        while (true) {
            const size_t comma = rest.find(',');
            std::string_view phase = rest.substr(0, comma);
            phase = trim(phase.substr(0, phase.find('(')));
            if (!phase.empty())
                tags.push_back(StepTag{SourceLoc{f, static_cast<int>(i + 1)}, std::string(phase)});
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
    }
    return tags;
}

std::vector<std::string> steps_of(const Instruction& ins, std::span<const StepTag> tags) {
    std::vector<std::string> out;
    for (const auto& fr : ins.frames)
        for (const auto& t : tags)
            if (t.loc == fr && std::find(out.begin(), out.end(), t.phase) == out.end())
                out.push_back(t.phase);
    return out;
}

std::vector<int> instructions_of_step(const Function& f, std::string_view phase,
                                      std::span<const StepTag> tags) {
    std::vector<int> out;
    for (size_t i = 0; i < f.code.size(); ++i) {
        const auto steps = steps_of(f.code[i], tags);
        if (std::find(steps.begin(), steps.end(), phase) != steps.end()) out.push_back(static_cast<int>(i));
    }
    return out;
}

std::vector<std::string> source_files(const Function& f) {
    std::set<std::string> files;
    for (const auto& ins : f.code)
        for (const auto& fr : ins.frames)
            if (!fr.file.empty() && fr.file.front() != '/') files.insert(fr.file);
    return {files.begin(), files.end()};
}

std::string_view provenance_name(Provenance p) {
    switch (p) {
        case Provenance::Build:
            return "build";
        case Provenance::Snapshot:
            return "snapshot";
        case Provenance::SnapshotUnchecked:
            return "snapshot-unchecked";
        case Provenance::Stale:
            return "stale";
        case Provenance::Missing:
            return "missing";
    }
    return "?";
}

Loaded load(const Locations& where, std::string_view arch, std::string_view name) {
    namespace fs = std::filesystem;
    const std::string file = std::string(name);
    const fs::path build_base = where.build_dir / std::string(arch) / file;
    const fs::path snap = where.snapshot_dir / std::string(arch) / (file + ".sass");
    const auto build_hash_text = read_file(fs::path(build_base).concat(".sha256"));
    const std::string build_hash = build_hash_text ? std::string(trim(*build_hash_text)) : std::string();
    const std::string what = file + " (" + std::string(arch) + ")";
    Loaded out;
    if (!build_hash.empty()) {
        if (const auto text = read_file(fs::path(build_base).concat(".sass"))) {
            Listing l = parse_listing(*text);
            if (l.cubin_sha256 == build_hash) {
                out.provenance = Provenance::Build;
                out.message = "disassembled in this build (" + l.disassembler + ")";
                out.listing = std::move(l);
                return out;
            }
        }
        const auto snap_text = read_file(snap);
        if (!snap_text) {
            out.provenance = Provenance::Missing;
            out.message = what +
                          ": this build has no disassembler and assets/sass has no snapshot of it; "
                          "run .ci/setup (installs nvdisasm), reconfigure and rebuild";
            return out;
        }
        Listing l = parse_listing(*snap_text);
        if (l.cubin_sha256 != build_hash) {
            out.provenance = Provenance::Stale;
            out.message = what + ": the committed snapshot is stale (made from cubin " +
                          l.cubin_sha256.substr(0, 12) + ", this build's cubin is " +
                          build_hash.substr(0, 12) +
                          "); run .ci/setup (installs nvdisasm), reconfigure and rebuild";
            return out;
        }
        out.provenance = Provenance::Snapshot;
        out.message = "committed snapshot (assets/sass), made from the same cubin as this build's (" +
                      l.disassembler + ")";
        out.listing = std::move(l);
        return out;
    }
    if (where.cubins_built) {
        out.provenance = Provenance::Missing;
        out.message = what + ": not built yet; build the target scanviz_sass";
        return out;
    }
    const auto snap_text = read_file(snap);
    if (!snap_text) {
        out.provenance = Provenance::Missing;
        out.message = what + ": no CUDA compiler in this build and no snapshot in assets/sass";
        return out;
    }
    Listing l = parse_listing(*snap_text);
    out.provenance = Provenance::SnapshotUnchecked;
    out.message = "committed snapshot (assets/sass), not checked: this build compiles no cubins (" +
                  l.disassembler + ")";
    out.listing = std::move(l);
    return out;
}

std::vector<std::string> listing_names(const Locations& where, std::string_view arch) {
    namespace fs = std::filesystem;
    std::set<std::string> names;
    auto scan = [&](const fs::path& dir, std::string_view ext) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) return;
        for (const auto& e : fs::directory_iterator(dir, ec)) {
            const auto& p = e.path();
            if (p.extension() == ext && starts_with(p.stem().string(), "iso_"))
                names.insert(p.stem().string());
        }
    };
    scan(where.build_dir / std::string(arch), ".sha256");
    scan(where.snapshot_dir / std::string(arch), ".sass");
    return {names.begin(), names.end()};
}

std::string region_file_of(std::string_view variant) {
    const std::string base = base_variant(variant);
    if (const VariantInfo* v = find_variant(base)) {
        const std::string_view sf = v->source_file;
        if (sf.size() > 4 && sf.substr(sf.size() - 4) == ".cuh") return std::string(sf);
    }
    const std::string level = base.substr(0, base.find('_'));
    return "kernels/" + level + "/" + base + ".cuh";
}

std::vector<Row> count_table(const Locations& where, std::span<const std::string> archs,
                             std::span<const std::string> variants) {
    std::vector<Row> rows;
    auto wanted = [&](std::string_view variant) {
        if (variants.empty()) return true;
        const std::string b = base_variant(variant);
        return std::find(variants.begin(), variants.end(), b) != variants.end();
    };
    for (const auto& arch : archs) {
        auto names = listing_names(where, arch);
        std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
            return variant_order(a.substr(4)) < variant_order(b.substr(4));
        });
        for (const auto& name : names) {
            const std::string variant = name.substr(4);  // "iso_"
            if (!wanted(variant)) continue;
            const Loaded loaded = load(where, arch, name);
            if (!loaded.listing) {
                Row row;
                row.arch = arch;
                row.variant = variant;
                row.kernel = name;
                row.region_file = region_file_of(variant);
                row.provenance = loaded.provenance;
                row.message = loaded.message;
                rows.push_back(std::move(row));
                continue;
            }
            // iso_<variant> first, then its extra instantiations iso_<variant>__<tag>.
            std::vector<const Function*> kernels;
            for (const auto& f : loaded.listing->functions)
                if (f.name == name || starts_with(f.name, name + "__")) kernels.push_back(&f);
            std::sort(kernels.begin(), kernels.end(), [&](const Function* a, const Function* b) {
                return (a->name != name) != (b->name != name) ? a->name == name : a->name < b->name;
            });
            const Function* baseline = loaded.listing->find("base_" + variant);
            for (const Function* k : kernels) {
                Row row;
                row.arch = arch;
                row.variant = k->name.substr(4);
                row.kernel = k->name;
                row.region_file = region_file_of(variant);
                row.provenance = loaded.provenance;
                row.message = loaded.message;
                const Region r = scan_region(*k, baseline, row.region_file);
                row.method = r.method;
                row.region = r.counts;
                row.whole = count(*k);
                if (baseline) row.minus_base = minus_baseline(*k, *baseline);
                rows.push_back(std::move(row));
            }
        }
    }
    return rows;
}

namespace {

std::string pad(std::string_view s, size_t w, bool right = false) {
    std::string out(s);
    if (out.size() >= w) return out;
    return right ? std::string(w - out.size(), ' ') + out : out + std::string(w - out.size(), ' ');
}

}  // namespace

std::string format_text(std::span<const Row> rows) {
    std::ostringstream o;
    o << "SASS instruction counts of the isolation kernels (kernels/sass/iso_*.cu; int32 add, inclusive, "
         "NoProbe)\n"
         "region: instructions from the routine's own source file, their inline chain included (method "
         "'lines'),\n"
         "        or the kernel minus its load/store baseline (method 'minus-base'); kernel: the whole "
         "isolation "
         "kernel.\n"
         "Totals leave out NOPs (their own column). -base: the kernel's total minus its baseline's, a "
         "cross-check\n"
         "(shared set-up such as the shared-memory base address can land on either side of the line "
         "split).\n";
    std::string arch, source;
    size_t vw = 8;
    for (const auto& r : rows) vw = std::max(vw, r.variant.size());
    for (const auto& r : rows) {
        if (r.arch != arch || (r.method && r.message != source)) {
            arch = r.arch;
            source = r.method ? r.message : std::string();
            o << "\n" << arch << (r.method ? ": " + r.message : std::string()) << "\n";
            o << pad("variant", vw) << "  region  method     |";
            for (OpClass c : kAllClasses)
                o << " " << pad(class_name(c), std::max<size_t>(5, class_name(c).size()), true);
            o << " | kernel  -base\n";
        }
        if (!r.method) {
            o << pad(r.variant, vw) << "  " << provenance_name(r.provenance) << ": " << r.message << "\n";
            continue;
        }
        o << pad(r.variant, vw) << "  " << pad(std::to_string(r.region.total()), 6, true) << "  "
          << pad(method_name(*r.method), 10) << " |";
        for (OpClass c : kAllClasses)
            o << " " << pad(std::to_string(r.region[c]), std::max<size_t>(5, class_name(c).size()), true);
        o << " | " << pad(std::to_string(r.whole.total()), 6, true) << " "
          << pad(r.minus_base ? std::to_string(r.minus_base->total()) : "-", 6, true) << "\n";
    }
    return o.str();
}

std::string format_csv(std::span<const Row> rows) {
    std::ostringstream o;
    o << "arch,variant,kernel,provenance,method,region_total";
    for (OpClass c : kAllClasses) o << ",region_" << class_name(c);
    o << ",kernel_total";
    for (OpClass c : kAllClasses) o << ",kernel_" << class_name(c);
    o << ",minus_base_total\n";
    for (const auto& r : rows) {
        o << r.arch << "," << r.variant << "," << r.kernel << "," << provenance_name(r.provenance) << ","
          << (r.method ? method_name(*r.method) : "");
        if (r.method) {
            o << "," << r.region.total();
            for (OpClass c : kAllClasses) o << "," << r.region[c];
            o << "," << r.whole.total();
            for (OpClass c : kAllClasses) o << "," << r.whole[c];
            o << "," << (r.minus_base ? std::to_string(r.minus_base->total()) : "");
        } else {
            for (int i = 0; i < 2 * (kClassCount + 1) + 1; ++i) o << ",";
        }
        o << "\n";
    }
    return o.str();
}

std::string format_json(std::span<const Row> rows) {
    nlohmann::json out = nlohmann::json::array();
    auto counts = [](const Counts& c) {
        nlohmann::json j;
        j["total"] = c.total();
        for (OpClass k : kAllClasses) j[std::string(class_name(k))] = c[k];
        return j;
    };
    for (const auto& r : rows) {
        nlohmann::json j;
        j["arch"] = r.arch;
        j["variant"] = r.variant;
        j["kernel"] = r.kernel;
        j["region_file"] = r.region_file;
        j["provenance"] = std::string(provenance_name(r.provenance));
        j["message"] = r.message;
        if (r.method) {
            j["method"] = std::string(method_name(*r.method));
            j["region"] = counts(r.region);
            j["kernel_counts"] = counts(r.whole);
            if (r.minus_base) j["minus_base"] = counts(*r.minus_base);
        }
        out.push_back(std::move(j));
    }
    return out.dump(2) + "\n";
}

}  // namespace scanviz::sass
