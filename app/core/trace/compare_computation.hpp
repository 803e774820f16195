// What a learner's kernel computes against a reference model: the state after each of its steps
// (each barrier, shuffle or step cut), and the dependency edges, not the names of its steps.
//
// A learner does not know the model's step labels, and writes the same algorithm in forms of its
// own. The comparison normalises those differences of form once, here, for every caller (`scanviz
// kernel`'s `like`, the grader, the class server, lessons):
//   - a load step before the first barrier, or a load inside the first step: the learner's initial
//     state is compared only when it stored something before its first step;
//   - a barrier at the top of a loop rather than its bottom: the steps are matched by their states,
//     not their barriers;
//   - steps the model joins or splits: a learner step that changes nothing the model keeps (the read
//     half of "read, barrier, write") matches the model's step before it; a learner step that does
//     several of the model's steps at once (no barrier between them) matches the last of them;
//   - a double buffer on one side and one array on the other: each element is read from the half
//     last written;
//   - arrays of other sizes: the elements both have are compared (a tile padded past n);
//   - a value the model keeps in an array of its own (s_warp_sums) kept by the learner in its data
//     array at the same index, and values the learner keeps in untraced registers: a slot is compared
//     only while its value is still read later (a value overwritten before anything reads it does
//     not change what the kernel computes), and at the end every element is;
//   - steps the model ends with that the learner does on the way out (an exclusive shift into the
//     output): accepted when the output equals the model's.
// Each difference of form that applied becomes a note; labels that differ are a note, never a
// failure. The first real difference is named by its state: "after your step 3 (__syncthreads();
// the model's up-sweep d=8), XY[17]: yours 12, block_brent_kung's 15", or by an edge the model
// does not have.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace/trace.hpp"

namespace scanviz {

struct ComputationDifference {
    int your_step = -1;   // the learner's step after which it shows (-1: its initial state;
                          // steps.size(): its output)
    int model_step = -1;  // the model's step compared with (-1: the model's initial state)
    int slot = -1;        // the learner's slot (-1 for an output element)
    int element = -1;     // the element index in the arrays compared (or the output element)
    double yours = 0, model = 0;
    bool edge = false;     // an edge the model does not have (slot: the written slot, from: the read one)
    int from_slot = -1;    // edge: the learner's slot read
    int thread = -1;       // edge: the thread that did it
};

struct ComputationVerdict {
    bool same = true;
    std::optional<ComputationDifference> first;
    std::string line;                // the first difference in the reader's language ("" when same)
    std::vector<std::string> notes;  // differences of form that applied, in the reader's language
    // For each learner step, the model step its state matched (-1: none; the steps after the first
    // difference are -1).
    std::vector<int> matched;
};

// `model_name` names the model in the lines ("block_brent_kung").
ComputationVerdict compare_computation(const Trace& model, const Trace& yours, std::string_view model_name);

}  // namespace scanviz
