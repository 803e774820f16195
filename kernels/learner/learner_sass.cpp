#include "learner_sass.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "core/i18n/i18n.hpp"
#include "core/learner/child.hpp"
#include "core/learner/engine_files.hpp"
#include "core/sass/listing.hpp"
#include "core/sass/region.hpp"
#include "nvrtc_compile.hpp"

#ifndef SCANVIZ_NVDISASM
#define SCANVIZ_NVDISASM ""
#endif

namespace scanviz::learner {
namespace {
namespace fs = std::filesystem;
namespace lf = learner_files;

bool executable(const std::string& p) { return !p.empty() && access(p.c_str(), X_OK) == 0; }
}  // namespace

std::string find_nvdisasm() {
    if (executable(SCANVIZ_NVDISASM)) return SCANVIZ_NVDISASM;
    if (const char* path = std::getenv("PATH")) {
        std::string rest = path;
        for (size_t at = 0; at <= rest.size();) {
            const size_t colon = rest.find(':', at);
            const std::string dir = rest.substr(at, colon == std::string::npos ? std::string::npos : colon - at);
            if (!dir.empty() && executable(dir + "/nvdisasm")) return dir + "/nvdisasm";
            if (colon == std::string::npos) break;
            at = colon + 1;
        }
    }
    return executable("/usr/local/cuda/bin/nvdisasm") ? "/usr/local/cuda/bin/nvdisasm" : "";
}

LearnerSass learner_sass(const std::string& source, const std::string& file, const std::string& kernel,
                         const std::string& include_dir, const std::string& arch) {
    LearnerSass out;
    out.row.arch = arch;
    out.row.variant = "yours";
    out.row.kernel = kernel;
    out.row.region_file = file;
    NvrtcInput in;
    in.source = source;
    in.file_name = file;
    in.include_dir = include_dir;
    in.arch = arch;
    in.kernel = kernel;
    const NvrtcOutput c = compile_with_nvrtc(in);
    if (!c.ok) {
        out.error = c.error;
        return out;
    }
    const std::string nvdisasm = find_nvdisasm();
    if (nvdisasm.empty()) {
        out.error = i18n::tr(
            "no nvdisasm to list the cubin (bash .ci/setup installs it; or put the CUDA toolkit's bin on PATH)");
        return out;
    }
    const std::string dir = lf::fresh_dir(fs::path(lf::default_cache_dir()) / "sass", "sass");
    if (dir.empty()) {
        out.error = i18n::format(i18n::tr("cannot write to %s"), lf::default_cache_dir().c_str());
        return out;
    }
    const std::string cubin = dir + "/kernel.cubin";
    lf::write_file(cubin, std::string(c.cubin.begin(), c.cubin.end()));
    const ChildResult d = run_child({nvdisasm, "-gi", "-c", cubin}, 60.0);
    const ChildResult v = run_child({nvdisasm, "--version"}, 10.0);
    std::error_code ec;
    fs::remove_all(dir, ec);
    if (!d.started || d.exit_code != 0) {
        out.error = i18n::format(i18n::tr("nvdisasm failed: %s"),
                                 (d.error.empty() ? lf::first_line(d.err) : d.error).c_str());
        return out;
    }
    std::string version = "nvdisasm";
    for (size_t at = 0; at < v.out.size();) {
        const size_t nl = v.out.find('\n', at);
        const std::string line = v.out.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
        if (line.rfind("Cuda compilation tools, ", 0) == 0) version = "nvdisasm " + line.substr(24);
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    out.listing = "// scanviz-sass arch=" + arch + " source=" + file + " cubin-sha256=nvrtc disassembler=" + version +
                  "\n// scanviz-sass section=inline (nvdisasm -gi -c)\n" + d.out;
    const sass::Listing listing = sass::parse_listing(out.listing);
    const sass::Function* f = listing.find(c.lowered_name);
    if (!f) {
        out.error = i18n::format(i18n::tr("nvdisasm's listing has no function %s"), c.lowered_name.c_str());
        return out;
    }
    out.row.provenance = sass::Provenance::Build;
    out.row.message = "compiled by NVRTC (" + arch + "), listed by " + version;
    out.row.method = sass::RegionMethod::SourceLines;
    out.row.whole = sass::count(*f);
    out.row.region = out.row.whole;
    return out;
}

}  // namespace scanviz::learner
