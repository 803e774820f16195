// A kernel's source as a student reads it: the instrumentation folded away.
//
// Every device routine takes a probe (the trace capture) and the race lab's
// barrier switch (barrier_kept<kKeep>), so its text carries lines a textbook
// listing has not: probe calls, `if constexpr (Probe::kOn)` blocks, snapshot
// lambdas, `int barrier = 0;`, the Probe and kKeep parameters. Folding is a
// view of the text only (the kernels are not changed, so their SASS is not):
// - lines that are only probe calls or race-lab bookkeeping are dropped, and so
//   are the blocks, lambdas, calls and locals left with nothing to do;
// - `if (barrier_kept<kKeep>(barrier++)) __syncwarp();` reads `__syncwarp();`
//   (the same for __syncthreads());
// - `if constexpr (Probe::kOn) { A } else { B }` reads B;
// - the instrumentation-only parameters (`Probe& probe`, `class Probe`,
//   `uint32_t kKeep = ...`, `bool kOneBuffer = false`) and `probe` arguments go;
// - comments about the race lab or the probe go.
// Every kept line keeps its text (its `// step:` tag included) and says which line
// of the file it came from, so step tags, SASS line links and compiler messages
// still find their lines. A file with no probe and no barrier switch in it (a
// learner's own kernel) is left as it is.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanviz::sass {

struct FoldedSource {
    std::vector<std::string> lines;  // the lines a student reads
    std::vector<int> original;       // for each, its 0-based line in the file
    int file_lines = 0;              // lines in the file

    // The shown line (0-based) of the file's 0-based line `file_line`: the line itself
    // when it is kept, else the next kept line (a folded probe call after a statement
    // points at what follows); -1 when none follows.
    int shown_line(int file_line) const;
};

FoldedSource fold_instrumentation(std::string_view source_text);

// The file's lines unchanged, each mapped to itself (the "show instrumentation" view).
FoldedSource unfolded(std::string_view source_text);

}  // namespace scanviz::sass
