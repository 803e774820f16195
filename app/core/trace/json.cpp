#include "core/common/output.hpp"
#include "core/trace/json.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace scanviz {

using nlohmann::json;

namespace {

// Sizes beyond these are refused as absurd before anything is allocated for them.
constexpr int64_t kMaxN = int64_t{1} << 28;
constexpr int64_t kMaxSlots = int64_t{1} << 24;
constexpr int64_t kMaxThreads = int64_t{1} << 20;
constexpr int64_t kMaxBlocks = int64_t{1} << 24;
constexpr int64_t kMaxSteps = int64_t{1} << 20;
constexpr int64_t kMaxStateValues = int64_t{1} << 28;  // steps * slots
constexpr int64_t kMaxRegionBytes = int64_t{1} << 30;

// ---- writing ----

// Finite values as numbers (nlohmann writes the shortest decimal that reads
// back to the same double); inf and nan, which JSON has no number for, as strings.
json number(double v) {
    if (std::isfinite(v)) return v;
    if (std::isnan(v)) return "nan";
    return v > 0 ? "inf" : "-inf";
}

json numbers(const std::vector<double>& v) {
    json a = json::array();
    for (double x : v) a.push_back(number(x));
    return a;
}

json flags(const std::vector<uint8_t>& v) {
    json a = json::array();
    for (uint8_t x : v) a.push_back(static_cast<int>(x));
    return a;
}

// ---- reading ----

[[noreturn]] void fail(const std::string& where, const std::string& what) {
    throw std::runtime_error("trace JSON: " + where + ": " + what);
}

std::string type_name(const json& j) { return j.type_name(); }

const json& field(const json& obj, const std::string& where, const char* key) {
    if (!obj.is_object()) fail(where, "expected an object, got " + type_name(obj));
    auto it = obj.find(key);
    if (it == obj.end()) fail(where, std::string("missing field '") + key + "'");
    return *it;
}

std::string sub(const std::string& where, const char* key) { return where + "." + key; }
std::string sub(const std::string& where, size_t i) { return where + "[" + std::to_string(i) + "]"; }

int64_t as_int(const json& j, const std::string& where, int64_t lo, int64_t hi) {
    int64_t v = 0;
    if (j.is_number_unsigned()) {
        const uint64_t u = j.get<uint64_t>();
        if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            fail(where, "value " + std::to_string(u) + " is out of range [" + std::to_string(lo) + ", " +
                            std::to_string(hi) + "]");
        v = static_cast<int64_t>(u);
    } else if (j.is_number_integer()) {
        v = j.get<int64_t>();
    } else {
        fail(where, "expected an integer, got " + type_name(j));
    }
    if (v < lo || v > hi)
        fail(where, "value " + std::to_string(v) + " is out of range [" + std::to_string(lo) + ", " +
                        std::to_string(hi) + "]");
    return v;
}

int get_int(const json& obj, const std::string& where, const char* key, int64_t lo, int64_t hi) {
    return static_cast<int>(as_int(field(obj, where, key), sub(where, key), lo, hi));
}

std::string get_string(const json& obj, const std::string& where, const char* key) {
    const json& j = field(obj, where, key);
    if (!j.is_string()) fail(sub(where, key), "expected a string, got " + type_name(j));
    return j.get<std::string>();
}

bool get_bool(const json& obj, const std::string& where, const char* key) {
    const json& j = field(obj, where, key);
    if (!j.is_boolean()) fail(sub(where, key), "expected true or false, got " + type_name(j));
    return j.get<bool>();
}

double as_number(const json& j, const std::string& where) {
    if (j.is_number()) return j.get<double>();
    if (j.is_string()) {
        const auto& s = j.get_ref<const std::string&>();
        if (s == "inf") return std::numeric_limits<double>::infinity();
        if (s == "-inf") return -std::numeric_limits<double>::infinity();
        if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    }
    fail(where, "expected a number, got " + type_name(j));
}

const json& get_array(const json& obj, const std::string& where, const char* key, int64_t max_size) {
    const json& j = field(obj, where, key);
    if (!j.is_array()) fail(sub(where, key), "expected an array, got " + type_name(j));
    if (static_cast<int64_t>(j.size()) > max_size)
        fail(sub(where, key),
             "has " + std::to_string(j.size()) + " entries, more than the limit " + std::to_string(max_size));
    return j;
}

std::vector<double> get_numbers(const json& obj, const std::string& where, const char* key,
                                int64_t expected) {
    const json& a = get_array(obj, where, key, kMaxN);
    const std::string w = sub(where, key);
    if (expected >= 0 && static_cast<int64_t>(a.size()) != expected)
        fail(w, "has " + std::to_string(a.size()) + " values, expected " + std::to_string(expected));
    std::vector<double> v;
    v.reserve(a.size());
    for (size_t i = 0; i < a.size(); ++i) v.push_back(as_number(a[i], sub(w, i)));
    return v;
}

std::vector<uint8_t> get_flags(const json& obj, const std::string& where, const char* key) {
    const json& a = get_array(obj, where, key, kMaxN);
    const std::string w = sub(where, key);
    std::vector<uint8_t> v;
    v.reserve(a.size());
    for (size_t i = 0; i < a.size(); ++i) v.push_back(static_cast<uint8_t>(as_int(a[i], sub(w, i), 0, 1)));
    return v;
}

std::vector<int> get_slots(const json& obj, const std::string& where, const char* key, int slots) {
    const json& a = get_array(obj, where, key, kMaxSlots);
    const std::string w = sub(where, key);
    std::vector<int> v;
    v.reserve(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
        const json& x = a[i];
        if (!x.is_number_integer()) fail(sub(w, i), "expected a slot index, got " + type_name(x));
        const int64_t s = x.get<int64_t>();
        if (s < 0 || s >= slots)
            fail(sub(w, i), "slot " + std::to_string(s) + " is outside the layout (" + std::to_string(slots) +
                                " slots)");
        v.push_back(static_cast<int>(s));
    }
    return v;
}

template <typename E, typename Parse>
E get_enum(const json& obj, const std::string& where, const char* key, Parse parse,
           const std::string& choices) {
    const std::string s = get_string(obj, where, key);
    auto e = parse(s);
    if (!e) fail(sub(where, key), "unknown value '" + s + "' (expected " + choices + ")");
    return *e;
}

// Every value the enum's to_string names (kinds added later are read too).
template <typename E>
std::optional<E> parse_named(std::string_view s) {
    for (int i = 0; i < 256; ++i) {
        const E e = static_cast<E>(i);
        const std::string_view name = to_string(e);
        if (name != "?" && name == s) return e;
    }
    return std::nullopt;
}

template <typename E>
std::string names_of() {
    std::string out;
    for (int i = 0; i < 256; ++i) {
        const std::string_view name = to_string(static_cast<E>(i));
        if (name == "?") continue;
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out;
}

RunSpec read_spec(const json& j, const std::string& w) {
    RunSpec s;
    s.variant = get_string(j, w, "variant");
    if (s.variant.empty()) fail(sub(w, "variant"), "is empty");
    s.n = get_int(j, w, "n", 0, kMaxN);
    s.threads = get_int(j, w, "threads", 0, kMaxThreads);
    s.items_per_thread = get_int(j, w, "items_per_thread", 0, 1 << 16);
    s.op = get_enum<Op>(j, w, "op", parse_op, "add, max or min");
    s.type = get_enum<ElemType>(j, w, "type", parse_type, "i32 or f32");
    s.exclusive = get_bool(j, w, "exclusive");
    s.input = get_enum<InputKind>(j, w, "input", parse_input_kind, "random, ones, ramp or given");
    {
        const json& seed = field(j, w, "seed");
        if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<int64_t>() >= 0))
            fail(sub(w, "seed"), "expected an unsigned integer, got " + type_name(seed));
        s.seed = seed.get<uint64_t>();
    }
    s.values = get_numbers(j, w, "values", -1);
    if (s.input == InputKind::Given && static_cast<int>(s.values.size()) != s.n)
        fail(sub(w, "values"),
             "has " + std::to_string(s.values.size()) + " values, expected n = " + std::to_string(s.n));
    s.heads = get_flags(j, w, "heads");
    if (!s.heads.empty() && static_cast<int>(s.heads.size()) != s.n)
        fail(sub(w, "heads"),
             "has " + std::to_string(s.heads.size()) + " flags, expected n = " + std::to_string(s.n));
    return s;
}

Layout read_layout(const json& j, const std::string& w) {
    Layout l;
    l.slots = get_int(j, w, "slots", 0, kMaxSlots);
    const json& regions = get_array(j, w, "regions", 1 << 16);
    const std::string wr = sub(w, "regions");
    for (size_t i = 0; i < regions.size(); ++i) {
        const std::string ri = sub(wr, i);
        const json& rj = regions[i];
        Region r;
        r.name = get_string(rj, ri, "name");
        r.space = get_enum<Space>(rj, ri, "space", parse_named<Space>, names_of<Space>());
        r.first_slot = get_int(rj, ri, "first_slot", 0, l.slots);
        r.count = get_int(rj, ri, "count", 0, l.slots);
        if (r.first_slot + r.count > l.slots)
            fail(ri, "slots [" + std::to_string(r.first_slot) + ", " +
                         std::to_string(r.first_slot + r.count) + ") reach past the layout (" +
                         std::to_string(l.slots) + " slots)");
        r.byte_offset = get_int(rj, ri, "byte_offset", 0, kMaxRegionBytes);
        r.elem_bytes = get_int(rj, ri, "elem_bytes", 1, 64);
        if (int64_t{r.byte_offset} + int64_t{r.count} * r.elem_bytes > kMaxRegionBytes)
            fail(ri, "reaches past " + std::to_string(kMaxRegionBytes) + " bytes");
        r.cols = get_int(rj, ri, "cols", 0, kMaxSlots);
        l.regions.push_back(std::move(r));
    }
    l.padding = get_flags(j, w, "padding");
    if (static_cast<int>(l.padding.size()) != l.slots)
        fail(sub(w, "padding"), "has " + std::to_string(l.padding.size()) + " flags, the layout has " +
                                    std::to_string(l.slots) + " slots");
    return l;
}

Operation read_op(const json& j, const std::string& w, int slots) {
    Operation op;
    op.thread = get_int(j, w, "thread", 0, kMaxBlocks * 1024);
    op.kind = get_enum<OpKind>(j, w, "kind", parse_named<OpKind>, names_of<OpKind>());
    op.reads = get_slots(j, w, "reads", slots);
    op.writes = get_slots(j, w, "writes", slots);
    op.applications = get_int(j, w, "applications", 0, kMaxSlots);
    op.depth = get_int(j, w, "depth", 0, kMaxSlots);
    const std::string kind(to_string(op.kind));
    if (op.kind == OpKind::Combine && (op.reads.size() != 2 || op.writes.size() != 1))
        fail(w, "a combine reads 2 slots and writes 1, got " + std::to_string(op.reads.size()) + " and " +
                    std::to_string(op.writes.size()));
    if (op.kind == OpKind::Swap && (op.reads.size() != 2 || op.writes.size() != 2))
        fail(w, "a swap reads 2 slots and writes 2, got " + std::to_string(op.reads.size()) + " and " +
                    std::to_string(op.writes.size()));
    if (op.kind == OpKind::Copy && op.reads.size() > 1)
        fail(w, "a copy reads at most 1 slot, got " + std::to_string(op.reads.size()));
    return op;
}

Step read_step(const json& j, const std::string& w, int slots, int threads) {
    Step s;
    s.phase = get_string(j, w, "phase");
    s.label = get_string(j, w, "label");
    s.barrier = get_string(j, w, "barrier");
    const size_t mask_words = static_cast<size_t>((threads + 31) / 32);
    const json& mask = get_array(j, w, "active_mask", kMaxThreads / 32 + 1);
    const std::string wm = sub(w, "active_mask");
    if (mask.size() != mask_words)
        fail(wm, "has " + std::to_string(mask.size()) + " words, " + std::to_string(threads) +
                     " threads need " + std::to_string(mask_words));
    for (size_t i = 0; i < mask.size(); ++i)
        s.active_mask.push_back(static_cast<uint32_t>(as_int(mask[i], sub(wm, i), 0, 0xffffffffll)));
    const json& ops = get_array(j, w, "ops", kMaxSlots);
    const std::string wo = sub(w, "ops");
    s.ops.reserve(ops.size());
    for (size_t i = 0; i < ops.size(); ++i) s.ops.push_back(read_op(ops[i], sub(wo, i), slots));
    s.state = get_numbers(j, w, "state", slots);
    return s;
}

TraceSource read_source(const json& j, const std::string& w) {
    TraceSource s;
    s.kind = get_string(j, w, "kind");
    if (s.kind != "model" && s.kind != "gpu" && s.kind != "recording" && s.kind != "cpu")
        fail(sub(w, "kind"), "unknown value '" + s.kind + "' (expected model, gpu, recording or cpu)");
    s.device = get_string(j, w, "device");
    s.sm = get_string(j, w, "sm");
    s.driver = get_string(j, w, "driver");
    s.date = get_string(j, w, "date");
    s.note = get_string(j, w, "note");
    return s;
}

// One line: nlohmann's messages start with "[json.exception.parse_error.101] ".
std::string short_json_error(const std::string& what) {
    std::string s = what;
    if (!s.empty() && s[0] == '[') {
        auto close = s.find("] ");
        if (close != std::string::npos) s = s.substr(close + 2);
    }
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

}  // namespace

json run_spec_to_json(const RunSpec& s) {
    return json{
        {"variant", s.variant},
        {"n", s.n},
        {"threads", s.threads},
        {"items_per_thread", s.items_per_thread},
        {"op", std::string(to_string(s.op))},
        {"type", std::string(to_string(s.type))},
        {"exclusive", s.exclusive},
        {"input", std::string(to_string(s.input))},
        {"seed", s.seed},
        {"values", numbers(s.values)},
        {"heads", flags(s.heads)},
    };
}

RunSpec run_spec_from_json(const json& j) { return read_spec(j, "spec"); }

json trace_to_json(const Trace& t) {
    json regions = json::array();
    for (const Region& r : t.layout.regions)
        regions.push_back(json{{"name", r.name},
                               {"space", std::string(to_string(r.space))},
                               {"first_slot", r.first_slot},
                               {"count", r.count},
                               {"byte_offset", r.byte_offset},
                               {"elem_bytes", r.elem_bytes},
                               {"cols", r.cols}});
    json steps = json::array();
    for (const Step& s : t.steps) {
        json ops = json::array();
        for (const Operation& o : s.ops)
            ops.push_back(json{{"thread", o.thread},
                               {"kind", std::string(to_string(o.kind))},
                               {"reads", o.reads},
                               {"writes", o.writes},
                               {"applications", o.applications},
                               {"depth", o.depth}});
        steps.push_back(json{{"phase", s.phase},
                             {"label", s.label},
                             {"barrier", s.barrier},
                             {"active_mask", s.active_mask},
                             {"ops", std::move(ops)},
                             {"state", numbers(s.state)}});
    }
    return json{
        {"format", std::string(kTraceFormatName)},
        {"version", t.version},
        {"spec", run_spec_to_json(t.spec)},
        {"threads", t.threads},
        {"blocks", t.blocks},
        {"layout", json{{"slots", t.layout.slots},
                        {"regions", std::move(regions)},
                        {"padding", flags(t.layout.padding)}}},
        {"input", numbers(t.input)},
        {"heads", flags(t.heads)},
        {"initial_state", numbers(t.initial_state)},
        {"steps", std::move(steps)},
        {"output", numbers(t.output)},
        {"source", json{{"kind", t.source.kind},
                        {"device", t.source.device},
                        {"sm", t.source.sm},
                        {"driver", t.source.driver},
                        {"date", t.source.date},
                        {"note", t.source.note}}},
    };
}

Trace trace_from_json(const json& j) {
    const std::string w = "trace";
    if (!j.is_object()) fail(w, "expected an object, got " + type_name(j));
    const std::string format = get_string(j, w, "format");
    if (format != kTraceFormatName)
        fail(sub(w, "format"), "is '" + format + "', expected '" + std::string(kTraceFormatName) + "'");
    Trace t;
    t.version = get_int(j, w, "version", 1, std::numeric_limits<int>::max());
    if (t.version > kTraceFormatVersion)
        fail(sub(w, "version"), "is " + std::to_string(t.version) + ", newer than this build reads (" +
                                    std::to_string(kTraceFormatVersion) + "); update scanviz");
    t.spec = read_spec(field(j, w, "spec"), sub(w, "spec"));
    t.threads = get_int(j, w, "threads", 0, kMaxThreads);
    t.blocks = get_int(j, w, "blocks", 0, kMaxBlocks);
    t.layout = read_layout(field(j, w, "layout"), sub(w, "layout"));
    const int slots = t.layout.slots;
    t.input = get_numbers(j, w, "input", t.spec.n);
    t.heads = get_flags(j, w, "heads");
    if (!t.heads.empty() && static_cast<int>(t.heads.size()) != t.spec.n)
        fail(sub(w, "heads"),
             "has " + std::to_string(t.heads.size()) + " flags, expected n = " + std::to_string(t.spec.n));
    t.initial_state = get_numbers(j, w, "initial_state", slots);
    const json& steps = get_array(j, w, "steps", kMaxSteps);
    if (static_cast<int64_t>(steps.size()) * slots > kMaxStateValues)
        fail(sub(w, "steps"), std::to_string(steps.size()) + " steps of " + std::to_string(slots) +
                                  " slots is more state than the limit " + std::to_string(kMaxStateValues));
    const std::string ws = sub(w, "steps");
    t.steps.reserve(steps.size());
    for (size_t i = 0; i < steps.size(); ++i)
        t.steps.push_back(read_step(steps[i], sub(ws, i), slots, t.threads));
    t.output = get_numbers(j, w, "output", t.spec.n);
    t.source = read_source(field(j, w, "source"), sub(w, "source"));
    return t;
}

std::string trace_to_json_text(const Trace& trace, int indent) { return trace_to_json(trace).dump(indent); }

Trace trace_from_json_text(std::string_view text) {
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        throw std::runtime_error("not valid JSON: " + short_json_error(e.what()));
    }
    return trace_from_json(j);
}

void save_trace_file(const std::string& path, const Trace& trace) {
    write_file_atomically(path, trace_to_json_text(trace) + "\n");
}

Trace load_trace_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw std::runtime_error("cannot read '" + path + "': it is a directory");
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path + "': " + std::strerror(errno ? errno : ENOENT));
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) throw std::runtime_error("cannot read '" + path + "': " + std::strerror(errno));
    try {
        return trace_from_json_text(ss.str());
    } catch (const std::runtime_error& e) {
        throw std::runtime_error("'" + path + "': " + e.what());
    }
}

}  // namespace scanviz
