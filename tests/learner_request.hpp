// A learner's request as `scanviz kernel FILE` makes it: the file, its `// scanviz:` header parsed
// (a test fails on a bad header) and its spec; the default lockstep schedule. Shared by the tests
// that run learners' files through either engine.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/learner/engine.hpp"
#include "core/learner/settings.hpp"

namespace scanviz::learner_tests {

inline LearnerRequest learner_request(const std::string& path, double timeout_s) {
    std::ifstream in(path);
    std::ostringstream os;
    os << in.rdbuf();
    LearnerRequest r;
    r.file = path;
    r.source = os.str();
    ParsedSettings p = parse_settings(r.source, std::filesystem::path(path).filename().string());
    EXPECT_EQ(p.error, "") << path;
    r.settings = p.settings;
    r.spec = settings_spec(r.settings);
    r.timeout_s = timeout_s;
    return r;
}

}  // namespace scanviz::learner_tests
