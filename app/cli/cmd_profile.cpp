// scanviz profile: the profiler cross-check. Runs Nsight Compute
// (ncu) over the uninstrumented kernel of every warp and block variant for
// fixed cases (core/profile/cases.hpp) and writes our figures, from each
// case's trace, beside ncu's (core/profile/profile.hpp).
//   scanviz profile [--variants a,b] [--format text|csv|json] [-o FILE] [--save-ncu FILE] [--ncu PATH]
//   scanviz profile --from FILE   a saved table (JSON) or ncu's raw CSV; needs no GPU
// ncu profiles a child process: this program with the hidden `--launch`,
// which launches each case's kernel once.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/common/output.hpp"
#include "core/profile/profile.hpp"
#include "core/profile/cases.hpp"
#include "core/run/runner.hpp"
#include "core/trace/trace.hpp"
#include "core/models/variants.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::cli {
namespace {

namespace fs = std::filesystem;

struct ProfileArgs {
    std::vector<std::string> variants;
    std::string format = "text";
    std::string out;
    std::string from;
    std::string save_ncu;
    std::string ncu;
    bool launch = false;  // maintenance: launch the cases' kernels once each (what ncu profiles)
};

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error(i18n::format(i18n::tr("cannot read '%s'"), path.c_str()));
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

void write_file(const std::string& path, const std::string& text) { write_file_atomically(path, text); }

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string join(const std::vector<std::string>& v, const char* sep) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
    return s;
}

// ncu from --ncu, PATH, or the CUDA toolkit's usual place; empty when none.
std::string find_ncu(const std::string& given) {
    if (!given.empty()) return fs::exists(given) ? given : std::string();
    if (const char* path = std::getenv("PATH")) {
        std::stringstream ss(path);
        std::string dir;
        while (std::getline(ss, dir, ':'))
            if (!dir.empty() && access((fs::path(dir) / "ncu").c_str(), X_OK) == 0)
                return (fs::path(dir) / "ncu");
    }
    const char* fallback = "/usr/local/cuda/bin/ncu";
    return access(fallback, X_OK) == 0 ? fallback : std::string();
}

std::string first_line_with(const std::string& text, const std::string& what) {
    std::stringstream ss(text);
    std::string line;
    while (std::getline(ss, line))
        if (line.find(what) != std::string::npos) return line;
    return {};
}

std::string ncu_version(const std::string& ncu) {
    std::string text;
    if (FILE* p = popen((shell_quote(ncu) + " --version 2>&1").c_str(), "r")) {
        char buf[256];
        while (fgets(buf, sizeof buf, p)) text += buf;
        pclose(p);
    }
    std::string line = first_line_with(text, "Version ");
    if (line.empty()) return {};
    line = line.substr(line.find("Version ") + 8);
    return line.substr(0, line.find(' '));
}

// The child ncu runs: each case's uninstrumented kernel once, in case order.
void launch_cases(const ProfileArgs& a) {
    std::string why;
    if (!gpu::find_device(&why))
        throw std::runtime_error(i18n::format(i18n::tr("profile --launch: no GPU to run on (%s)"), why.c_str()));
    for (const ProfileCase& c : profile_cases(a.variants)) {
        if (!gpu::has_kernel(c.spec.variant))
            throw std::runtime_error(i18n::format(i18n::tr("this build has no GPU kernel for '%s'"), c.spec.variant.c_str()));
        gpu::run(c.spec);
        std::fprintf(stderr, "%s\n", i18n::format(i18n::tr("launched %s"), c.name.c_str()).c_str());
    }
}

std::string device_of(const ncu::Report& report) {
    for (const ncu::Kernel& k : report.kernels)
        if (const ncu::Cell* c = k.find("device__attribute_display_name"); c && !c->text.empty())
            return c->text;
    return {};
}

// The table from ncu's report, with our side from the traces of the cases (through
// `runner`: the GPU where it has the kernel, else the model).
ProfileTable table_from_report(const ncu::Report& report, const std::vector<std::string>& only,
                               const Runner& runner) {
    std::vector<std::string> variants = variants_in(report);
    if (!only.empty()) {
        for (const std::string& v : only)
            if (std::find(variants.begin(), variants.end(), v) == variants.end())
                throw std::invalid_argument(i18n::format(i18n::tr("ncu's report has no kernel of '%s'"), v.c_str()));
        variants = only;
    }
    const std::vector<ProfileCase> cases = profile_cases(variants);
    std::vector<Trace> traces;
    for (const ProfileCase& c : cases) traces.push_back(runner.run(c.spec));
    ProfileTable t;
    t.device = device_of(report);
    t.rows = compare(cases, traces, report);
    return t;
}

ProfileTable live_profile(const ProfileArgs& a) {
    const std::string ncu = find_ncu(a.ncu);
    if (ncu.empty())
        throw std::runtime_error(a.ncu.empty()
                                     ? std::string(i18n::tr("no ncu (Nsight Compute) on PATH or in /usr/local/cuda/bin: "
                                                            "the profile needs it (--from FILE reads a saved one)"))
                                     : i18n::format(i18n::tr("--ncu '%s' does not exist"), a.ncu.c_str()));
    std::string why;
    const auto device = gpu::find_device(&why);
    if (!device)
        throw std::runtime_error(
            i18n::format(i18n::tr("no GPU to profile on (%s); --from FILE reads a saved profile"), why.c_str()));
    const Runner runner(gpu::trace_capture());
    profile_cases(a.variants);  // an unknown variant fails here, before ncu starts

    std::vector<std::string> metrics;
    for (std::string_view m : profile_metrics()) metrics.emplace_back(m);
    const std::string self = fs::read_symlink("/proc/self/exe");
    std::string child = "profile --launch";
    if (!a.variants.empty()) child += " --variants " + join(a.variants, ",");
    const std::string ncu_args = "--csv --page raw --print-units base --metrics " + join(metrics, ",");
    const fs::path tmp = fs::temp_directory_path() / ("scanviz-profile-" + std::to_string(getpid()));
    const std::string csv_path = tmp.string() + ".csv", err_path = tmp.string() + ".err";
    const std::string cmd = shell_quote(ncu) + " " + ncu_args + " " + shell_quote(self) + " " + child +
                            " > " + shell_quote(csv_path) + " 2> " + shell_quote(err_path);
    std::fprintf(stderr, "%s\n",
                 i18n::format(i18n::tr("scanviz profile: running ncu over %zu kernels..."), profile_cases(a.variants).size())
                     .c_str());
    const int rc = std::system(cmd.c_str());
    std::string csv, err;
    try {
        csv = read_file(csv_path);
        err = read_file(err_path);
    } catch (...) {
    }
    fs::remove(csv_path);
    fs::remove(err_path);
    if (rc != 0) {
        std::string line = first_line_with(err, "scanviz:");
        if (line.empty()) line = first_line_with(csv + err, "==ERROR==");
        const int status = WIFEXITED(rc) ? WEXITSTATUS(rc) : rc;
        throw std::runtime_error(line.empty() ? i18n::format(i18n::tr("ncu failed (exit status %d)"), status)
                                              : i18n::format(i18n::tr("ncu failed (exit status %d): %s"), status, line.c_str()));
    }
    if (!a.save_ncu.empty()) write_file(a.save_ncu, csv);
    ProfileTable t = table_from_report(ncu::parse(csv), {}, runner);
    t.driver = "CUDA driver " + device->driver;
    t.ncu_version = ncu_version(ncu);
    t.date = utc_now_iso8601();
    t.command = "ncu " + ncu_args + " scanviz " + child;
    t.origin = "live";
    return t;
}

ProfileTable from_file(const ProfileArgs& a) {
    const std::string text = read_file(a.from);
    size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '{') {
        ProfileTable t = parse_profile_json(text);
        if (!a.variants.empty()) {
            std::vector<ProfileRow> keep;
            for (const std::string& v : a.variants) {
                const ProfileRow* r = find_row(t, v);
                if (!r)
                    throw std::invalid_argument(
                        i18n::format(i18n::tr("'%s' has no row for '%s'"), a.from.c_str(), v.c_str()));
                keep.push_back(*r);
            }
            t.rows = std::move(keep);
        }
        t.origin = a.from;
        return t;
    }
    ProfileTable t = table_from_report(ncu::parse(text), a.variants, Runner());
    t.origin = a.from + " (ncu CSV; our side from the reference models)";
    t.command = "ncu --csv --page raw (saved)";
    return t;
}

int run_profile(const ProfileArgs& a) {
    if (a.launch) {
        launch_cases(a);
        return 0;
    }
    if (a.format != "text" && a.format != "csv" && a.format != "json")
        throw std::invalid_argument(i18n::format(i18n::tr("--format '%s' is not text, csv or json"), a.format.c_str()));
    const ProfileTable t = a.from.empty() ? live_profile(a) : from_file(a);
    const std::string text = a.format == "json"  ? format_json(t)
                             : a.format == "csv" ? format_csv(t)
                                                 : format_text(t);
    if (a.out.empty())
        std::fwrite(text.data(), 1, text.size(), stdout);
    else
        write_file(a.out, text);
    return 0;
}

}  // namespace

void add_profile_command(CLI::App& app, CommandResult& result) {
    auto args = std::make_shared<ProfileArgs>();
    CLI::App* cmd = app.add_subcommand(
        "profile", i18n::tr("Check our bank conflicts and shared accesses against Nsight Compute (ncu) on the GPU"));
    cmd->add_option("--variants", args->variants, i18n::tr("Only these warp or block variants (comma separated)"))
        ->delimiter(',');
    cmd->add_option("--format", args->format, i18n::tr("text, csv or json"))->capture_default_str();
    cmd->add_option("-o,--output", args->out, i18n::tr("Write the table here instead of stdout"));
    cmd->add_option("--from", args->from, i18n::tr("Read a saved table (JSON) or ncu's raw CSV instead of profiling"));
    cmd->add_option("--save-ncu", args->save_ncu, i18n::tr("Also keep ncu's raw CSV here"));
    cmd->add_option("--ncu", args->ncu, i18n::tr("The ncu to run (default: from PATH, else /usr/local/cuda/bin/ncu)"));
    cmd->add_flag("--launch", args->launch,
                  i18n::tr("Maintenance: launch each case's uninstrumented kernel once (the process ncu profiles)"))
        ->group("");
    cmd->callback([args, &result] { result.exit_code = run_profile(*args); });
}

}  // namespace scanviz::cli
