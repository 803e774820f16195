#include "nvrtc_compile.hpp"

#include <chrono>
#include <regex>
#include <sstream>

#include "core/i18n/i18n.hpp"

#include "cuda_dl.hpp"

namespace scanviz::learner {

std::string map_nvrtc_log(const std::string& log) {
    static const std::regex line_ref(R"(^([^\s()]+)\((\d+)\): )");
    std::istringstream in(log);
    std::string line, out;
    while (std::getline(in, line)) {
        out += std::regex_replace(line, line_ref, "$1:$2: ", std::regex_constants::format_first_only);
        out += '\n';
    }
    return out;
}

NvrtcOutput compile_with_nvrtc(const NvrtcInput& in) {
    NvrtcOutput out;
    std::string why;
    const Nvrtc* nv = load_nvrtc(&why);
    if (!nv) {
        out.error = why;
        return out;
    }
    const auto t0 = std::chrono::steady_clock::now();
    Nvrtc::Program prog = nullptr;
    if (int r = nv->create(&prog, in.source.c_str(), in.file_name.c_str(), 0, nullptr, nullptr); r != 0) {
        out.error = std::string("NVRTC could not take the program: ") + nv->error_string(r);
        return out;
    }
    nv->add_name(prog, in.kernel.c_str());
    std::vector<std::string> opts = {"--gpu-architecture=" + in.arch, "-std=c++17", "-lineinfo",
                                     "--include-path=" + in.include_dir};
    for (const auto& d : in.defines) opts.push_back("-D" + d);
    std::vector<const char*> argv;
    for (const auto& o : opts) argv.push_back(o.c_str());
    const int rc = nv->compile(prog, static_cast<int>(argv.size()), argv.data());
    size_t log_size = 0;
    nv->log_size(prog, &log_size);
    std::string log(log_size, '\0');
    if (log_size > 1) nv->log(prog, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    out.log = map_nvrtc_log(log);
    if (rc != 0) {
        static const std::regex first_error(R"(^([^\s:]+):(\d+): (?:catastrophic )?error: (.*)$)");
        std::istringstream lines(out.log);
        std::string line;
        std::smatch m;
        while (std::getline(lines, line)) {
            if (std::regex_match(line, m, first_error)) {
                // NVRTC names the learner's file as it was given; an error in an include keeps its path.
                if (m[1].str() == in.file_name) out.error_line = std::stoi(m[2]);
                out.error = m[1].str() + ":" + m[2].str() + ": error: " + m[3].str();
                // The types the error is about follow on the next line ("argument types are: (...)"):
                // kept, in parentheses, so that the line names them as the host compiler's does.
                if (std::string next; std::getline(lines, next)) {
                    const size_t b = next.find_first_not_of(" \t");
                    if (b != std::string::npos && b > 0 &&
                        (next.find("argument types are:", b) == b || next.find("object type is:", b) == b))
                        out.error += " (" + next.substr(b) + ")";
                }
                break;
            }
        }
        if (out.error.empty()) out.error = in.file_name + ": NVRTC: " + nv->error_string(rc);
        nv->destroy(&prog);
        return out;
    }
    const char* lowered = nullptr;
    if (nv->lowered_name(prog, in.kernel.c_str(), &lowered) != 0 || !lowered) {
        out.error = i18n::format(i18n::tr("%s: no __global__ function named '%s'"), in.file_name.c_str(), in.kernel.c_str());
        nv->destroy(&prog);
        return out;
    }
    out.lowered_name = lowered;
    size_t size = 0;
    nv->cubin_size(prog, &size);
    out.cubin.resize(size);
    nv->cubin(prog, out.cubin.data());
    nv->destroy(&prog);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.ok = true;
    return out;
}

}  // namespace scanviz::learner
