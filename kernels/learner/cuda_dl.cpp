#include "cuda_dl.hpp"

#include <dlfcn.h>

#include <initializer_list>

#include "core/i18n/i18n.hpp"

namespace scanviz::learner {
namespace {

void* open_first(std::initializer_list<const char*> names, std::string* which) {
    for (const char* n : names) {
        if (void* h = dlopen(n, RTLD_NOW | RTLD_LOCAL)) {
            *which = n;
            return h;
        }
    }
    return nullptr;
}

template <class F>
bool bind(void* lib, const char* name, F& f) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    return f != nullptr;
}

}  // namespace

const Nvrtc* load_nvrtc(std::string* why) {
    static Nvrtc nvrtc;
    static std::string error;
    static bool tried = false;
    if (!tried) {
        tried = true;
        void* lib = open_first({"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so.13",
                                "/usr/local/cuda/lib64/libnvrtc.so.12", "/usr/local/cuda/lib64/libnvrtc.so"},
                               &nvrtc.library);
        if (!lib) {
            error = i18n::tr("NVRTC not found (libnvrtc.so.13 or .12, also in /usr/local/cuda/lib64)");
        } else if (!(bind(lib, "nvrtcCreateProgram", nvrtc.create) && bind(lib, "nvrtcDestroyProgram", nvrtc.destroy) &&
                     bind(lib, "nvrtcCompileProgram", nvrtc.compile) &&
                     bind(lib, "nvrtcGetProgramLogSize", nvrtc.log_size) &&
                     bind(lib, "nvrtcGetProgramLog", nvrtc.log) && bind(lib, "nvrtcGetCUBINSize", nvrtc.cubin_size) &&
                     bind(lib, "nvrtcGetCUBIN", nvrtc.cubin) && bind(lib, "nvrtcAddNameExpression", nvrtc.add_name) &&
                     bind(lib, "nvrtcGetLoweredName", nvrtc.lowered_name) && bind(lib, "nvrtcVersion", nvrtc.version) &&
                     bind(lib, "nvrtcGetErrorString", nvrtc.error_string))) {
            error = i18n::format(i18n::tr("%s lacks an entry point scanviz needs (NVRTC older than CUDA 12?)"),
                                 nvrtc.library.c_str());
        }
    }
    if (!error.empty()) {
        if (why) *why = error;
        return nullptr;
    }
    return &nvrtc;
}

const CudaDriver* load_driver(std::string* why) {
    static CudaDriver cu;
    static std::string error;
    static bool tried = false;
    if (!tried) {
        tried = true;
        std::string which;
        void* lib = open_first({"libcuda.so.1", "libcuda.so"}, &which);
        if (!lib) {
            error = i18n::tr("no CUDA driver on this machine (libcuda.so.1 not found)");
        } else if (!(bind(lib, "cuInit", cu.init) && bind(lib, "cuDeviceGet", cu.device_get) &&
                     bind(lib, "cuDeviceGetCount", cu.device_count) && bind(lib, "cuDeviceGetName", cu.device_name) &&
                     bind(lib, "cuDeviceGetAttribute", cu.device_attribute) &&
                     bind(lib, "cuDriverGetVersion", cu.driver_version) &&
                     bind(lib, "cuDevicePrimaryCtxRetain", cu.primary_retain) &&
                     bind(lib, "cuCtxSetCurrent", cu.ctx_set_current) &&
                     bind(lib, "cuModuleLoadData", cu.module_load_data) &&
                     bind(lib, "cuModuleGetFunction", cu.module_function) &&
                     bind(lib, "cuModuleGetGlobal_v2", cu.module_global) && bind(lib, "cuMemAlloc_v2", cu.mem_alloc) &&
                     bind(lib, "cuMemFree_v2", cu.mem_free) && bind(lib, "cuMemcpyHtoD_v2", cu.memcpy_htod) &&
                     bind(lib, "cuMemcpyDtoH_v2", cu.memcpy_dtoh) && bind(lib, "cuMemsetD8_v2", cu.memset_d8) &&
                     bind(lib, "cuLaunchKernel", cu.launch) && bind(lib, "cuCtxSynchronize", cu.synchronize) &&
                     bind(lib, "cuStreamQuery", cu.stream_query) &&
                     bind(lib, "cuGetErrorString", cu.error_string))) {
            error = i18n::format(i18n::tr("%s lacks an entry point scanviz needs"), which.c_str());
        }
    }
    if (!error.empty()) {
        if (why) *why = error;
        return nullptr;
    }
    return &cu;
}

std::string driver_error(const CudaDriver& cu, int result) {
    const char* text = nullptr;
    if (cu.error_string && cu.error_string(result, &text) == 0 && text) return text;
    return "CUDA driver error " + std::to_string(result);
}

}  // namespace scanviz::learner
