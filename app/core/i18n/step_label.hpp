// A trace's step labels and barriers in the reader's language. The models and kernels name
// their steps in English, a phase and its parameter ("down-sweep d=8", "kogge-stone d=1",
// "clear last"); the catalog translates the phase and keeps the numbers, d=N and code as they
// are: "down-sweep d=8" -> "下扫 d=8". step_label.cpp lists every phrase once (N_), so xgettext
// finds them; tests/test_step_label.cpp runs every variant's model and checks it knows each label.
#pragma once

#include <string>
#include <string_view>

namespace scanviz::i18n {

// The label shown: its phrase translated, its trailing numbers and d=N kept. A label whose
// phrase the table does not list (a learner's own step name) is shown as it is.
std::string step_label(std::string_view label);

// Whether step_label knows the label's phrase (or the label is only code and numbers).
bool step_label_known(std::string_view label);

// The phrase of a label: "down-sweep d=8" -> "down-sweep", "step 3" -> "step".
std::string_view step_phrase(std::string_view label);

// A region's name (TraceBuilder::add_region) in the reader's language: a name in words, marked N_
// where the model adds it ("total (register, last thread)", "tile status"), translated; a name
// that is code ("s_temp", "XY") or the catalog lacks (a learner's own) shown as it is.
std::string region_label(std::string_view name);

// How a step ends (trace.hpp's barrier_name), in the reader's language: "lockstep (no
// barrier)", "kernel end", ...; code such as "__syncthreads()" stays as it is.
std::string barrier_label(std::string_view barrier);

}  // namespace scanviz::i18n
