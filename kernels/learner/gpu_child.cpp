// The GPU engine's child process (gpu_engine.hpp): compile, load, run one block, write records.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/learner/engine_files.hpp"
#include "cuda_dl.hpp"
#include "gpu_engine.hpp"
#include "learner_bench.hpp"
#include "nvrtc_compile.hpp"

namespace scanviz::learner {
namespace {

namespace lf = learner_files;

// One record of the device buffer: scanviz_gpu.cuh's scanviz_record, field for field.
struct DeviceRecord {
    int kind, thread, step, region, index, k, aux, pad;
    double value;
    unsigned long long text;
    int src[8];
};
static_assert(sizeof(DeviceRecord) == 80, "scanviz_gpu.cuh's scanviz_record is 80 bytes");
enum { kRegion = 0, kRead = 1, kStore = 2, kBarrier = 3, kError = 4 };
constexpr int kOverflow = 8;
constexpr unsigned kCapacity = 1u << 19;  // records (40 MiB)
constexpr int kNotReady = 600;           // CUDA_ERROR_NOT_READY
constexpr unsigned kUnwritten = 0x7fc0deadu;  // out[] before the run: as the CPU engine marks it

[[noreturn]] void fail(const std::string& line) {
    std::printf("fail %s\n", line.c_str());
    std::fflush(stdout);
    std::_Exit(4);
}

struct Device {
    const CudaDriver* cu = nullptr;
    int ordinal = 0;
    std::string name, sm;
};

Device open_device() {
    std::string why;
    Device d;
    d.cu = load_driver(&why);
    if (!d.cu) fail(why);
    const CudaDriver& cu = *d.cu;
    int count = 0;
    if (int r = cu.init(0); r != 0) fail("the CUDA driver did not start: " + driver_error(cu, r));
    if (cu.device_count(&count) != 0 || count < 1) fail("no CUDA device found");
    cu.device_get(&d.ordinal, 0);
    char name[256] = {0};
    cu.device_name(name, sizeof name, d.ordinal);
    d.name = name;
    int major = 0, minor = 0;
    cu.device_attribute(&major, CudaDriver::kComputeCapabilityMajor, d.ordinal);
    cu.device_attribute(&minor, CudaDriver::kComputeCapabilityMinor, d.ordinal);
    d.sm = "sm_" + std::to_string(major) + std::to_string(minor);
    CudaDriver::Context ctx = nullptr;
    if (int r = cu.primary_retain(&ctx, d.ordinal); r != 0) fail("no CUDA context: " + driver_error(cu, r));
    cu.ctx_set_current(ctx);
    return d;
}

#define CU(call)                                                                     \
    do {                                                                             \
        if (int r_ = (call); r_ != 0) fail_run(#call, driver_error(*dev.cu, r_));   \
    } while (0)

struct Run {
    FILE* out = nullptr;
    [[noreturn]] void error(const std::string& line) {
        std::fprintf(out, "error %s\n", line.c_str());
        std::fclose(out);
        std::_Exit(3);
    }
};
Run g_run;

[[noreturn]] void fail_run(const char* what, const std::string& why) {
    if (g_run.out) g_run.error("the kernel failed on the GPU: " + why);
    fail(std::string(what) + ": " + why);
}

// A string literal of the kernel (a region's name, a step's label), read from device memory.
std::string device_string(const Device& dev, unsigned long long address) {
    static std::map<unsigned long long, std::string> cache;
    if (address == 0) return "";
    if (auto it = cache.find(address); it != cache.end()) return it->second;
    std::string s;
    for (int i = 0; i < 120; ++i) {
        char c = 0;
        if (dev.cu->memcpy_dtoh(&c, address + static_cast<unsigned long long>(i), 1) != 0 || c == 0) break;
        s += c;
    }
    return cache[address] = s;
}

int run(int argc, char** argv) {
    if (argc < 12) fail("the GPU child takes 9 or 10 arguments after 'run'");
    const std::string source_path = argv[3], include_dir = argv[4], kernel = argv[5];
    const bool segmented = std::strcmp(argv[6], "1") == 0;
    const std::string run_path = argv[7], records_path = argv[8];
    const double timeout_s = std::atof(argv[9]);
    const std::string cache_dir = argv[10], shown_name = argv[11];
    const int launches = argc > 12 ? std::max(1, std::atoi(argv[12])) : 1;

    Device dev = open_device();
    std::printf("device %s\nsm %s\n", dev.name.c_str(), dev.sm.c_str());
    std::fflush(stdout);

    // The cubin: from the cache (same source, include, kernel and architecture), else NVRTC.
    const std::string source = lf::read_file(source_path);
    uint64_t h = lf::fnv1a(lf::kFnvBasis, source);
    h = lf::fnv1a(h, kernel);
    h = lf::fnv1a(h, dev.sm);
    for (const char* f : {"scanviz.cuh", "scanviz_gpu.cuh"}) h = lf::fnv1a(h, lf::read_file(include_dir + "/" + f));
    const std::string cubin_path = cache_dir + "/" + lf::hex(h) + ".cubin";
    const std::string name_path = cache_dir + "/" + lf::hex(h) + ".name";
    std::string cubin = lf::read_file(cubin_path), lowered = lf::read_file(name_path);
    if (cubin.empty() || lowered.empty()) {
        NvrtcInput in;
        in.source = source;
        in.file_name = shown_name;
        in.include_dir = include_dir;
        in.arch = dev.sm;
        in.kernel = kernel;
        in.defines = {"SCANVIZ_GPU_TRACE"};
        NvrtcOutput o = compile_with_nvrtc(in);
        if (!o.ok) fail(o.error);
        cubin.assign(o.cubin.begin(), o.cubin.end());
        lowered = o.lowered_name;
        lf::write_file(cubin_path, cubin);
        lf::write_file(name_path, lowered);
    }

    // The run file: "n threads schedule seed type", n values, n heads.
    std::istringstream rf(lf::read_file(run_path));
    int n = 0, threads = 0;
    std::string schedule, type;
    unsigned long long seed = 0;
    if (!(rf >> n >> threads >> schedule >> seed >> type) || n < 1 || threads < 1 || threads > 1024)
        fail("a bad run file");
    const bool is_float = type == "f32";
    std::vector<uint32_t> in_words(static_cast<size_t>(n));
    std::vector<int> heads(static_cast<size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
        double v = 0;
        if (!(rf >> v)) fail("a bad run file: too few input values");
        if (is_float) {
            const float f = static_cast<float>(v);
            std::memcpy(&in_words[static_cast<size_t>(i)], &f, 4);
        } else {
            const int x = static_cast<int>(v);
            std::memcpy(&in_words[static_cast<size_t>(i)], &x, 4);
        }
    }
    if (segmented)
        for (int i = 0; i < n; ++i)
            if (!(rf >> heads[static_cast<size_t>(i)])) fail("a bad run file: too few heads");

    g_run.out = std::fopen(records_path.c_str(), "w");
    if (!g_run.out) fail("cannot write " + records_path);
    std::fprintf(g_run.out, "scanviz-records 1\n");

    const CudaDriver& cu = *dev.cu;
    CudaDriver::Module module = nullptr;
    CU(cu.module_load_data(&module, cubin.data()));
    CudaDriver::Function fn = nullptr;
    CU(cu.module_function(&fn, module, lowered.c_str()));
    // The trace's globals (scanviz_gpu.cuh). A kernel that traces nothing may have none: the
    // compiler keeps only what the kernel uses. It then runs untraced (its output is still read)
    // instead of failing with the driver's "named symbol not found".
    auto has_global = [&](const char* name) {
        CudaDriver::DevicePtr p = 0;
        size_t size = 0;
        return cu.module_global(&p, &size, module, name) == 0;
    };
    auto global = [&](const char* name) {
        CudaDriver::DevicePtr p = 0;
        size_t size = 0;
        CU(cu.module_global(&p, &size, module, name));
        return p;
    };
    const bool traced = has_global("scanviz_records") && has_global("scanviz_count") &&
                        has_global("scanviz_label") && has_global("scanviz_label_arg");
    CudaDriver::DevicePtr d_in = 0, d_out = 0, d_heads = 0, d_records = 0;
    const size_t bytes = static_cast<size_t>(n) * 4;
    CU(cu.mem_alloc(&d_in, bytes));
    CU(cu.mem_alloc(&d_out, bytes));
    CU(cu.mem_alloc(&d_heads, bytes));
    CU(cu.mem_alloc(&d_records, kCapacity * sizeof(DeviceRecord)));
    CU(cu.memcpy_htod(d_in, in_words.data(), bytes));
    CU(cu.memcpy_htod(d_heads, heads.data(), bytes));
    const std::vector<uint32_t> unwritten(static_cast<size_t>(n), kUnwritten);
    CU(cu.memcpy_htod(d_out, unwritten.data(), bytes));
    const unsigned capacity = kCapacity, zero = 0;
    auto set_global = [&](const char* name, const void* value, size_t size) {
        if (has_global(name)) CU(cu.memcpy_htod(global(name), value, size));
    };
    auto fill_global = [&](const char* name, unsigned char byte, size_t size) {
        if (has_global(name)) CU(cu.memset_d8(global(name), byte, size));
    };
    if (traced) {
        set_global("scanviz_records", &d_records, sizeof d_records);
        set_global("scanviz_capacity", &capacity, sizeof capacity);
        set_global("scanviz_count", &zero, sizeof zero);
        fill_global("scanviz_steps", 0, 1024 * sizeof(int));
        fill_global("scanviz_accessed", 0, 1024 * sizeof(int));
        fill_global("scanviz_label", 0, 1024 * sizeof(unsigned long long));
        fill_global("scanviz_label_arg", 0xff, 1024 * sizeof(int));
    }

    int n_arg = n;
    std::vector<void*> params;
    params.push_back(&d_in);
    if (segmented) params.push_back(&d_heads);
    params.push_back(&d_out);
    params.push_back(&n_arg);
    CU(cu.launch(fn, 1, 1, 1, static_cast<unsigned>(threads), 1, 1, 0, nullptr, params.data(), nullptr));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    for (;;) {
        const int r = cu.stream_query(nullptr);
        if (r == 0) break;
        if (r != kNotReady) g_run.error("the kernel failed on the GPU: " + driver_error(cu, r));
        if (std::chrono::steady_clock::now() > deadline) g_run.error(lf::timeout_message(timeout_s));
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }

    unsigned count = 0;
    if (traced) CU(cu.memcpy_dtoh(&count, global("scanviz_count"), sizeof count));
    if (count > kCapacity)
        g_run.error("the trace filled its buffer (" + std::to_string(count) + " records, room for " +
                    std::to_string(kCapacity) + "): scan fewer elements");
    std::vector<DeviceRecord> recs(count);
    if (count) CU(cu.memcpy_dtoh(recs.data(), d_records, count * sizeof(DeviceRecord)));
    std::vector<uint32_t> out_words(static_cast<size_t>(n));
    CU(cu.memcpy_dtoh(out_words.data(), d_out, bytes));

    // Regions first, one per id (thread 0 declares each; a region's record may land after
    // another thread's first access in the buffer's order).
    std::map<int, std::pair<std::string, int>> regions;  // id -> (name, count)
    for (const DeviceRecord& r : recs) {
        if (r.kind != kRegion || regions.count(r.region)) continue;
        const std::string name = device_string(dev, r.text);
        regions[r.region] = {name, r.index};
        std::fprintf(g_run.out, "region %d %s %d %d %.17g %s\n", r.region, r.aux ? "shared" : "register", r.index,
                     r.k, r.value, name.c_str());
    }
    for (const DeviceRecord& r : recs) {
        switch (r.kind) {
            case kRead:
                std::fprintf(g_run.out, "read %d %d %d %d\n", r.thread, r.step, r.region, r.index);
                break;
            case kStore: {
                const bool overflow = r.k == kOverflow;
                const int k = overflow ? 4 : r.k;
                std::fprintf(g_run.out, "store %d %d %d %d %.17g %d", r.thread, r.step, r.region, r.index, r.value, k);
                for (int i = 0; i < k; ++i) std::fprintf(g_run.out, " %d %d", r.src[2 * i], r.src[2 * i + 1]);
                std::fputs(overflow ? " +\n" : "\n", g_run.out);
                break;
            }
            case kBarrier: {
                static const char* kinds[] = {"syncthreads", "syncwarp", "shfl", "label", "end"};
                std::string label = r.aux ? device_string(dev, r.text) : "";
                if (r.aux && r.region >= 0) label += " d=" + std::to_string(r.region);
                std::fprintf(g_run.out, "barrier %d %d %s%s%s\n", r.thread, r.step,
                             kinds[r.index >= 0 && r.index <= 4 ? r.index : 4], label.empty() ? "" : " ",
                             label.c_str());
                break;
            }
            case kError: {
                const auto it = regions.find(r.region);
                const std::string name = it == regions.end() ? "?" : it->second.first;
                const int size = it == regions.end() ? 0 : it->second.second;
                g_run.error(std::string("out-of-bounds ") + (r.k == 1 ? "store" : "read") + ": thread " +
                            std::to_string(r.thread) + (r.k == 1 ? " wrote " : " read ") + name + "[" +
                            std::to_string(r.aux) + "] (size " + std::to_string(size) + ")");
            }
            default:
                break;
        }
    }
    // Every thread's last step ends with the kernel (the GPU backend cannot see a return),
    // named by the label scanviz::step() left pending, as the CPU backend's end record is.
    std::map<int, int> steps;
    for (const DeviceRecord& r : recs)
        if (r.kind == kBarrier) steps[r.thread] = r.step + 1;
    std::vector<unsigned long long> labels(1024);
    std::vector<int> label_args(1024, -1);
    if (traced) {
        CU(cu.memcpy_dtoh(labels.data(), global("scanviz_label"), labels.size() * sizeof(labels[0])));
        CU(cu.memcpy_dtoh(label_args.data(), global("scanviz_label_arg"), label_args.size() * sizeof(label_args[0])));
    }
    for (int t = 0; t < threads; ++t) {
        std::string label = device_string(dev, labels[static_cast<size_t>(t)]);
        if (!label.empty() && label_args[static_cast<size_t>(t)] >= 0)
            label += " d=" + std::to_string(label_args[static_cast<size_t>(t)]);
        std::fprintf(g_run.out, "barrier %d %d end%s%s\n", t, steps[t], label.empty() ? "" : " ", label.c_str());
    }
    bool any = false;
    for (int i = 0; i < n; ++i) {
        if (out_words[static_cast<size_t>(i)] == kUnwritten) continue;
        any = true;
        double v = 0;
        if (is_float) {
            float f;
            std::memcpy(&f, &out_words[static_cast<size_t>(i)], 4);
            v = f;
        } else {
            int x;
            std::memcpy(&x, &out_words[static_cast<size_t>(i)], 4);
            v = x;
        }
        std::fprintf(g_run.out, "output %d %.17g\n", i, v);
    }
    if (!any) g_run.error("the kernel wrote no output");

    // Launches 2..N: untraced, and many blocks at once, as a scan inside a larger one runs (one
    // block alone on the GPU rarely shows a race: nothing competes for its SM). The file is compiled
    // again in plain CUDA with SCANVIZ_MANY_BLOCKS, which makes the kernel a device function, and a
    // kernel appended to it calls it in each block on that block's own copy of the input. Each
    // distinct output goes into a line of <records>.launches: how many blocks gave it, then its n
    // values ("nan" where the kernel wrote nothing).
    if (launches > 1) {
        FILE* more = std::fopen((records_path + ".launches").c_str(), "w");
        if (!more) g_run.error("cannot write " + records_path + ".launches");
        const std::string many_source = learner::many_blocks_source(source, kernel, is_float, segmented);
        const std::string many_path = cache_dir + "/" + lf::hex(lf::fnv1a(h, "many blocks")) + ".cubin";
        std::string many_cubin = lf::read_file(many_path);
        if (many_cubin.empty()) {
            NvrtcInput in;
            in.source = many_source;
            in.file_name = shown_name;
            in.include_dir = include_dir;
            in.arch = dev.sm;
            in.kernel = learner::kManyBlocksKernel;
            in.defines = {"SCANVIZ_MANY_BLOCKS"};
            NvrtcOutput o = compile_with_nvrtc(in);
            if (!o.ok) g_run.error("the many-block build of the kernel failed: " + o.error);
            many_cubin.assign(o.cubin.begin(), o.cubin.end());
            lf::write_file(many_path, many_cubin);
        }
        CudaDriver::Module many_module = nullptr;
        CU(cu.module_load_data(&many_module, many_cubin.data()));
        CudaDriver::Function many_fn = nullptr;
        CU(cu.module_function(&many_fn, many_module, learner::kManyBlocksKernel));
        constexpr unsigned kBlocks = 1024;
        const size_t many_bytes = bytes * kBlocks;
        CudaDriver::DevicePtr m_in = 0, m_out = 0, m_heads = 0;
        CU(cu.mem_alloc(&m_in, many_bytes));
        CU(cu.mem_alloc(&m_out, many_bytes));
        CU(cu.mem_alloc(&m_heads, many_bytes));
        std::vector<uint32_t> many_words(static_cast<size_t>(n) * kBlocks), many_heads(many_words.size());
        for (unsigned b = 0; b < kBlocks; ++b)
            for (int i = 0; i < n; ++i) {
                many_words[b * static_cast<size_t>(n) + static_cast<size_t>(i)] = in_words[static_cast<size_t>(i)];
                many_heads[b * static_cast<size_t>(n) + static_cast<size_t>(i)] =
                    static_cast<uint32_t>(heads[static_cast<size_t>(i)]);
            }
        CU(cu.memcpy_htod(m_in, many_words.data(), many_bytes));
        CU(cu.memcpy_htod(m_heads, many_heads.data(), many_bytes));
        const std::vector<uint32_t> many_unwritten(many_words.size(), kUnwritten);
        std::vector<void*> many_params;
        many_params.push_back(&m_in);
        if (segmented) many_params.push_back(&m_heads);
        many_params.push_back(&m_out);
        many_params.push_back(&n_arg);
        std::map<std::vector<uint32_t>, long long> outputs;  // distinct outputs, how many blocks gave each
        for (int k = 1; k < launches; ++k) {
            CU(cu.memcpy_htod(m_out, many_unwritten.data(), many_bytes));
            CU(cu.launch(many_fn, kBlocks, 1, 1, static_cast<unsigned>(threads), 1, 1, 0, nullptr, many_params.data(),
                         nullptr));
            const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
            for (;;) {
                const int r = cu.stream_query(nullptr);
                if (r == 0) break;
                if (r != kNotReady)
                    g_run.error("the kernel failed on the GPU in launch " + std::to_string(k + 1) + ": " +
                                driver_error(cu, r));
                if (std::chrono::steady_clock::now() > until) g_run.error(lf::timeout_message(timeout_s));
                std::this_thread::sleep_for(std::chrono::microseconds(50));
            }
            CU(cu.memcpy_dtoh(many_words.data(), m_out, many_bytes));
            for (unsigned b = 0; b < kBlocks; ++b) {
                const auto first = many_words.begin() + static_cast<std::ptrdiff_t>(b * static_cast<size_t>(n));
                ++outputs[std::vector<uint32_t>(first, first + n)];
            }
        }
        for (const auto& [words, count] : outputs) {
            std::fprintf(more, "%lld", count);
            for (int i = 0; i < n; ++i) {
                const uint32_t w = words[static_cast<size_t>(i)];
                if (w == kUnwritten) {
                    std::fputs(" nan", more);
                    continue;
                }
                double v = 0;
                if (is_float) {
                    float f;
                    std::memcpy(&f, &w, 4);
                    v = f;
                } else {
                    int x;
                    std::memcpy(&x, &w, 4);
                    v = x;
                }
                std::fprintf(more, " %.17g", v);
            }
            std::fputc('\n', more);
        }
        std::fclose(more);
    }
    std::fclose(g_run.out);
    return 0;
}

}  // namespace

int gpu_child_main(int argc, char** argv) {
    if (argc >= 3 && std::strcmp(argv[2], "probe") == 0) {
        Device dev = open_device();
        std::printf("device %s\nsm %s\n", dev.name.c_str(), dev.sm.c_str());
        return 0;
    }
    if (argc >= 3 && std::strcmp(argv[2], "run") == 0) return run(argc, argv);
    if (argc >= 3 && (std::strcmp(argv[2], "bench") == 0 || std::strcmp(argv[2], "profile") == 0))
        return learner_bench_child_main(argc, argv);  // scanviz kernel --bench / --profile
    fail("usage: scanviz --scanviz-gpu-child probe|run ...");
}

}  // namespace scanviz::learner
