// Scratch folders and whole-file reads for the tests that write files (outputs, writers).
#pragma once

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace scanviz::test {

// An empty folder under the temporary directory: `prefix` + `name`, the name's characters
// other than letters and digits made '_' (a test's name can be passed as it is).
inline std::filesystem::path fresh_dir(const std::string& prefix, const std::string& name) {
    std::string clean = name;
    for (char& c : clean)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    const std::filesystem::path d = std::filesystem::temp_directory_path() / (prefix + clean);
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

// The file's bytes ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

}  // namespace scanviz::test
