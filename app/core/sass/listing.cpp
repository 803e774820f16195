#include "core/sass/listing.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "core/common/strings.hpp"
#include "core/sass/text.hpp"

namespace scanviz::sass {
namespace {

constexpr std::string_view kHeaderTag = "// scanviz-sass ";
constexpr std::string_view kSectionInline = "// scanviz-sass section=inline";
constexpr std::string_view kSectionLines = "// scanviz-sass section=lines";

// Parses `File "X", line N` at the start of s; returns the rest after it.
std::optional<SourceLoc> parse_file_line(std::string_view& s) {
    s = trim(s);
    if (!s.starts_with("File \"")) return std::nullopt;
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
    if (s.starts_with("inlined at ")) {
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
    if (!s.starts_with("/*")) return std::nullopt;
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
        if (t.starts_with("//---------------------") && t.find(".text.") != std::string_view::npos) {
            sec.functions.push_back(Function{function_name_of(t), {}});
            fn = &sec.functions.back();
            frames.clear();
            in_marker_block = false;
            continue;
        }
        if (t.starts_with("//##")) {
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
        if (t.starts_with("/*")) {
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

}  // namespace

const Function* Listing::find(std::string_view name) const {
    for (const auto& f : functions)
        if (f.name == name) return &f;
    return nullptr;
}

Listing parse_listing(std::string_view text) {
    const auto lines = split_lines(text);
    if (lines.empty() || !trim(lines[0]).starts_with(kHeaderTag) ||
        trim(lines[0]).starts_with(kSectionInline))
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
        if (trim(lines[i]).starts_with(kSectionInline))
            inline_at = i;
        else if (trim(lines[i]).starts_with(kSectionLines))
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

}  // namespace scanviz::sass
