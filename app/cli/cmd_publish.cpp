// scanviz publish: a static web site from a recording (default: the shipped one,
// made on an H100): index.html and one page per trace, stepping, the dependency
// cone of a clicked cell, work, span and bank conflicts, and the badge saying which
// device made each trace. It opens from the file system with no network.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "commands.hpp"
#include "core/publish/site.hpp"
#include "core/recording.hpp"

#ifndef SCANVIZ_ASSETS_DIR
#define SCANVIZ_ASSETS_DIR "assets"
#endif

namespace scanviz::cli {
namespace {

struct PublishArgs {
    std::string out;
    std::string recording = std::string(SCANVIZ_ASSETS_DIR) + "/recordings/default.svzrec";
    bool force = false;
};

int run_publish(const PublishArgs& a) {
    // Everything is read and built before anything is written: bad input writes nothing.
    const Recording recording = load_recording(a.recording);
    const auto files = publish::build_site(recording, std::filesystem::path(a.recording).filename().string());
    publish::write_site(files, a.out, a.force);
    std::printf("wrote %s: index.html and %zu trace pages (%s)\n", a.out.c_str(), recording.traces.size(),
                recording.badge().c_str());
    return 0;
}

}  // namespace

void add_publish_command(CLI::App& app, CommandResult& result) {
    auto a = std::make_shared<PublishArgs>();
    CLI::App* cmd = app.add_subcommand(
        "publish", "Write a static web site (index.html, one page per trace) to step through in a browser");
    cmd->add_option("-o,--output", a->out, "The site's folder (refused when it exists, unless --force)")
        ->required();
    cmd->add_option("recording", a->recording, "The recording to publish (default: the shipped H100 one)");
    cmd->add_flag("--force", a->force, "Replace the output folder when it exists");
    cmd->callback([&result, a]() { result.exit_code = run_publish(*a); });
}

}  // namespace scanviz::cli
