// Recordings: what is written reads back equal; every kind of bad file gets one clear error.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "core/recording/recording.hpp"
#include "core/trace/compare.hpp"
#include "core/trace/json.hpp"
#include "fuzz/recording_seed.hpp"

using namespace scanviz;

namespace {

std::string error_of(const std::vector<uint8_t>& bytes) {
    try {
        decode_recording(bytes.data(), bytes.size());
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

void put_u64(std::vector<uint8_t>& b, size_t at, uint64_t v) {
    for (int i = 0; i < 8; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

}  // namespace

TEST(Recording, RoundTripsCompressedAndPlain) {
    const Recording rec = scanviz::testing::seed_recording();
    for (bool compress : {true, false}) {
        const auto bytes = encode_recording(rec, compress);
        const Recording back = decode_recording(bytes.data(), bytes.size());
        EXPECT_EQ(back.device.name, rec.device.name);
        EXPECT_EQ(back.device.sm_count, rec.device.sm_count);
        EXPECT_EQ(back.date, rec.date);
        ASSERT_EQ(back.traces.size(), rec.traces.size());
        for (size_t i = 0; i < rec.traces.size(); ++i) {
            auto m = compare_traces(rec.traces[i], back.traces[i]);
            EXPECT_FALSE(m.has_value()) << (m ? m->what : "");
            EXPECT_EQ(trace_to_json(rec.traces[i]), trace_to_json(back.traces[i]));
        }
        ASSERT_TRUE(back.validation.has_value());
        EXPECT_EQ(back.validation->cases.size(), rec.validation->cases.size());
        EXPECT_EQ(back.validation->failed(), 1);
        EXPECT_EQ(back.validation->cases[1].mismatch, rec.validation->cases[1].mismatch);
        ASSERT_TRUE(back.bench.has_value());
        ASSERT_EQ(back.bench->rows.size(), 1u);
        EXPECT_DOUBLE_EQ(back.bench->rows[0].gbps, rec.bench->rows[0].gbps);
        EXPECT_EQ(back.bench->meta.device, rec.bench->meta.device);
    }
}

TEST(Recording, CompressionHelps) {
    const Recording rec = scanviz::testing::seed_recording();
    EXPECT_LT(encode_recording(rec, true).size(), encode_recording(rec, false).size() / 3);
}

TEST(Recording, FindsTheTraceForASpec) {
    const Recording rec = scanviz::testing::seed_recording();
    RunSpec s = rec.traces[1].spec;
    ASSERT_NE(rec.find(s), nullptr);
    s.seed += 1;
    EXPECT_EQ(rec.find(s), nullptr);
    EXPECT_NE(rec.badge().find("recorded on Test GPU (seed) (sm_90) on 2026-11-21"), std::string::npos);
}

TEST(Recording, TruncatedFileIsOneClearError) {
    auto bytes = encode_recording(scanviz::testing::seed_recording());
    for (size_t cut : {size_t(0), size_t(7), size_t(31), bytes.size() / 2, bytes.size() - 1}) {
        std::vector<uint8_t> part(bytes.begin(), bytes.begin() + cut);
        const std::string err = error_of(part);
        EXPECT_NE(err.find("recording:"), std::string::npos) << "cut at " << cut << ": " << err;
        EXPECT_TRUE(err.find("short") != std::string::npos || err.find("truncated") != std::string::npos)
            << err;
    }
}

TEST(Recording, NewerVersionIsRefusedByName) {
    auto bytes = encode_recording(scanviz::testing::seed_recording());
    bytes[8] = static_cast<uint8_t>(kRecordingFormatVersion + 1);
    EXPECT_NE(error_of(bytes).find("newer than this scanviz reads"), std::string::npos);
}

TEST(Recording, HostileSizesAreRefusedBeforeAllocation) {
    auto bytes = encode_recording(scanviz::testing::seed_recording());
    auto huge = bytes;
    put_u64(huge, 16, uint64_t(1) << 62);  // payload size
    EXPECT_NE(error_of(huge).find("larger than"), std::string::npos);
    auto lying = bytes;
    put_u64(lying, 16, 12345);  // payload size that does not match the zstd frame
    EXPECT_NE(error_of(lying).find("does not match"), std::string::npos);
    auto stored = bytes;
    put_u64(stored, 24, uint64_t(-1));  // stored size beyond the file
    EXPECT_NE(error_of(stored).find("truncated"), std::string::npos);
}

TEST(Recording, CorruptPayloadIsOneClearError) {
    auto bytes = encode_recording(scanviz::testing::seed_recording());
    for (size_t at = 40; at < bytes.size(); at += bytes.size() / 17) {
        auto bad = bytes;
        bad[at] ^= 0x5a;
        const std::string err = error_of(bad);
        // Either the zstd checksum/format catches it or the JSON checks do; never silence.
        EXPECT_NE(err.find("recording:"), std::string::npos) << "flip at " << at;
    }
}

TEST(Recording, EveryFlippedPayloadByteIsCaught) {
    // The zstd frame carries a content checksum: no single flipped byte of the
    // stored payload may decode to a different, valid document. (A few bits of a
    // zstd frame are padding the decoder never reads; a flip there decodes to the
    // very same document, which is no harm.)
    const auto bytes = encode_recording(scanviz::testing::seed_recording());
    const auto original = encode_recording(scanviz::testing::seed_recording(), false);
    int caught = 0;
    for (size_t at = 32; at < bytes.size(); ++at) {
        auto bad = bytes;
        bad[at] ^= 0x01;
        const std::string err = error_of(bad);
        if (!err.empty()) {
            EXPECT_NE(err.find("recording:"), std::string::npos) << "flip at " << at << ": " << err;
            ++caught;
            continue;
        }
        EXPECT_EQ(encode_recording(decode_recording(bad.data(), bad.size()), false), original)
            << "flip at " << at << " decoded to a different document";
    }
    EXPECT_GT(caught, static_cast<int>(bytes.size() - 32) * 9 / 10);
}

TEST(Recording, WrongMagicAndNotARecording) {
    std::vector<uint8_t> json(64, ' ');
    std::memcpy(json.data(), "{\"format\":\"scanviz-trace\"}", 26);
    EXPECT_NE(error_of(json).find("wrong magic"), std::string::npos);
}

TEST(Recording, CountsThatDoNotMatchAreRefused) {
    // A trace inside the recording whose state length disagrees with its layout.
    Recording rec = scanviz::testing::seed_recording();
    rec.traces[0].steps[0].state.pop_back();
    auto bytes = encode_recording(rec);
    const std::string err = error_of(bytes);
    EXPECT_NE(err.find("trace 0"), std::string::npos) << err;
}

TEST(Recording, SavesAndLoadsFiles) {
    const auto path = (std::filesystem::temp_directory_path() / "scanviz_test.svzrec").string();
    save_recording(path, scanviz::testing::seed_recording());
    EXPECT_TRUE(looks_like_recording(path));
    EXPECT_EQ(load_recording(path).traces.size(), 2u);
    std::filesystem::remove(path);
    try {
        load_recording(path);
        FAIL() << "missing file loaded";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot read"), std::string::npos);
    }
}
