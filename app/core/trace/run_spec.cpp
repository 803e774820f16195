#include "core/trace/run_spec.hpp"

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace scanviz {

std::string_view to_string(Op op) {
    switch (op) {
        case Op::Add: return "add";
        case Op::Max: return "max";
        case Op::Min: return "min";
    }
    return "?";
}

std::string_view to_string(ElemType t) { return t == ElemType::I32 ? "i32" : "f32"; }

std::string_view to_string(InputKind k) {
    switch (k) {
        case InputKind::Random: return "random";
        case InputKind::Ones: return "ones";
        case InputKind::Ramp: return "ramp";
        case InputKind::Given: return "given";
    }
    return "?";
}

std::optional<Op> parse_op(std::string_view s) {
    if (s == "add") return Op::Add;
    if (s == "max") return Op::Max;
    if (s == "min") return Op::Min;
    return std::nullopt;
}

std::optional<ElemType> parse_type(std::string_view s) {
    if (s == "i32" || s == "int32") return ElemType::I32;
    if (s == "f32" || s == "float32") return ElemType::F32;
    return std::nullopt;
}

std::optional<InputKind> parse_input_kind(std::string_view s) {
    if (s == "random") return InputKind::Random;
    if (s == "ones") return InputKind::Ones;
    if (s == "ramp") return InputKind::Ramp;
    if (s == "given") return InputKind::Given;
    return std::nullopt;
}

// The C++ library's distributions are its own choice: libstdc++ and libc++ (the WebAssembly
// build's) turn the same std::mt19937_64 stream into other values. These are libstdc++'s
// (GCC 12), written out, so every build makes the inputs the recordings were made with.
namespace {

int random_digit(std::mt19937_64& rng) {
    // uniform_int_distribution<int>(0, 9) on a 64-bit engine: Lemire's nearly divisionless method.
    constexpr uint64_t range = 10;
    unsigned __int128 product = static_cast<unsigned __int128>(rng()) * range;
    uint64_t low = static_cast<uint64_t>(product);
    if (low < range) {
        const uint64_t threshold = (0 - range) % range;
        while (low < threshold) {
            product = static_cast<unsigned __int128>(rng()) * range;
            low = static_cast<uint64_t>(product);
        }
    }
    return static_cast<int>(product >> 64);
}

float random_unit_float(std::mt19937_64& rng) {
    // uniform_real_distribution<float>(0, 1): generate_canonical<float, 24> from one 64-bit draw.
    const float sum = static_cast<float>(rng()) * 1.0f;
    const float ret = sum / 18446744073709551616.0f;  // 2^64
    return ret >= 1.0f ? std::nextafter(1.0f, 0.0f) : ret;
}

}  // namespace

std::vector<double> make_input(const RunSpec& spec) {
    std::vector<double> v(static_cast<size_t>(spec.n > 0 ? spec.n : 0));
    switch (spec.input) {
        case InputKind::Given:
            for (size_t i = 0; i < v.size() && i < spec.values.size(); ++i) v[i] = spec.values[i];
            break;
        case InputKind::Ones:
            for (auto& x : v) x = 1.0;
            break;
        case InputKind::Ramp:
            for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
            break;
        case InputKind::Random: {
            std::mt19937_64 rng(spec.seed);
            if (spec.type == ElemType::I32)
                for (auto& x : v) x = random_digit(rng);
            else
                for (auto& x : v) x = static_cast<double>(random_unit_float(rng));
            break;
        }
    }
    if (spec.type == ElemType::F32)
        for (auto& x : v) x = static_cast<double>(static_cast<float>(x));
    else
        for (auto& x : v) x = static_cast<double>(static_cast<int32_t>(static_cast<int64_t>(x)));
    return v;
}

std::vector<uint8_t> make_heads(const RunSpec& spec) {
    std::vector<uint8_t> h(static_cast<size_t>(spec.n > 0 ? spec.n : 0), 0);
    for (size_t i = 0; i < h.size() && i < spec.heads.size(); ++i) h[i] = spec.heads[i] ? 1 : 0;
    if (!h.empty()) h[0] = 1;  // the first element always starts a segment
    return h;
}

double apply_op(Op op, ElemType type, double a, double b) {
    if (type == ElemType::I32) {
        int32_t x = static_cast<int32_t>(a), y = static_cast<int32_t>(b);
        switch (op) {
            case Op::Add:
                return static_cast<double>(
                    static_cast<int32_t>(static_cast<uint32_t>(x) + static_cast<uint32_t>(y)));
            case Op::Max: return static_cast<double>(x > y ? x : y);
            case Op::Min: return static_cast<double>(x < y ? x : y);
        }
    }
    float x = static_cast<float>(a), y = static_cast<float>(b);
    switch (op) {
        case Op::Add: {
            volatile float r = x + y;  // round to float, no excess precision
            return static_cast<double>(r);
        }
        case Op::Max: return static_cast<double>(std::fmax(x, y));
        case Op::Min: return static_cast<double>(std::fmin(x, y));
    }
    return 0.0;
}

double identity(Op op, ElemType type) {
    switch (op) {
        case Op::Add: return 0.0;
        case Op::Max:
            return type == ElemType::I32 ? static_cast<double>(std::numeric_limits<int32_t>::min())
                                         : -std::numeric_limits<double>::infinity();
        case Op::Min:
            return type == ElemType::I32 ? static_cast<double>(std::numeric_limits<int32_t>::max())
                                         : std::numeric_limits<double>::infinity();
    }
    return 0.0;
}

std::vector<double> sequential_scan(const std::vector<double>& in, Op op, ElemType type, bool exclusive) {
    std::vector<double> out(in.size());
    double acc = identity(op, type);
    for (size_t i = 0; i < in.size(); ++i) {
        if (exclusive) {
            out[i] = acc;
            acc = apply_op(op, type, acc, in[i]);
        } else {
            acc = i == 0 ? in[i] : apply_op(op, type, acc, in[i]);
            out[i] = acc;
        }
    }
    return out;
}

ParsedValues parse_values(std::string_view text, ElemType type) {
    ParsedValues r;
    auto fail = [&](const std::string& message) {
        r.error = message;
        r.values.clear();
        return r;
    };
    auto is_blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    auto is_comma = [](char c) { return c == ',' || c == ';'; };
    bool after_comma = false;  // a comma was read and no value since: one must follow
    size_t i = 0;
    while (i < text.size()) {
        if (is_blank(text[i])) {
            ++i;
            continue;
        }
        const std::string item = std::to_string(r.values.size() + 1);
        if (is_comma(text[i])) {
            if (r.values.empty()) return fail("value 1 is empty: the list starts with a comma");
            if (after_comma) return fail("value " + item + " is empty: nothing between two commas");
            after_comma = true;
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && !is_blank(text[j]) && !is_comma(text[j])) ++j;
        const std::string tok(text.substr(i, j - i));
        char* end = nullptr;
        errno = 0;
        if (type == ElemType::I32) {
            long long v = std::strtoll(tok.c_str(), &end, 10);
            if (end == tok.c_str() || *end != '\0' || errno == ERANGE || v < std::numeric_limits<int32_t>::min() ||
                v > std::numeric_limits<int32_t>::max())
                return fail("value " + item + " '" + tok + "' is not a 32-bit integer");
            r.values.push_back(static_cast<double>(v));
        } else {
            float v = std::strtof(tok.c_str(), &end);
            if (end == tok.c_str() || *end != '\0' || !std::isfinite(v))
                return fail("value " + item + " '" + tok + "' is not a finite float");
            r.values.push_back(static_cast<double>(v));
        }
        after_comma = false;
        i = j;
    }
    if (after_comma)
        return fail("value " + std::to_string(r.values.size() + 1) + " is empty: the list ends with a comma");
    return r;
}

}  // namespace scanviz
