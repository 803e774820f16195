// Shared by the `gpu` tests: whether a device is here, and the skip that says why not.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace scanviz::testing {

// Empty when a device is present; otherwise the reason there is none.
const std::string& no_device_reason();

}  // namespace scanviz::testing

// Skips the current test with a clear message when there is no device.
#define SCANVIZ_REQUIRE_GPU()                                                                 \
    do {                                                                                      \
        if (!::scanviz::testing::no_device_reason().empty())                                  \
            GTEST_SKIP() << "gpu test skipped: " << ::scanviz::testing::no_device_reason();   \
    } while (0)
