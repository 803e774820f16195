// A variant's phases are written once, in its phases.hpp; its model, its kernel
// and the `// step:` tags of its sources must agree with that list. No GPU:
// the tags are read from the sources, the steps from the reference model.
//   - every `// step: <phase>` tag in the variant's folder (kernels/<family>/<id>/,
//     from kernels/variants.txt) and in its source_file names one of its phases;
//   - every step its model emits (inclusive and exclusive, default size) is one of them;
//   - the list has no phase twice.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/models/variants.hpp"
#include "core/sass/source_lines.hpp"

namespace fs = std::filesystem;
using namespace scanviz;

namespace {

const fs::path kRoot = SCANVIZ_SOURCE_DIR;

std::string read(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

// id -> family, from the one list.
std::map<std::string, std::string> variant_list() {
    std::map<std::string, std::string> out;
    std::ifstream f(kRoot / "kernels/variants.txt");
    for (std::string line; std::getline(f, line);) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream in(line);
        std::string family, id;
        if (in >> family >> id) out[id] = family;
    }
    return out;
}

// The variant's own sources (relative paths): its folder's files and its source_file.
std::set<std::string> sources_of(const VariantInfo& v, const std::string& family) {
    std::set<std::string> out{std::string(v.source_file)};
    const fs::path dir = kRoot / "kernels" / family / std::string(v.id);
    if (fs::is_directory(dir))
        for (const auto& e : fs::directory_iterator(dir)) {
            const auto ext = e.path().extension();
            if (ext == ".cu" || ext == ".cuh" || ext == ".hpp" || ext == ".cpp")
                out.insert(fs::relative(e.path(), kRoot).generic_string());
        }
    return out;
}

bool is_phase(const VariantInfo& v, std::string_view phase) {
    for (auto p : v.phases)
        if (p == phase) return true;
    return false;
}

}  // namespace

TEST(VariantPhases, TheListAndTheRegistryNameTheSameVariants) {
    const auto list = variant_list();
    ASSERT_FALSE(list.empty()) << "kernels/variants.txt is empty or missing";
    EXPECT_EQ(list.size(), all_variants().size());
    for (const VariantInfo& v : all_variants()) EXPECT_TRUE(list.count(std::string(v.id))) << v.id;
}

TEST(VariantPhases, EveryStepTagNamesOneOfTheVariantsPhases) {
    const auto list = variant_list();
    int tags = 0;
    for (const VariantInfo& v : all_variants()) {
        SCOPED_TRACE(std::string(v.id));
        const auto family = list.find(std::string(v.id));
        ASSERT_NE(family, list.end());
        for (const std::string& file : sources_of(v, family->second)) {
            const std::string text = read(kRoot / file);
            ASSERT_FALSE(text.empty()) << file << " is missing or empty";
            for (const sass::StepTag& t : sass::parse_step_tags(file, text)) {
                ++tags;
                bool known = false;
                for (auto p : v.phases) known = known || t.names(p);
                EXPECT_TRUE(known) << file << ":" << t.loc.line << ": `// step: " << t.text
                                   << "` names no phase of " << v.id << " (its phases.hpp lists them)";
            }
        }
    }
    EXPECT_GT(tags, 0);
}

TEST(VariantPhases, EveryStepTheModelEmitsIsInThePhaseList) {
    for (const VariantInfo& v : all_variants()) {
        SCOPED_TRACE(std::string(v.id));
        std::set<std::string_view> seen;
        for (auto p : v.phases) EXPECT_TRUE(seen.insert(p).second) << "phase '" << p << "' listed twice";
        for (bool exclusive : {false, true}) {
            RunSpec spec;
            spec.variant = std::string(v.id);
            spec.n = v.default_n;
            spec.exclusive = exclusive;
            if (v.segmented)
                spec.heads = std::vector<uint8_t>(static_cast<size_t>(spec.n), 0), spec.heads[0] = 1;
            const Trace t = run_model(spec);
            for (const Step& s : t.steps)
                EXPECT_TRUE(is_phase(v, s.phase))
                    << "the model emits a step '" << s.phase << "' that is not in the phase list";
        }
    }
}
