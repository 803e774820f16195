// NVRTC and the CUDA driver, loaded at run time (dlopen) instead of linked: scanviz must
// start and work on a machine with neither (a laptop, CI) and on one with NVRTC but no
// driver (a toolkit without a GPU), and say in one line which is missing. Only the few
// entry points the learner's engine calls are declared here, with the C types of
// nvrtc.h and cuda.h (handles are opaque pointers, results plain ints), so building
// needs no CUDA header either.
#pragma once

#include <cstddef>
#include <string>

namespace scanviz::learner {

// NVRTC (libnvrtc.so of CUDA 13 or 12).
struct Nvrtc {
    using Program = void*;
    int (*create)(Program*, const char* src, const char* name, int num_headers, const char* const* headers,
                  const char* const* include_names) = nullptr;
    int (*destroy)(Program*) = nullptr;
    int (*compile)(Program, int num_options, const char* const* options) = nullptr;
    int (*log_size)(Program, size_t*) = nullptr;
    int (*log)(Program, char*) = nullptr;
    int (*cubin_size)(Program, size_t*) = nullptr;
    int (*cubin)(Program, char*) = nullptr;
    int (*add_name)(Program, const char*) = nullptr;
    int (*lowered_name)(Program, const char*, const char**) = nullptr;
    int (*version)(int* major, int* minor) = nullptr;
    const char* (*error_string)(int) = nullptr;
    std::string library;  // the file it came from
};

// The driver API (libcuda.so.1): one device, its primary context.
struct CudaDriver {
    using Module = void*;
    using Function = void*;
    using Context = void*;
    using DevicePtr = unsigned long long;
    int (*init)(unsigned) = nullptr;
    int (*device_get)(int*, int) = nullptr;
    int (*device_count)(int*) = nullptr;
    int (*device_name)(char*, int, int) = nullptr;
    int (*device_attribute)(int*, int attribute, int device) = nullptr;
    int (*driver_version)(int*) = nullptr;
    int (*primary_retain)(Context*, int) = nullptr;
    int (*ctx_set_current)(Context) = nullptr;
    int (*module_load_data)(Module*, const void*) = nullptr;
    int (*module_function)(Function*, Module, const char*) = nullptr;
    int (*module_global)(DevicePtr*, size_t*, Module, const char*) = nullptr;
    int (*mem_alloc)(DevicePtr*, size_t) = nullptr;
    int (*mem_free)(DevicePtr) = nullptr;
    int (*memcpy_htod)(DevicePtr, const void*, size_t) = nullptr;
    int (*memcpy_dtoh)(void*, DevicePtr, size_t) = nullptr;
    int (*memset_d8)(DevicePtr, unsigned char, size_t) = nullptr;
    int (*launch)(Function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                  unsigned shared_bytes, void* stream, void** params, void** extra) = nullptr;
    int (*synchronize)() = nullptr;
    int (*stream_query)(void* stream) = nullptr;  // 600 (CUDA_ERROR_NOT_READY) while work runs
    int (*error_string)(int, const char**) = nullptr;
    // The attributes asked for (CUdevice_attribute).
    static constexpr int kComputeCapabilityMajor = 75;
    static constexpr int kComputeCapabilityMinor = 76;
};

// Loads NVRTC; nullptr and `why` ("NVRTC not found (libnvrtc.so.13, ...)") when it cannot.
const Nvrtc* load_nvrtc(std::string* why);
// Loads the driver; nullptr and `why` when there is none ("no CUDA driver (libcuda.so.1)").
const CudaDriver* load_driver(std::string* why);

// "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered" for a driver result.
std::string driver_error(const CudaDriver& cu, int result);

}  // namespace scanviz::learner
