// Step labels in the reader's language (core/i18n/step_label.hpp): every label and barrier the
// models produce, over every variant, maps to a phrase of the catalog, and in Chinese (the
// shipped catalog, or $SCANVIZ_CATALOG_ZH) reads differently from the English unless it is only
// code and numbers; the numbers and d=N stay as they are.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "core/models/variants.hpp"

using namespace scanviz;

namespace {

struct LanguageGuard {
    ~LanguageGuard() { i18n::set_language(i18n::Language::En); }
};

bool only_code(const std::string& s) {
    for (char c : s)
        if (std::isalpha(static_cast<unsigned char>(c))) return false;
    return true;
}

// Every label and barrier of every variant's model: its default run, inclusive and exclusive,
// and each size its default leaves out (a multi-pass device scan at n = 4096, a short block).
void collect(std::set<std::string>& labels, std::set<std::string>& barriers) {
    for (const VariantInfo& v : all_variants()) {
        for (std::string_view p : v.phases) labels.insert(std::string(p));
        for (bool exclusive : {false, true})
            for (int n : {v.default_n, 1, 5, 33, 100, 1024, 4096}) {
                RunSpec spec;
                spec.variant = std::string(v.id);
                spec.n = n;
                spec.exclusive = exclusive;
                if (v.check(spec)) continue;  // a size the variant does not accept
                if (v.segmented) {
                    spec.heads.assign(static_cast<size_t>(n), 0);
                    for (size_t i = 0; i < spec.heads.size(); i += 5) spec.heads[i] = 1;
                }
                Trace t;
                try {
                    t = run_model(spec);
                } catch (const std::exception& e) {
                    ADD_FAILURE() << v.id << " n=" << n << ": " << e.what();
                    continue;
                }
                for (const Step& s : t.steps) {
                    labels.insert(s.label);
                    labels.insert(s.phase);
                    barriers.insert(s.barrier);
                }
            }
    }
}

}  // namespace

TEST(StepLabel, KeepsNumbersAndCode) {
    EXPECT_EQ(i18n::step_phrase("down-sweep d=8"), "down-sweep");
    EXPECT_EQ(i18n::step_phrase("step 3"), "step");
    EXPECT_EQ(i18n::step_phrase("clear last"), "clear last");
    EXPECT_EQ(i18n::step_phrase("kogge-stone (warp shuffles) d=16"), "kogge-stone (warp shuffles)");
    // English: the label itself.
    EXPECT_EQ(i18n::step_label("down-sweep d=8"), "down-sweep d=8");
    EXPECT_EQ(i18n::step_label("my own step"), "my own step");  // a learner's name: as written
    EXPECT_FALSE(i18n::step_label_known("my own step"));
    EXPECT_EQ(i18n::barrier_label("__syncthreads()"), "__syncthreads()");
}

TEST(StepLabel, EveryModelLabelIsInTheCatalog) {
    std::set<std::string> labels, barriers;
    collect(labels, barriers);
    ASSERT_GT(labels.size(), 20u);
    for (const std::string& l : labels) EXPECT_TRUE(i18n::step_label_known(l)) << "no catalog phrase for '" << l << "'";

    LanguageGuard guard;
    ASSERT_EQ(i18n::set_language(i18n::Language::Zh), "");
    for (const std::string& l : labels) {
        const std::string zh = i18n::step_label(l);
        const std::string phrase(i18n::step_phrase(l));
        if (only_code(phrase)) {
            EXPECT_EQ(zh, l);
            continue;
        }
        EXPECT_NE(zh, l) << "'" << l << "' has no Chinese in " << i18n::catalog_source();
        EXPECT_TRUE(i18n::has_translation("", phrase)) << phrase;
        // The tail (d=N, numbers) is kept as it is.
        const std::string tail = l.substr(phrase.size());
        EXPECT_EQ(zh.substr(zh.size() - tail.size()), tail) << l << " -> " << zh;
    }
    for (const std::string& b : barriers) {
        const std::string zh = i18n::barrier_label(b);
        if (b.rfind("__sync", 0) == 0) {
            EXPECT_EQ(zh, b);  // code
        } else {
            EXPECT_NE(zh, b) << "barrier '" << b << "' has no Chinese in " << i18n::catalog_source();
        }
    }
    EXPECT_EQ(i18n::step_label("down-sweep d=8"), "下扫 d=8");
    EXPECT_EQ(i18n::step_label("up-sweep d=2"), "上扫 d=2");
}
