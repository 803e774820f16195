#include "trace_builder.hpp"

#include <stdexcept>

namespace scanviz {

TraceBuilder::TraceBuilder(const RunSpec& spec, int threads, int blocks) {
    trace_.spec = spec;
    trace_.threads = threads;
    trace_.blocks = blocks;
    trace_.input = make_input(spec);
    if (!spec.heads.empty() || spec.variant.find("segmented") != std::string::npos)
        trace_.heads = make_heads(spec);
    trace_.source.kind = "model";
}

int TraceBuilder::add_region(std::string name, Space space, int count, int byte_offset, int cols,
                             int elem_bytes) {
    if (started_) throw std::logic_error("TraceBuilder: regions must be added before the first step");
    Region r;
    r.name = std::move(name);
    r.space = space;
    r.first_slot = trace_.layout.slots;
    r.count = count;
    r.byte_offset = byte_offset;
    r.elem_bytes = elem_bytes;
    r.cols = cols;
    trace_.layout.regions.push_back(r);
    trace_.layout.slots += count;
    trace_.layout.padding.resize(trace_.layout.slots, 0);
    cur_.resize(trace_.layout.slots, 0.0);
    writer_.resize(trace_.layout.slots, -1);
    return r.first_slot;
}

void TraceBuilder::mark_padding(int slot) { trace_.layout.padding.at(slot) = 1; }

void TraceBuilder::init(int slot, double value) {
    if (started_) throw std::logic_error("TraceBuilder: init() after the first step");
    cur_.at(slot) = value;
}

void TraceBuilder::begin_step(std::string_view phase, int param, BarrierKind barrier) {
    if (in_step_) throw std::logic_error("TraceBuilder: begin_step() inside a step");
    if (!started_) {
        trace_.initial_state = cur_;
        started_ = true;
    }
    in_step_ = true;
    step_ = Step{};
    step_.phase = std::string(phase);
    step_.label = step_label(phase, param);
    step_.barrier = std::string(barrier_name(barrier));
    step_.active_mask = make_mask(trace_.threads, false);
    snapshot_ = cur_;
    std::fill(writer_.begin(), writer_.end(), -1);
}

void TraceBuilder::activate(int thread) {
    if (thread >= 0 && thread < trace_.threads) set_active(step_.active_mask, thread);
}

double TraceBuilder::read(int thread, int slot) const {
    if (!in_step_) return cur_.at(slot);
    return writer_.at(slot) == thread ? cur_[slot] : snapshot_.at(slot);
}

void TraceBuilder::write(int thread, int slot, double v) {
    cur_.at(slot) = v;
    writer_[slot] = thread;
}

double TraceBuilder::apply(double a, double b) const { return apply_op(op(), type(), a, b); }
double TraceBuilder::identity() const { return scanviz::identity(op(), type()); }

double TraceBuilder::combine(int thread, int dst, int a, int b) {
    if (!in_step_) throw std::logic_error("TraceBuilder: combine() outside a step");
    double v = apply(read(thread, a), read(thread, b));
    write(thread, dst, v);
    step_.ops.push_back(Operation{thread, OpKind::Combine, {a, b}, {dst}, 1, 1});
    activate(thread);
    return v;
}

void TraceBuilder::swap_combine(int thread, int a, int b) {
    if (!in_step_) throw std::logic_error("TraceBuilder: swap_combine() outside a step");
    double va = read(thread, a), vb = read(thread, b);
    write(thread, a, vb);
    write(thread, b, apply(va, vb));
    step_.ops.push_back(Operation{thread, OpKind::Swap, {a, b}, {a, b}, 1, 1});
    activate(thread);
}

double TraceBuilder::copy(int thread, int dst, int src) {
    if (!in_step_) throw std::logic_error("TraceBuilder: copy() outside a step");
    double v = read(thread, src);
    write(thread, dst, v);
    step_.ops.push_back(Operation{thread, OpKind::Copy, {src}, {dst}, 0, 0});
    activate(thread);
    return v;
}

void TraceBuilder::set(int thread, int dst, double value, OpKind kind) {
    if (!in_step_) throw std::logic_error("TraceBuilder: set() outside a step");
    write(thread, dst, value);
    step_.ops.push_back(Operation{thread, kind, {}, {dst}, 0, 0});
    activate(thread);
}

double TraceBuilder::reduce(int thread, int dst, const std::vector<int>& srcs, int applications,
                            int depth) {
    if (!in_step_) throw std::logic_error("TraceBuilder: reduce() outside a step");
    double acc = identity();
    bool first = true;
    for (int s : srcs) {
        double v = read(thread, s);
        acc = first ? v : apply(acc, v);
        first = false;
    }
    write(thread, dst, acc);
    step_.ops.push_back(Operation{thread, OpKind::Reduce, srcs, {dst}, applications, depth});
    activate(thread);
    return acc;
}

double TraceBuilder::wait(int thread, int slot) {
    if (!in_step_) throw std::logic_error("TraceBuilder: wait() outside a step");
    double v = read(thread, slot);
    step_.ops.push_back(Operation{thread, OpKind::Wait, {slot}, {}, 0, 0});
    activate(thread);
    return v;
}

void TraceBuilder::poke(int thread, int slot, double value) { write(thread, slot, value); }

void TraceBuilder::record(Operation op) {
    if (!in_step_) throw std::logic_error("TraceBuilder: record() outside a step");
    activate(op.thread);
    step_.ops.push_back(std::move(op));
}

void TraceBuilder::end_step() {
    if (!in_step_) throw std::logic_error("TraceBuilder: end_step() outside a step");
    step_.state = cur_;
    trace_.steps.push_back(std::move(step_));
    in_step_ = false;
}

Trace TraceBuilder::finish(std::vector<double> output) {
    if (in_step_) throw std::logic_error("TraceBuilder: finish() inside a step");
    if (!started_) trace_.initial_state = cur_;
    trace_.output = std::move(output);
    return std::move(trace_);
}

}  // namespace scanviz
