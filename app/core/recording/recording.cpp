#include "core/common/output.hpp"
#include "core/i18n/i18n.hpp"
#include "core/recording/recording.hpp"

// The WebAssembly build (app/wasm) has no zstd: it reads recordings stored uncompressed
// (encode_recording(r, false), what `scanviz publish` puts into a site, gzipped for the browser to inflate).
#if SCANVIZ_HAVE_ZSTD
#include <zstd.h>
#endif

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "core/trace/json.hpp"

namespace scanviz {
namespace {

constexpr char kMagic[8] = {'S', 'C', 'A', 'N', 'V', 'I', 'Z', 'R'};
constexpr size_t kHeaderSize = 32;
constexpr uint32_t kFlagZstd = 1;

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void put_u64(std::vector<uint8_t>& out, uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
uint32_t get_u32(const uint8_t* p) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(p[i]) << (8 * i);
    return v;
}
uint64_t get_u64(const uint8_t* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(p[i]) << (8 * i);
    return v;
}

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error("recording: " + what); }

nlohmann::json device_to_json(const RecordedDevice& d) {
    return {{"name", d.name},         {"sm", d.sm},
            {"sm_count", d.sm_count}, {"memory_bytes", d.memory_bytes},
            {"driver", d.driver},     {"runtime", d.runtime}};
}

RecordedDevice device_from_json(const nlohmann::json& j) {
    RecordedDevice d;
    d.name = j.at("name").get<std::string>();
    d.sm = j.at("sm").get<std::string>();
    d.sm_count = j.at("sm_count").get<int>();
    d.memory_bytes = j.at("memory_bytes").get<uint64_t>();
    d.driver = j.at("driver").get<std::string>();
    d.runtime = j.at("runtime").get<std::string>();
    return d;
}

nlohmann::json recording_to_json(const Recording& r) {
    nlohmann::json traces = nlohmann::json::array();
    for (const auto& t : r.traces) traces.push_back(trace_to_json(t));
    nlohmann::json j = {{"format", kRecordingFormatName},
                        {"version", kRecordingFormatVersion},
                        {"device", device_to_json(r.device)},
                        {"date", r.date},
                        {"scanviz_version", r.scanviz_version},
                        {"command", r.command},
                        {"traces", traces},
                        {"validation", r.validation ? to_json(*r.validation) : nlohmann::json()},
                        {"sass", r.sass},
                        {"bench", r.bench ? nlohmann::json::parse(to_json(*r.bench)) : nlohmann::json()}};
    if (r.race) j["race"] = to_json(*r.race);  // optional section: older files lack it
    if (r.profile)
        j["profile"] = nlohmann::json::parse(format_json(*r.profile));  // optional: older files lack it
    return j;
}

Recording recording_from_json(const nlohmann::json& j) {
    if (!j.is_object()) fail("the document is not a JSON object");
    if (!j.contains("format") || !j["format"].is_string() ||
        j["format"].get<std::string>() != kRecordingFormatName)
        fail("not a scanviz recording (format field missing or wrong)");
    if (!j.contains("version") || !j["version"].is_number_unsigned())
        fail("version field missing or not a number");
    const auto version = j["version"].get<uint64_t>();
    if (version > kRecordingFormatVersion)
        fail("format version " + std::to_string(version) + " is newer than this scanviz reads (" +
             std::to_string(kRecordingFormatVersion) + "); update scanviz");
    Recording r;
    try {
        r.device = device_from_json(j.at("device"));
        r.date = j.at("date").get<std::string>();
        r.scanviz_version = j.at("scanviz_version").get<std::string>();
        r.command = j.at("command").get<std::string>();
        const auto& traces = j.at("traces");
        if (!traces.is_array()) fail("traces is not an array");
        r.traces.reserve(traces.size());
        for (size_t i = 0; i < traces.size(); ++i) {
            try {
                r.traces.push_back(trace_from_json(traces[i]));
            } catch (const std::exception& e) {
                fail("trace " + std::to_string(i) + ": " + e.what());
            }
        }
        if (j.contains("validation") && !j["validation"].is_null())
            r.validation = validation_from_json(j["validation"]);
        if (j.contains("sass")) r.sass = j["sass"];
        if (j.contains("bench") && !j["bench"].is_null()) {
            try {
                r.bench = parse_bench_json(j["bench"].dump());
            } catch (const std::exception& e) {
                fail(std::string("benchmark results: ") + e.what());
            }
        }
        if (j.contains("race") && !j["race"].is_null()) {
            try {
                r.race = race_table_from_json(j["race"]);
            } catch (const std::exception& e) {
                fail(std::string("race lab measurements: ") + e.what());
            }
        }
        if (j.contains("profile") && !j["profile"].is_null()) {
            try {
                r.profile = parse_profile_json(j["profile"].dump());
            } catch (const std::exception& e) {
                fail(std::string("profile: ") + e.what());
            }
        }
    } catch (const nlohmann::json::exception& e) {
        fail(std::string("malformed document: ") + e.what());
    }
    return r;
}

}  // namespace

const Trace* Recording::find(const RunSpec& s) const {
    for (const auto& t : traces) {
        const RunSpec& r = t.spec;
        if (r.variant == s.variant && r.n == s.n && r.threads == s.threads &&
            r.items_per_thread == s.items_per_thread && r.op == s.op && r.type == s.type &&
            r.exclusive == s.exclusive && make_input(r) == make_input(s) && make_heads(r) == make_heads(s))
            return &t;
    }
    return nullptr;
}

std::string Recording::badge() const {
    return i18n::format(i18n::tr("recorded on %s (%s) on %s"), device.name.c_str(), device.sm.c_str(),
                        date.substr(0, 10).c_str());
}

std::vector<uint8_t> encode_recording(const Recording& r, bool compress) {
    const std::string payload = recording_to_json(r).dump();
    std::vector<uint8_t> stored;
    if (compress) {
#if !SCANVIZ_HAVE_ZSTD
        fail("this build has no zstd: it writes only uncompressed recordings");
#else
        // The frame carries a checksum of the payload (zstd's content checksum, which
        // ZSTD_decompress verifies), so a flipped byte cannot decode to a different
        // but valid document and show a wrong picture.
        stored.resize(ZSTD_compressBound(payload.size()));
        ZSTD_CCtx* cctx = ZSTD_createCCtx();
        if (cctx == nullptr) fail("zstd compression failed: out of memory");
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 9);
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
        const size_t z = ZSTD_compress2(cctx, stored.data(), stored.size(), payload.data(), payload.size());
        ZSTD_freeCCtx(cctx);
        if (ZSTD_isError(z)) fail(std::string("zstd compression failed: ") + ZSTD_getErrorName(z));
        stored.resize(z);
#endif
    } else {
        stored.assign(payload.begin(), payload.end());
    }
    std::vector<uint8_t> out(kMagic, kMagic + 8);
    put_u32(out, kRecordingFormatVersion);
    put_u32(out, compress ? kFlagZstd : 0);
    put_u64(out, payload.size());
    put_u64(out, stored.size());
    out.insert(out.end(), stored.begin(), stored.end());
    return out;
}

Recording decode_recording(const uint8_t* data, size_t size) {
    if (size < kHeaderSize) fail("file is too short to be a recording (" + std::to_string(size) + " bytes)");
    if (std::memcmp(data, kMagic, 8) != 0) fail("not a scanviz recording (wrong magic bytes)");
    const uint32_t version = get_u32(data + 8);
    const uint32_t flags = get_u32(data + 12);
    const uint64_t payload_size = get_u64(data + 16);
    const uint64_t stored_size = get_u64(data + 24);
    if (version == 0) fail("format version 0 is not valid");
    if (version > kRecordingFormatVersion)
        fail("format version " + std::to_string(version) + " is newer than this scanviz reads (" +
             std::to_string(kRecordingFormatVersion) + "); update scanviz");
    if (flags & ~kFlagZstd) fail("unknown flags " + std::to_string(flags));
    if (stored_size != size - kHeaderSize)
        fail("truncated or padded: the header says " + std::to_string(stored_size) +
             " bytes follow, the file has " + std::to_string(size - kHeaderSize));
    if (payload_size > kRecordingMaxPayload)
        fail("payload size " + std::to_string(payload_size) +
             " is larger than the 1 GiB a recording may hold");
    std::string payload;
    const uint8_t* stored = data + kHeaderSize;
    if (flags & kFlagZstd) {
#if !SCANVIZ_HAVE_ZSTD
        fail("the payload is zstd-compressed and this build (WebAssembly) reads only uncompressed recordings");
#else
        const unsigned long long frame = ZSTD_getFrameContentSize(stored, stored_size);
        if (frame == ZSTD_CONTENTSIZE_ERROR) fail("payload is not a zstd frame");
        if (frame == ZSTD_CONTENTSIZE_UNKNOWN || frame != payload_size)
            fail("zstd frame size does not match the header's payload size");
        payload.resize(payload_size);
        const size_t got = ZSTD_decompress(payload.data(), payload.size(), stored, stored_size);
        if (ZSTD_isError(got)) fail(std::string("corrupt payload: ") + ZSTD_getErrorName(got));
        if (got != payload_size) fail("corrupt payload: decompressed size does not match the header");
#endif
    } else {
        if (payload_size != stored_size) fail("payload size does not match the stored size");
        payload.assign(reinterpret_cast<const char*>(stored), stored_size);
    }
    nlohmann::json j = nlohmann::json::parse(payload, nullptr, false);
    if (j.is_discarded()) fail("payload is not valid JSON");
    return recording_from_json(j);
}

void save_recording(const std::string& path, const Recording& r) {
    const auto bytes = encode_recording(r);
    write_file_atomically(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

Recording load_recording(const std::string& path) {
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) throw std::runtime_error("cannot read '" + path + "': " + std::strerror(errno));
    const auto file_size = static_cast<uint64_t>(f.tellg());
    if (file_size > kRecordingMaxPayload + 64)
        throw std::runtime_error("recording: '" + path + "' is larger than any recording can be");
    f.seekg(0);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    try {
        return decode_recording(bytes.data(), bytes.size());
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string(e.what()) + " ('" + path + "')");
    }
}

nlohmann::json recording_summary(const Recording& r) {
    auto fnv1a = [](const std::string& text) {
        uint64_t h = 1469598103934665603ull;
        for (unsigned char c : text) {
            h ^= c;
            h *= 1099511628211ull;
        }
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
        return std::string(buf);
    };
    nlohmann::json traces = nlohmann::json::array();
    for (const auto& t : r.traces) {
        traces.push_back({{"variant", t.spec.variant},
                          {"n", t.spec.n},
                          {"op", std::string(to_string(t.spec.op))},
                          {"type", std::string(to_string(t.spec.type))},
                          {"exclusive", t.spec.exclusive},
                          {"steps", t.steps.size()},
                          {"source", t.source.kind + ": " + t.source.device},
                          {"fnv1a", fnv1a(trace_to_json(t).dump())}});
    }
    nlohmann::json s = {{"device", device_to_json(r.device)}, {"date", r.date}, {"traces", traces}};
    if (r.validation)
        s["validation"] = {{"cases", r.validation->cases.size()}, {"passed", r.validation->passed()}};
    if (r.bench) {
        nlohmann::json rows = nlohmann::json::array();
        for (const auto& b : r.bench->rows)
            rows.push_back({{"variant", b.variant},
                            {"n", b.n},
                            {"type", std::string(to_string(b.type))},
                            {"exclusive", b.exclusive},
                            {"median_ms", b.median_ms},
                            {"gbps", b.gbps}});
        s["bench"] = rows;
    }
    if (!r.sass.is_null()) s["sass_fnv1a"] = fnv1a(r.sass.dump());
    if (r.race) s["race_fnv1a"] = fnv1a(to_json(*r.race).dump());
    return s;
}

bool looks_like_recording(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    char head[8] = {};
    f.read(head, 8);
    return f.gcount() == 8 && std::memcmp(head, kMagic, 8) == 0;
}

RaceTable load_race_table(const std::string& path) {
    if (looks_like_recording(path)) {
        const Recording rec = load_recording(path);
        if (!rec.race) throw std::runtime_error(path + ": the recording has no race lab measurements");
        return *rec.race;
    }
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error(path + ": cannot read the file");
    std::stringstream ss;
    ss << f.rdbuf();
    const auto j = nlohmann::json::parse(ss.str(), nullptr, false);
    if (j.is_discarded())
        throw std::runtime_error(path + ": not JSON (expected a race table or a recording)");
    try {
        return race_table_from_json(j);
    } catch (const std::exception& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

}  // namespace scanviz
