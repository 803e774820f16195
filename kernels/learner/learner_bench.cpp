// scanviz kernel --bench / --profile: the child's NVRTC build and driver launch of the learner's
// kernel, and the parent's start of that child (learner_bench.hpp).
#include "learner_bench.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/i18n/i18n.hpp"
#include "core/learner/child.hpp"
#include "core/learner/engine_files.hpp"
#include "core/learner/error_text.hpp"
#include "core/profile/profile.hpp"
#include "cuda_dl.hpp"
#include "gpu_engine.hpp"
#include "nvrtc_compile.hpp"
#include "child_lines.hpp"

namespace scanviz::learner {
namespace {

namespace fs = std::filesystem;
namespace lf = learner_files;
namespace lb = learner_bench;

[[noreturn]] void fail(const std::string& line) {
    std::printf("fail %s\n", line.c_str());
    std::fflush(stdout);
    std::_Exit(4);
}

// The child's arguments after "bench"/"profile" for a request.
std::vector<std::string> child_args(const LearnerRequest& r, const std::string& mode, const std::string& src,
                                    const std::string& cache) {
    const std::string shown = fs::path(r.file).filename().string();
    return {self_exe(), kGpuChildFlag, mode, src, lf::include_dir(), r.settings.kernel, cache,
            shown.empty() ? "kernel.cu" : shown, std::to_string(r.spec.n), std::to_string(r.settings.block),
            std::string(to_string(r.spec.type)), std::string(to_string(r.spec.op)), r.spec.exclusive ? "1" : "0",
            r.settings.like.empty() ? "-" : r.settings.like};
}

// What --bench and --profile take: one line why not, or "".
std::string refusal(const LearnerRequest& r) {
    if (r.settings.segmented) return i18n::tr("--bench and --profile do not take a segmented kernel (heads)");
    if (r.spec.type == ElemType::F32 && r.spec.op != Op::Add)
        return i18n::tr("--bench and --profile run i32 (add, max, min) or f32 add, as scanviz bench does");
    if (lf::include_dir().empty()) return i18n::tr("scanviz.cuh not found: the assets folder is missing");
    return "";
}

// Starts the child (directly, or under ncu when `prefix` names it) with the source in a fresh
// folder; the child's output, or the one line why it failed.
struct Started {
    ChildResult child;
    std::string error;
};
Started start(const LearnerRequest& r, const std::string& mode, const std::vector<std::string>& prefix,
              double limit) {
    Started st;
    const fs::path cache = fs::path(lf::default_cache_dir()) / "gpu";
    const std::string run_dir = lf::fresh_dir(cache, mode);
    if (run_dir.empty()) {
        st.error = i18n::format(i18n::tr("cannot write to %s"), cache.c_str());
        return st;
    }
    const fs::path src = fs::path(run_dir) / "kernel.cu";
    if (!lf::write_file(src, r.source)) {
        st.error = i18n::format(i18n::tr("cannot write to %s"), run_dir.c_str());
        return st;
    }
    std::vector<std::string> argv = prefix;
    for (std::string& a : child_args(r, mode, src.string(), cache.string())) argv.push_back(std::move(a));
    st.child = run_child(argv, limit);
    std::error_code ec;
    fs::remove_all(run_dir, ec);
    const ChildResult& cr = st.child;
    const std::string f = child_field(cr.out, "fail");
    if (!cr.started) st.error = cr.error;
    else if (cr.timed_out) st.error = lf::timeout_message(limit);
    else if (cr.signal != 0)
        st.error = i18n::format(i18n::tr("the GPU engine's child crashed (%s)"), signal_name(cr.signal).c_str());
    else if (!f.empty()) st.error = kernel_error_shown(f);
    else if (cr.exit_code != 0)
        st.error = i18n::format(i18n::tr("the GPU engine's child exited with code %d"), cr.exit_code);
    return st;
}

using OccupancyFn = int (*)(int*, void*, int, size_t);

}  // namespace

std::string many_blocks_source(const std::string& source, const std::string& kernel, bool is_float, bool segmented) {
    const std::string t = is_float ? "float" : "int";
    return source +
           "\n// appended by scanviz: every block scans its own copy of the input\nextern \"C\" "
           "__attribute__((global)) void " +
           kManyBlocksKernel + "(const " + t + "* in, " + (segmented ? "const int* heads, " : "") + t +
           "* out, int n) {\n    const unsigned long long o = static_cast<unsigned long long>(blockIdx.x) * "
           "static_cast<unsigned long long>(n);\n    " +
           kernel + "(const_cast<" + t + "*>(in + o), " + (segmented ? "const_cast<int*>(heads + o), " : "") +
           "out + o, n);\n}\n";  // const_cast: a textbook's kernel may take `float* X`
}

std::string find_ncu() {
    if (const char* path = std::getenv("PATH")) {
        std::istringstream dirs(path);
        for (std::string dir; std::getline(dirs, dir, ':');)
            if (!dir.empty() && access((fs::path(dir) / "ncu").c_str(), X_OK) == 0) return (fs::path(dir) / "ncu").string();
    }
    const char* fallback = "/usr/local/cuda/bin/ncu";
    return access(fallback, X_OK) == 0 ? fallback : "";
}

BenchChildResult run_learner_bench(const LearnerRequest& r) {
    BenchChildResult out;
    if (std::string why = refusal(r); !why.empty()) {
        out.error = why;
        return out;
    }
    // NVRTC and the device's start, then 4 rows of 29 launches over 2^24 elements each: the file's
    // own limit per launch bounds a kernel that never ends.
    const double limit = 60.0 + r.timeout_s * (lb::kRuns + lb::kWarmup + 1);
    Started st = start(r, "bench", {}, limit);
    out.out = st.child.out;
    out.error = st.error;
    return out;
}

ProfileChildResult run_learner_profile(const LearnerRequest& r, const std::string& ncu) {
    ProfileChildResult out;
    if (std::string why = refusal(r); !why.empty()) {
        out.error = why;
        return out;
    }
    std::string metrics;
    for (std::string_view m : profile_metrics()) metrics += (metrics.empty() ? "" : ",") + std::string(m);
    // ncu replays each kernel once per pass of metrics: minutes at most for two one-block kernels.
    Started st = start(r, "profile", {ncu, "--csv", "--page", "raw", "--print-units", "base", "--metrics", metrics},
                       300.0 + r.timeout_s * 50);
    if (!st.error.empty()) {
        out.error = st.error;
        // ncu's own line where it gave one ("==ERROR== ...").
        std::istringstream err(st.child.err + st.child.out);
        for (std::string line; std::getline(err, line);)
            if (line.rfind("==ERROR==", 0) == 0) {
                out.error += " (" + line + ")";
                break;
            }
        return out;
    }
    try {
        out.result = lb::profile_from_report(ncu::parse(st.child.out), lb::launched_kernels(st.child.err));
    } catch (const std::exception& e) {
        out.error = i18n::format(i18n::tr("ncu's report does not read: %s"), e.what());
    }
    return out;
}

int learner_bench_child_main(int argc, char** argv) {
    if (argc < 14) fail("the bench child takes 11 arguments after its mode");
    const std::string mode = argv[2], source_path = argv[3], include_dir = argv[4], kernel = argv[5],
                      cache_dir = argv[6], shown_name = argv[7];
    TileJob job;
    job.spec.n = std::atoi(argv[8]);
    job.spec.threads = std::atoi(argv[9]);
    const auto type = parse_type(argv[10]);
    const auto op = parse_op(argv[11]);
    if (!type || !op || job.spec.n < 1 || job.spec.threads < 1 || job.spec.threads > 1024) fail("bad bench arguments");
    job.spec.type = *type;
    job.spec.op = *op;
    job.spec.exclusive = std::strcmp(argv[12], "1") == 0;
    job.like = std::strcmp(argv[13], "-") == 0 ? "" : argv[13];

    std::string why;
    const CudaDriver* driver = load_driver(&why);
    if (!driver) fail(why);
    const CudaDriver& cu = *driver;
    int count = 0, ordinal = 0;
    if (int r = cu.init(0); r != 0) fail("the CUDA driver did not start: " + driver_error(cu, r));
    if (cu.device_count(&count) != 0 || count < 1) fail("no CUDA device found");
    cu.device_get(&ordinal, 0);
    int major = 0, minor = 0;
    cu.device_attribute(&major, CudaDriver::kComputeCapabilityMajor, ordinal);
    cu.device_attribute(&minor, CudaDriver::kComputeCapabilityMinor, ordinal);
    const std::string sm = "sm_" + std::to_string(major) + std::to_string(minor);
    CudaDriver::Context ctx = nullptr;
    if (int r = cu.primary_retain(&ctx, ordinal); r != 0) fail("no CUDA context: " + driver_error(cu, r));
    cu.ctx_set_current(ctx);

    // The plain build with the many-blocks wrapper, cached as the GPU engine caches its cubins.
    const bool is_float = job.spec.type == ElemType::F32;
    const std::string source = many_blocks_source(lf::read_file(source_path), kernel, is_float, false);
    uint64_t h = lf::fnv1a(lf::kFnvBasis, source);
    h = lf::fnv1a(h, "bench plain many blocks");
    h = lf::fnv1a(h, sm);
    h = lf::fnv1a(h, lf::read_file(include_dir + "/scanviz.cuh"));
    const std::string cubin_path = cache_dir + "/" + lf::hex(h) + ".cubin";
    std::string cubin = lf::read_file(cubin_path);
    if (cubin.empty()) {
        NvrtcInput in;
        in.source = source;
        in.file_name = shown_name;
        in.include_dir = include_dir;
        in.arch = sm;
        in.kernel = kManyBlocksKernel;
        in.defines = {"SCANVIZ_MANY_BLOCKS"};
        NvrtcOutput o = compile_with_nvrtc(in);
        if (!o.ok) fail(o.error);
        cubin.assign(o.cubin.begin(), o.cubin.end());
        lf::write_file(cubin_path, cubin);
    }
    CudaDriver::Module module = nullptr;
    if (int r = cu.module_load_data(&module, cubin.data()); r != 0) fail("cannot load the kernel: " + driver_error(cu, r));
    CudaDriver::Function fn = nullptr;
    if (int r = cu.module_function(&fn, module, kManyBlocksKernel); r != 0)
        fail("cannot find the kernel: " + driver_error(cu, r));
    const int threads = job.spec.threads, n = job.spec.n;
    // How many blocks of it one SM holds (the driver cuda_dl.hpp opened, already loaded).
    if (void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD))
        if (auto occupancy = reinterpret_cast<OccupancyFn>(dlsym(lib, "cuOccupancyMaxActiveBlocksPerMultiprocessor")))
            occupancy(&job.yours_blocks_per_sm, fn, threads, 0);
    const LearnerLaunch yours = [&cu, fn, threads, n](void* stream, const void* in, void* out, long long tiles) {
        CudaDriver::DevicePtr d_in = reinterpret_cast<CudaDriver::DevicePtr>(in),
                              d_out = reinterpret_cast<CudaDriver::DevicePtr>(out);
        int n_arg = n;
        void* params[] = {&d_in, &d_out, &n_arg};
        const int r = cu.launch(fn, static_cast<unsigned>(tiles), 1, 1, static_cast<unsigned>(threads), 1, 1, 0,
                                stream, params, nullptr);
        return r == 0 ? std::string() : driver_error(cu, r);
    };
    // --profile: the launched lines on stderr, so that stdout stays ncu's CSV.
    const std::string error = mode == "profile" ? launch_once(job, yours, stderr) : time_tiles(job, yours, stdout);
    if (!error.empty()) fail(error);
    std::fflush(stdout);
    return 0;
}

}  // namespace scanviz::learner
