// Writes the seed recording (compressed and uncompressed) into a folder: the fuzzer's starting corpus.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "recording_seed.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_recording_seed DIR\n");
        return 2;
    }
    std::filesystem::create_directories(argv[1]);
    const auto rec = scanviz::testing::seed_recording();
    for (bool compress : {true, false}) {
        const auto bytes = scanviz::encode_recording(rec, compress);
        const std::string path = std::string(argv[1]) + (compress ? "/seed_zstd.svzrec" : "/seed_plain.svzrec");
        std::ofstream f(path, std::ios::binary);
        f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        if (!f) {
            std::fprintf(stderr, "make_recording_seed: cannot write %s\n", path.c_str());
            return 1;
        }
    }
    return 0;
}
