#include "core/learner/engine_cpu.hpp"
#include "core/learner/engine_files.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "core/common/assets.hpp"
#include "core/i18n/i18n.hpp"
#include "core/learner/child.hpp"
#include "core/learner/plain_cuda.hpp"

#ifndef SCANVIZ_HOST_CXX
#define SCANVIZ_HOST_CXX ""
#endif

namespace scanviz {
namespace fs = std::filesystem;

namespace {

using namespace learner_files;

bool runnable(const std::string& path) { return !path.empty() && access(path.c_str(), X_OK) == 0; }

std::string on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    if (!path) return "";
    std::string_view rest(path);
    while (!rest.empty()) {
        const size_t colon = rest.find(':');
        const std::string dir(rest.substr(0, colon));
        rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (runnable(candidate)) return candidate;
    }
    return "";
}

struct Compiled {
    std::string exe;
    std::string error;
};

// The backend (scanviz_cpu_main.hpp and what it includes), compiled once per compiler, flags
// and header text, beside the kernels:
//   - a precompiled header, so that a kernel's compile parses only the kernel;
//   - an object with the driver and the scheduler (run<int>, run<float> and all they call), so
//     that a kernel's compile, given kSeparateBackend, makes only the kernel's own code and the
//     link adds the rest. The two take a kernel's compile from about 0.8 s to about 0.3 s on a
//     2-core machine (kernel_save_bench).
// Paths "" when they could not be built: the kernel is then compiled with the whole backend, as
// text (the same program, compiled more slowly).
struct Backend {
    std::string header;  // the path to pass to -include: "<dir>/backend.hpp" (its .gch beside it)
    std::string object;  // "<dir>/backend.o"
    bool ok() const { return !header.empty() && !object.empty(); }
};
constexpr const char* kSeparateBackend = "-DSCANVIZ_CPU_SEPARATE_BACKEND";
// The records of one run: 1e6 traced accesses (the backend's limit) at well under 256 bytes each.
constexpr size_t kMaxRecordsBytes = size_t{256} << 20;

Backend precompiled_backend(const fs::path& root, uint64_t headers_hash, const std::string& compiler,
                            const std::string& include_dir, double timeout_s) {
    const fs::path dir = root / ("backend-" + hex(headers_hash));
    const fs::path header = dir / "backend.hpp", pch = dir / "backend.hpp.gch", object = dir / "backend.o";
    std::error_code ec;
    if (fs::exists(pch, ec) && fs::exists(header, ec) && fs::exists(object, ec))
        return {header.string(), object.string()};
    const std::string build = fresh_dir(dir, "build");
    if (build.empty()) return {};
    const fs::path tmp_header = fs::path(build) / "backend.hpp", tmp_pch = fs::path(build) / "backend.hpp.gch";
    const fs::path tmp_source = fs::path(build) / "backend.cpp", tmp_object = fs::path(build) / "backend.o";
    Backend result;
    if (write_file(tmp_header, "#include \"scanviz_cpu_main.hpp\"\n") &&
        write_file(tmp_source,
                   "#include \"scanviz_cpu_main.hpp\"\n"
                   "template int scanviz::cpu::run<int>(scanviz::cpu::Launch<int>, int, char**);\n"
                   "template int scanviz::cpu::run<float>(scanviz::cpu::Launch<float>, int, char**);\n")) {
        auto argv_of = [&](bool header_pass) {
            std::vector<std::string> argv{compiler};
            for (std::string_view f : kCpuEngineFlags)
                argv.emplace_back(header_pass && f == "c++"                 ? std::string_view("c++-header")
                                  : !header_pass && f.rfind("-O", 0) == 0 ? std::string_view(kBackendOptimize)
                                                                          : f);
            if (header_pass) argv.emplace_back(kSeparateBackend);
            argv.push_back("-I" + include_dir);
            if (!header_pass) argv.emplace_back("-c");
            argv.push_back("-o");
            argv.push_back((header_pass ? tmp_pch : tmp_object).string());
            argv.push_back((header_pass ? tmp_header : tmp_source).string());
            return argv;
        };
        // The two at once: the first kernel's compile waits for both.
        ChildResult object_result;
        std::thread object_compile([&] { object_result = run_child(argv_of(false), timeout_s); });
        const ChildResult header_result = run_child(argv_of(true), timeout_s);
        object_compile.join();
        auto built = [&](const ChildResult& cr, const fs::path& out) {
            return cr.started && !cr.timed_out && cr.exit_code == 0 && cr.signal == 0 && fs::exists(out, ec);
        };
        if (built(header_result, tmp_pch) && built(object_result, tmp_object)) {
            // The object, then the header, then its .gch: a compile that finds the header uses the
            // object; one that finds it without its .gch includes it as text.
            fs::rename(tmp_object, object, ec);
            if (!ec) fs::rename(tmp_header, header, ec);
            if (!ec) fs::rename(tmp_pch, pch, ec);
            if (!ec) result = {header.string(), object.string()};
        }
    }
    fs::remove_all(build, ec);
    return result;
}

Compiled compile(const LearnerRequest& r, const CpuEngineOptions& o, const std::string& compiler,
                 const std::string& include_dir) {
    Compiled c;
    const PreparedSource prepared = prepare_source(r.source);  // a plain CUDA file traced too
    const std::string& source = prepared.text;
    const std::string base =
        fs::path(r.file).filename().string().empty() ? "kernel.cu" : fs::path(r.file).filename().string();
    uint64_t h = 1469598103934665603ull;
    h = fnv1a(h, source);
    h = fnv1a(h, r.settings.kernel);
    h = fnv1a(h, base);
    h = fnv1a(h, compiler);
    for (const char* f : kCpuEngineFlags) h = fnv1a(h, f);
    uint64_t headers = fnv1a(fnv1a(kFnvBasis, compiler), include_dir);
    for (const char* f : kCpuEngineFlags) headers = fnv1a(headers, f);
    headers = fnv1a(headers, kBackendOptimize);
    headers = fnv1a(headers, kSeparateBackend);
    for (const char* f : {"scanviz.cuh", "scanviz_cpu.hpp", "scanviz_cpu_main.hpp"}) {
        const std::string text = read_file(fs::path(include_dir) / f);
        h = fnv1a(h, text);
        headers = fnv1a(headers, text);
    }
    const fs::path root = o.cache_dir.empty() ? default_cache_dir() : o.cache_dir;
    if (!own_private_dir(root)) {
        c.error = i18n::format(i18n::tr("the kernel cache %s is not a folder of this user's alone"), root.c_str());
        return c;
    }
    const fs::path dir = root / hex(h);
    c.exe = (dir / "kernel").string();
    if (runnable(c.exe)) return c;
    // Each compile in its own folder: two runs of scanviz may build the same kernel at once;
    // the executable is renamed into place.
    const std::string build = fresh_dir(dir, "build");
    if (build.empty()) {
        c.error = i18n::format(i18n::tr("cannot write to %s"), dir.c_str());
        return c;
    }
    std::error_code ec;
    const fs::path src = fs::path(build) / base;
    const fs::path main = fs::path(build) / "main.cpp";
    if (!write_file(src, source) ||
        !write_file(main, "#include \"" + base +
                              "\"\n#include \"scanviz_cpu_main.hpp\"\n"
                              "int main(int argc, char** argv) { return ::scanviz::cpu::run_main(&" +
                              r.settings.kernel + ", argc, argv); }\n")) {
        c.error = i18n::format(i18n::tr("cannot write to %s"), dir.c_str());
        return c;
    }
    const std::string tmp_exe = (fs::path(build) / "kernel").string();
    const Backend backend = precompiled_backend(root, headers, compiler, include_dir, o.compile_timeout_s);
    std::vector<std::string> argv{compiler};
    for (const char* f : kCpuEngineFlags) argv.push_back(f);
    argv.push_back("-I" + include_dir);
    if (backend.ok()) {
        argv.push_back(kSeparateBackend);
        argv.push_back("-include");
        argv.push_back(backend.header);
    }
    argv.push_back("-o");
    argv.push_back(tmp_exe);
    argv.push_back(main.string());
    if (backend.ok()) {
        argv.push_back("-x");  // the object is not C++ to compile
        argv.push_back("none");
        argv.push_back(backend.object);
    }
    // The learner's source is untrusted: its compile is contained (`#include "/etc/passwd"` is the
    // compile's), reading the include folder, the backend and the compiler, writing its build folder.
    std::vector<std::string> readable{include_dir};
    if (backend.ok()) readable.push_back(fs::path(backend.header).parent_path().string());
    const fs::path compiler_prefix = fs::path(compiler).parent_path().parent_path();
    if (compiler_prefix.string().rfind("/usr", 0) != 0) readable.push_back(compiler_prefix.string());
    ChildResult cr = run_child(argv, o.compile_timeout_s, "", compile_policy(build, readable, o.compile_timeout_s));
    if (!cr.started) {
        c.error = cr.error;
    } else if (cr.timed_out) {
        c.error = i18n::format(i18n::tr("%s: the compiler did not finish in %s s"), r.file.c_str(),
                               seconds(o.compile_timeout_s).c_str());
    } else if (cr.exit_code != 0 || cr.signal != 0) {
        c.error = first_compile_error(cr.err + cr.out, src.string(), r.file,
                                      kernel_line(r.source, r.settings.kernel));
        c.error = with_traced_array_hint(prepared, c.error);
        if (c.error.empty())
            c.error = i18n::format(i18n::tr("%s: the compiler failed: %s"), r.file.c_str(), first_line(cr.err).c_str());
    } else {
        fs::rename(tmp_exe, c.exe, ec);
        if (ec) c.error = i18n::format(i18n::tr("cannot write %s: %s"), c.exe.c_str(), ec.message().c_str());
    }
    fs::remove_all(build, ec);
    return c;
}

}  // namespace

std::string host_compiler() {
    const std::string baked = SCANVIZ_HOST_CXX;
    if (runnable(baked)) return baked;
    for (const char* name : {"c++", "g++", "clang++"}) {
        std::string p = on_path(name);
        if (!p.empty()) return p;
    }
    return "";
}

std::string first_compile_error(const std::string& output, const std::string& compiled,
                                const std::string& file, int kernel_line) {
    // Lines "PATH:LINE:COL: error: message"; the first error, placed on the learner's file: its own
    // line, else the last line of the learner's file the compiler named before it (the use
    // that instantiated a template of the backend).
    std::istringstream in(output);
    std::string line;
    int last_own_line = 0;
    const std::string base = fs::path(compiled).filename().string();
    auto own_line = [&](const std::string& l) -> int {
        size_t p = l.find(compiled + ":");
        size_t len = compiled.size() + 1;
        if (p == std::string::npos) {
            p = l.find(base + ":");
            len = base.size() + 1;
        }
        if (p == std::string::npos) return 0;
        return std::atoi(l.c_str() + p + len);
    };
    while (std::getline(in, line)) {
        const size_t err = line.find(": error: ");
        const size_t fatal = line.find(": fatal error: ");
        const size_t at = err != std::string::npos ? err : fatal;
        const int own = own_line(line);
        if (at == std::string::npos) {
            if (own > 0) last_own_line = own;
            continue;
        }
        const std::string message = line.substr(at + (err != std::string::npos ? 9 : 15));
        if (own > 0 && line.find(compiled) != std::string::npos)
            return file + ":" + std::to_string(own) + ": " + message;
        if (line.find("main.cpp:") != std::string::npos)
            return i18n::format(i18n::tr("%s:%d: the kernel is not __global__ void NAME(const T* in, T* out, int n) "
                                         "or (const T* in, const int* heads, T* out, int n) with T int or float (%s)"),
                                file.c_str(), kernel_line > 0 ? kernel_line : 1, message.c_str());
        return file + ":" + std::to_string(last_own_line > 0 ? last_own_line : 1) + ": " + message;
    }
    return "";
}

LearnerEngine cpu_engine(CpuEngineOptions options) {
    return [options](const LearnerRequest& r) {
        EngineOutput out;
        const std::string compiler = options.compiler.empty() ? host_compiler() : options.compiler;
        if (compiler.empty()) {
            out.error = i18n::tr("no host C++ compiler found: the CPU engine needs g++ or clang++");
            return out;
        }
        const std::string include_dir =
            options.include_dir.empty() ? learner_files::include_dir() : options.include_dir;
        if (include_dir.empty()) {
            out.error = i18n::format(i18n::tr("scanviz.cuh not found: the assets folder (%s) is missing"),
                                     asset_path("kernels").c_str());
            return out;
        }
        Compiled c = compile(r, options, compiler, include_dir);
        if (!c.error.empty()) {
            out.error = c.error;
            return out;
        }
        const std::string run_dir = fresh_dir(fs::path(c.exe).parent_path(), "run");
        if (run_dir.empty()) {
            out.error = i18n::format(i18n::tr("cannot write to %s"), fs::path(c.exe).parent_path().c_str());
            return out;
        }
        const fs::path dir = run_dir;
        std::error_code ec;
        const fs::path in = dir / "run.txt", rec = dir / "records.txt";
        if (!write_file(in, run_file(r))) {
            out.error = i18n::format(i18n::tr("cannot write to %s"), dir.c_str());
            return out;
        }
        ChildResult cr = run_child({c.exe, in.string(), rec.string()}, r.timeout_s, "",
                                   kernel_run_policy(dir.string(), c.exe, r.timeout_s));
        // The records are in the kernel's own folder: read as the learner's code left them.
        std::string unread;
        std::error_code missing;
        const bool there = fs::symlink_status(rec, missing).type() != fs::file_type::not_found;
        if (!cr.timed_out) out.records = read_untrusted_file(rec, kMaxRecordsBytes, &unread);
        const bool refused = there && !cr.timed_out && !unread.empty();
        out.log = cr.out;
        if (!cr.contained.empty()) {  // once, on the terminal: what this machine did not permit
            static std::once_flag said;
            std::call_once(said, [&] { std::fprintf(stderr, "%s\n", cr.contained.c_str()); });
        }
        fs::remove_all(dir, ec);
        if (!cr.started)
            out.error = cr.error;
        else if (cr.timed_out)
            out.error = timeout_message(r.timeout_s);
        else if (cr.signal != 0)
            out.error = i18n::format(i18n::tr("crashed (%s) in the kernel: a pointer or index past an array of "
                                              "global memory, or a stack overflow"),
                                     signal_name(cr.signal).c_str());
        else if (cr.exit_code != 0 && cr.exit_code != 3)
            out.error = cr.err.empty()
                            ? i18n::format(i18n::tr("the kernel's program exited with code %d"), cr.exit_code)
                            : i18n::format(i18n::tr("the kernel's program exited with code %d: %s"), cr.exit_code,
                                           first_line(cr.err).c_str());
        else if (refused)
            out.error = i18n::format(i18n::tr("the kernel's records were not read: %s"), unread.c_str());
        return out;
    };
}

}  // namespace scanviz
