// The GUI script's parser (app/ui/script_text.hpp) needs no window: commands, their
// arguments and the blocks (repeat, each-trace, end) are checked before a window opens.
#include <gtest/gtest.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "ui/script_text.hpp"

using namespace scanviz::ui;

namespace {

std::string error_of(const std::string& text) {
    try {
        parse_script(text, "t.script");
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(ScriptText, ParsesCommandsSkippingCommentsAndBlanks) {
    const Script s = parse_script("# a comment\n\nvariant warp_conditional\n  input 3, 1,4\nstep last\n", "t.script");
    ASSERT_EQ(s.commands.size(), 3u);
    EXPECT_EQ(s.commands[0].name, "variant");
    EXPECT_EQ(s.commands[0].line, 3);
    EXPECT_EQ(s.commands[1].rest, "3, 1,4");
    EXPECT_EQ(s.commands[2].args, std::vector<std::string>{"last"});
}

TEST(ScriptText, BlocksKnowTheirEnds) {
    const Script s = parse_script("repeat 2\n each-trace\n  step next\n end\n memory pass\nend\n", "t.script");
    ASSERT_EQ(s.commands.size(), 6u);
    EXPECT_EQ(s.commands[0].match, 5);
    EXPECT_EQ(s.commands[5].match, 0);
    EXPECT_EQ(s.commands[1].match, 3);
    EXPECT_EQ(s.commands[3].match, 1);
    EXPECT_EQ(parse_script("repeat steps\nend\n", "t.script").commands[0].match, 1);
}

TEST(ScriptText, EveryMistakeIsOneLineNamingFileAndLine) {
    EXPECT_EQ(error_of("variant a\nzoooom 3\n"), "script t.script:2: unknown command 'zoooom'");
    EXPECT_EQ(error_of("end\n"), "script t.script:1: end without a repeat or each-trace to close");
    EXPECT_EQ(error_of("repeat 3\nstep next\n"), "script t.script:1: repeat is never closed (end)");
    EXPECT_EQ(error_of("each-trace\nrepeat 2\nend\n"), "script t.script:1: each-trace is never closed (end)");
    EXPECT_EQ(error_of("repeat x\nend\n"), "script t.script:1: 'x' is not a whole number (repeat)");
    EXPECT_EQ(error_of("repeat 2000000\nend\n"), "script t.script:1: repeat 2000000 is outside 0 .. 1000000");
    EXPECT_EQ(error_of("show sass maybe\n"), "script t.script:1: show takes on or off, got 'maybe'");
    EXPECT_EQ(error_of("show nothing on\n"),
              "script t.script:1: show takes state, diagram, metrics, source, bench, lookback, race, banks, "
              "sass or "
              "instrumentation, got 'nothing'");
    EXPECT_EQ(error_of("memory\n"), "script t.script:1: usage: memory LABEL");
    EXPECT_EQ(error_of("key f13\n"),
              "script t.script:1: unknown key 'f13' (space, left, right, home, end, plus, minus, pagedown, pageup, f5, f7)");
    EXPECT_EQ(error_of("n 99999999999999999999\n"),
              "script t.script:1: '99999999999999999999' is not a whole number (n)");
}

// The shipped load session parses (tests/load/run_load.py runs it in a window).
TEST(ScriptText, TheLoadSessionParses) {
    std::FILE* f = std::fopen(SCANVIZ_SOURCE_DIR "/tests/load/window_session.script", "rb");
    ASSERT_NE(f, nullptr);
    std::string text;
    char buf[4096];
    for (size_t got; (got = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, got);
    std::fclose(f);
    const Script s = parse_script(text, "window_session.script");
    int memory = 0;
    for (const auto& c : s.commands) memory += c.name == "memory";
    EXPECT_EQ(memory, 2);
}

// Your kernel's hazards: a click on one in the panel, and the GPU engine's launches.
TEST(ScriptText, HazardClicksAndLaunchesParse) {
    const Script s = parse_script("kernel-launches 200\nkernel k.cu\nwait-kernel\nclick-hazard 0\nclick-hazard 5\n",
                                  "t.script");
    ASSERT_EQ(s.commands.size(), 5u);
    EXPECT_EQ(s.commands[0].name, "kernel-launches");
    EXPECT_EQ(s.commands[0].args, std::vector<std::string>{"200"});
    EXPECT_EQ(s.commands[3].name, "click-hazard");
    EXPECT_EQ(s.commands[4].args, std::vector<std::string>{"5"});
    EXPECT_EQ(error_of("click-hazard\n"),
              "script t.script:1: usage: click-hazard K (0 = the first hazard the Your-kernel panel lists)");
    EXPECT_EQ(error_of("click-hazard -1\n"), "script t.script:1: click-hazard K: 0 or more, got '-1'");
    EXPECT_EQ(error_of("click-hazard first\n"), "script t.script:1: 'first' is not a whole number (click-hazard)");
    EXPECT_EQ(error_of("kernel-launches 0\n"), "script t.script:1: kernel-launches 0 is outside 1 .. 5000");
    EXPECT_EQ(error_of("kernel-launches 5001\n"), "script t.script:1: kernel-launches 5001 is outside 1 .. 5000");
    EXPECT_EQ(error_of("kernel-launches 2 3\n"), "script t.script:1: usage: kernel-launches N (1 .. 5000)");
}
