// TraceBuilder: the one way reference models write a Trace.
//
// A model declares its regions, then runs the algorithm step by step with
// read()/combine()/copy()/set() calls in the kernel's own order; the builder
// applies the operator in the element type's arithmetic, records each
// operation, and snapshots the state at end_step(). Reads follow the trace
// semantics (trace.hpp): a thread sees its own writes of the current step,
// other threads' writes only after the step ends.
#pragma once

#include <string>
#include <vector>

#include "core/trace/trace.hpp"

namespace scanviz {

class TraceBuilder {
public:
    // threads: threads per block (or tiles, for whole-array scans) shown in the active mask.
    TraceBuilder(const RunSpec& spec, int threads, int blocks = 1);

    // Adds a region of `count` slots; returns its first slot. byte_offset and
    // elem_bytes matter for Shared regions (bank computation).
    int add_region(std::string name, Space space, int count, int byte_offset = 0, int cols = 0,
                   int elem_bytes = 4);
    void mark_padding(int slot);

    // Value of a slot before any step (load from global, identity fill, ...).
    void init(int slot, double value);

    // Label: step_label(phase, param). Barrier: what ends the step.
    void begin_step(std::string_view phase, int param, BarrierKind barrier);

    // What `thread` reads from `slot` now (trace semantics).
    double read(int thread, int slot) const;

    // s[dst] = op(s[a], s[b]) done by `thread`: one operator application.
    double combine(int thread, int dst, int a, int b);
    // Blelloch down-sweep swap: s[a] = old s[b], s[b] = op(old s[a], old s[b]).
    void swap_combine(int thread, int a, int b);
    // s[dst] = s[src] done by `thread`: a move.
    double copy(int thread, int dst, int src);
    // s[dst] = value with no read (identity fill, flag publish); kind Copy with no reads, or Flag.
    void set(int thread, int dst, double value, OpKind kind = OpKind::Copy);
    // s[dst] = fold of s[srcs] at tile granularity: `applications` operator applications, `depth` levels.
    double reduce(int thread, int dst, const std::vector<int>& srcs, int applications, int depth);
    // A read that decides control flow only (look-back wait on a flag).
    double wait(int thread, int slot);
    // Records an arbitrary operation whose effect was already written with poke().
    void record(Operation op);
    void poke(int thread, int slot, double value);

    void end_step();

    double value(int slot) const { return cur_[slot]; }
    const RunSpec& spec() const { return trace_.spec; }
    Op op() const { return trace_.spec.op; }
    ElemType type() const { return trace_.spec.type; }
    double apply(double a, double b) const;
    double identity() const;

    Trace finish(std::vector<double> output);

    Trace& trace() { return trace_; }

private:
    // The active mask of a step is the set of threads that did an operation in
    // it, for models and GPU captures alike.
    void activate(int thread);
    void write(int thread, int slot, double v);

    Trace trace_;
    std::vector<double> cur_;
    std::vector<double> snapshot_;
    std::vector<int> writer_;  // thread that wrote the slot in the current step, -1 if none
    bool in_step_ = false;
    bool started_ = false;
    Step step_;
};

}  // namespace scanviz
