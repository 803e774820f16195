// Every text reader of scanviz behind one function, read_as(READER, bytes): any
// bytes must give a value or one std::exception with one line, never a crash, a
// hang or undefined behaviour. Compiled once into a library; each fuzz target
// (fuzz_entry.cpp, SCANVIZ_READER names the reader) calls it. Built by clang's
// libFuzzer with AddressSanitizer and UBSan (SCANVIZ_FUZZ=ON); with any compiler
// the same function replays each reader's committed corpus as a ctest test.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/bench/bench.hpp"
#include "core/i18n/po.hpp"
#include "core/lessons/catalog.hpp"
#include "core/learner/records.hpp"
#include "core/learner/settings.hpp"
#include "core/lessons/lesson.hpp"
#include "core/profile/ncu_csv.hpp"
#include "core/profile/profile.hpp"
#include "core/race/table.hpp"
#include "core/sass/listing.hpp"
#include "core/sass/table.hpp"
#include "core/trace/json.hpp"
#include "core/trace/run_spec.hpp"
#include "ui/script_text.hpp"
#include "fuzz_reader.hpp"

namespace {

using namespace scanviz;

// Runs one part of a reader; its one clear error (any std::exception) is expected for bad input.
template <class F>
void attempt(F&& part) {
    try {
        part();
    } catch (const std::exception&) {
    }
}

}  // namespace

void scanviz::fuzz::read_as(std::string_view reader, std::string_view text) {
    const std::string s(text);
    if (reader == "trace_json") {
        attempt([&] { (void)trace_from_json_text(text); });
    } else if (reader == "po") {
        // A translation catalog: its entries, and its plural rule evaluated where plurals differ.
        attempt([&] {
            const i18n::PoFile po = i18n::parse_po(text, "fuzz.po");
            for (unsigned long n : {0ul, 1ul, 2ul, 5ul, 11ul, 21ul, 101ul, 4294967295ul}) {
                const int i = po.plural.index(n);
                if (i < 0 || i >= po.plural.nplurals()) __builtin_trap();
            }
            for (const auto& e : po.entries) (void)e.translated();
        });
        attempt([&] { (void)i18n::PluralRule::parse(text).index(7); });
    } else if (reader == "lesson") {
        attempt([&] { (void)lessons::parse_lesson(s, "fuzz.lesson"); });
    } else if (reader == "ncu_csv") {
        attempt([&] {
            const ncu::Report r = ncu::parse(text);
            for (const auto& k : r.kernels)
                for (const auto& entry : k.values) attempt([&] { (void)k.number(entry.first); });
        });
    } else if (reader == "profile_table") {
        attempt([&] { (void)parse_profile_json(text); });
    } else if (reader == "race_table") {
        attempt([&] {
            const auto j = nlohmann::json::parse(text, nullptr, false);
            if (!j.is_discarded()) (void)race_table_from_json(j);
        });
        attempt([&] { (void)parse_racecheck_csv(s); });
    } else if (reader == "bench") {
        attempt([&] { (void)parse_bench_csv(text); });
        attempt([&] { (void)parse_bench_json(text); });
        attempt([&] { (void)parse_bench_sizes(text); });
    } else if (reader == "progress") {
        (void)lessons::parse_progress(s);  // bad lines are skipped, never thrown
    } else if (reader == "values") {
        (void)parse_values(text, ElemType::I32);  // errors come back in the result, never thrown
        (void)parse_values(text, ElemType::F32);
    } else if (reader == "gui_script") {
        attempt([&] { (void)ui::parse_script(text, "fuzz.script"); });
    } else if (reader == "sass_listing") {
        attempt([&] { (void)sass::parse_listing(text); });
    } else if (reader == "learner_records") {
        // A learner kernel's records (errors come back in the result, never thrown), the Trace
        // and the access trace assembled from them; and the same bytes as a kernel's settings header.
        const ParsedRecords p = parse_records(text);
        for (int threads : {1, 2, 32, 64}) {
            RecordsRun run;
            run.spec.n = threads;
            run.threads = threads;
            run.input.assign(static_cast<size_t>(threads), 1.0);
            if (assemble_trace(p.records, run).error.empty()) (void)access_trace(p.records, run);
        }
        (void)parse_settings(text, "fuzz.cu");
    } else if (reader == "sass_table") {
        attempt([&] { (void)sass::parse_json(text); });  // the count table the published site carries
    } else {
        __builtin_trap();  // a reader name the CMake list has and this file does not
    }
}

