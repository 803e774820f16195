// Fuzz target for the recording reader: any bytes must give a Recording or
// one std::runtime_error, never a crash, a hang or undefined behaviour.
// Built with clang's libFuzzer (SCANVIZ_FUZZ=ON, see tests/fuzz/CMakeLists.txt);
// with other compilers the same function runs over the committed corpus as a test.
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "core/recording/recording.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    try {
        scanviz::Recording r = scanviz::decode_recording(data, size);
        // Touch what the window touches when it opens a recording.
        for (const auto& t : r.traces) {
            if (r.find(t.spec) == nullptr) __builtin_trap();
        }
        (void)r.badge();
    } catch (const std::runtime_error&) {
        // The one clear error: expected for bad input.
    }
    return 0;
}
