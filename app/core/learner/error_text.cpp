#include "core/learner/error_text.hpp"

#include <cctype>
#include <vector>

#include "core/i18n/i18n.hpp"

namespace scanviz {
namespace {

using i18n::N_;

// The shapes, exactly as the programs write them (%d a whole number, %s any text).
constexpr const char* kShapes[] = {
    N_("out-of-bounds store: thread %d wrote %s[%d] (size %d)"),
    N_("out-of-bounds read: thread %d read %s[%d] (size %d)"),
    N_("out-of-bounds store: the kernel wrote out[%d] (n = %d; a check `if (i < n)` is missing?)"),
    N_("the kernel wrote no output"),
    N_("the kernel failed on the CPU: an illegal memory access was encountered (thread %d, address %s)"),
    N_("the kernel failed on the CPU: an integer division by zero (thread %d)"),
    N_("the kernel failed on the CPU: thread %d overflowed its stack of %d KiB (a recursion that does not end?)"),
    N_("the kernel failed on the GPU: an illegal memory access was encountered"),
    N_("the kernel failed on the GPU in launch %d: an illegal memory access was encountered"),
    N_("the kernel failed on the GPU in launch %d: %s"),
    N_("the kernel failed on the GPU: %s"),
    N_("the trace filled its buffer (%d records, room for %d): scan fewer elements"),
    N_("the many-block build of the kernel failed: %s"),
    N_("the CUDA driver did not start: %s"),
    N_("no CUDA device found"),
    N_("no CUDA context: %s"),
};

// The values of `line` when it has the shape `shape`.
bool match(std::string_view shape, std::string_view line, std::vector<std::string>& values) {
    values.clear();
    size_t at = 0;
    for (size_t k = 0; k < shape.size();) {
        if (shape[k] != '%') {
            if (at >= line.size() || line[at] != shape[k]) return false;
            ++at, ++k;
            continue;
        }
        const char conv = k + 1 < shape.size() ? shape[k + 1] : 0;
        k += 2;
        // The text up to the shape's next literal part (the rest of the line when none follows).
        size_t lit_end = k;
        while (lit_end < shape.size() && shape[lit_end] != '%') ++lit_end;
        const std::string_view literal = shape.substr(k, lit_end - k);
        size_t end = line.size();
        if (!literal.empty()) {
            // A name may hold the literal's first character ("s[3]"): the literal's last place
            // when it ends the shape, else its first.
            end = lit_end == shape.size() ? line.rfind(literal) : line.find(literal, at);
            if (end == std::string_view::npos || end < at) return false;
        }
        std::string value(line.substr(at, end - at));
        if (value.empty()) return false;
        if (conv == 'd') {
            for (size_t i = 0; i < value.size(); ++i)
                if (!std::isdigit(static_cast<unsigned char>(value[i])) && !(i == 0 && value[i] == '-')) return false;
        }
        values.push_back(std::move(value));
        at = end;
    }
    return at == line.size();
}

// The translation with the values put in: %d, %s in order, or %N$d, %N$s by number; %% is '%'.
std::string fill(std::string_view text, const std::vector<std::string>& values) {
    std::string out;
    size_t next = 0;
    for (size_t k = 0; k < text.size(); ++k) {
        if (text[k] != '%' || k + 1 >= text.size()) {
            out += text[k];
            continue;
        }
        if (text[k + 1] == '%') {
            out += '%';
            ++k;
            continue;
        }
        size_t j = k + 1, index = next++;
        size_t number = 0;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) number = number * 10 + (text[j++] - '0');
        if (j < text.size() && text[j] == '$' && number > 0) {
            index = number - 1;
            ++j;
        } else {
            j = k + 1;
        }
        if (j < text.size() && (text[j] == 'd' || text[j] == 's') && index < values.size()) {
            out += values[index];
            k = j;
        } else {
            out += text[k];
        }
    }
    return out;
}

}  // namespace

std::string kernel_error_shown(std::string_view line) {
    std::vector<std::string> values;
    for (const char* shape : kShapes)
        if (match(shape, line, values)) return fill(i18n::tr(shape), values);
    return std::string(line);
}

}  // namespace scanviz
