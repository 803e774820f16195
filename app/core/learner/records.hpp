// The records a learner's kernel writes as it runs, and the Trace they make.
//
// Both engines write them: the CPU engine (the kernel compiled by the host C++ compiler
// against assets/kernels/scanviz_cpu.hpp, each CUDA thread a fiber) and the GPU engine (the
// kernel compiled by NVRTC against the GPU tracing backend). This comment is the contract
// between them and the parser below; keep it stable, and raise the version on the first
// line for any change a version-1 reader would misread.
//
// Text, one record per line, fields separated by single spaces, in execution order (the
// order the engine saw them happen; for the GPU engine, any order that keeps each thread's
// own records in its program order):
//
//   scanviz-records 1
//   region <id> <shared|register> <count> <elem_bytes> <byte_offset> <name>
//   read <thread> <step> <region> <index>
//   store <thread> <step> <region> <index> <value> <k> <region index>*k [+]
//   barrier <thread> <step> <syncthreads|syncwarp|shfl|label|end> [label text]
//   output <i> <value>
//   error <one line>
//
// - region: a traced array, written before the first record that names it. <id> is the line
//   it is declared on (SCANVIZ_SHARED, SCANVIZ_REG); <count> its slots; <elem_bytes> and
//   <byte_offset> its place in the block's shared memory (shared) or 0 (register); <name> the
//   variable's name, the rest of the line. A register region has one slot per thread: its
//   index is the thread.
// - <thread>: threadIdx.x (one block). <step>: how many steps the thread has ended before
//   this record: every barrier record it writes ends its current step, so its next records
//   carry <step> + 1.
// - read: the thread read slot <index> of region <region>.
// - store: the thread stored <value> (%.17g) into the slot; then its provenance, <k> slots as
//   "<region> <index>" pairs in operand order (the slots the value was computed from, at most
//   4), and "+" when there were more than 4 (provenance overflowed). k = 0: a value that came
//   from no traced slot (a load from global memory, a constant).
// - barrier: the thread ended its step <step>: at __syncthreads() (syncthreads), at
//   __syncwarp() (syncwarp), in a shuffle (shfl), or where scanviz::step() cut a step that had
//   no barrier (label); "end": the thread returned, which ends its last step (each thread
//   writes one, as its last record; it counts as no barrier). The label text, when present, is
//   what scanviz::step() named the step that ends here.
// - output: out[i] after the kernel (%.17g), for every i < n the kernel wrote; an element it
//   did not write has no record (the Trace is then refused: "the kernel wrote no out[i]"), and
//   a kernel that wrote none gives the error record "the kernel wrote no output".
// - error: the run failed; one line a person reads ("out-of-bounds store: thread 5 wrote
//   s[64] (size 64)", "barrier not reached by every thread: ..."). The records before it are
//   valid; nothing follows it.
//
// The engines never add a barrier to take a snapshot: the state after each step is rebuilt
// here from the store records, so the kernel runs with exactly the synchronisation its
// author wrote and a race stays visible.
//
// The Trace built from them (assemble_trace):
// - Layout: one region per region record, in record order; Shared with its byte offset and
//   elem_bytes (for the bank analysis), Registers for a register.
// - Steps: step k holds every thread's records that carry step k. Its label is the label text
//   of the first barrier record ending step k (in thread order), else "step k"; its phase is
//   the label without a trailing " d=<number>"; its barrier is the kind of that record
//   (syncthreads -> "__syncthreads()", syncwarp -> "__syncwarp()", shfl -> the shuffle's name,
//   label -> "lockstep (no barrier)"), and "kernel end" for the step no barrier ends. A step
//   that begins at a shuffle and ends at no barrier (a label cut, the kernel's end) shows the
//   shuffle: the shuffle is what converges the warp for the step it begins, as scanviz's
//   models draw a shuffle step (the exchange, then the combine).
// - A split step: a step in which no thread stores, ended by a real barrier (__syncthreads(),
//   __syncwarp()) and followed by a step with stores, is the read half of that step ("read
//   into a register, barrier, write", the form correct under independent thread scheduling):
//   the two make one step, named by the first of their labels, ended by the second's barrier.
// - Every thread must end the same number of steps (barrier records other than end); otherwise
//   the trace is refused with "barrier inside a branch: thread 0 passed 5 barriers, thread 37
//   passed 4".
// - A store whose value came through an untraced variable (a plain `float temp`) records no
//   provenance; where the thread's reads since its last store in the step leave no doubt (exactly
//   two slots read that the operator combines into the value, in the order read, or exactly one
//   slot read holding it) they become its provenance, so its edges are drawn and compared. Any
//   other store (a load, a constant, a value other reads might explain) keeps none: no edge is guessed.
// - Operations: one per store, by its thread: reads = the provenance slots in operand order;
//   Combine when it has two, Reduce (applications = reads - 1) when it has more or its
//   provenance overflowed, Copy when it has one or none (trace.hpp's operation kinds). A
//   thread's copy a <- b followed by its combine b <- (a, b) in the same step is one Swap (the
//   Blelloch down-sweep). A read of a shared slot by a thread that fed none of that thread's
//   stores in the same step becomes a Wait operation (a read, no write), so the hazard
//   analysis sees it and no edge is invented (a register belongs to one thread: its reads that
//   feed nothing, such as a loop's condition, are left out). Operations are listed by thread,
//   each thread's in program order.
// - The load prologue: the first steps, as long as none of their stores has provenance (loads
//   from global memory, identity fills), none reads a shared slot (the read half of a step, as
//   in "temp = XY[t] + XY[t - d]; __syncthreads(); XY[t] = temp") and scanviz::step() named none of them, are not steps:
//   their stores make the initial state (the step that follows is always kept). Likewise a
//   last step ended by the kernel's end with no store in it (it copies the result out) is
//   dropped when a barrier or a shuffle ends the step before it, or when each shared slot it
//   reads was last stored by the thread reading it: no write can race with its reads.
// - Hazards are not taken from this Trace but from access_trace(): one step per recorded step,
//   each read and store where it happened, so a value carried across a barrier in a register
//   counts as read before that barrier.
// - The state after each step: the state before it with each slot's last store in the step
//   (in record order) applied. Slots never stored are 0.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/trace/trace.hpp"

namespace scanviz {

inline constexpr int kRecordsVersion = 1;

struct RecordRegion {
    int id = 0;
    bool shared = true;
    int count = 0;
    int elem_bytes = 4;
    int byte_offset = 0;
    std::string name;
};

struct RecordSlot {
    int region = 0;  // a region id
    int index = 0;
};

enum class RecordKind : uint8_t { Read, Store, Barrier };

struct Record {
    RecordKind kind = RecordKind::Read;
    int thread = 0;
    int step = 0;
    RecordSlot slot;                     // read, store
    double value = 0;                    // store
    std::vector<RecordSlot> provenance;  // store, operand order
    bool overflow = false;               // store: more than 4 operands
    std::string barrier;                 // barrier: syncthreads, syncwarp, shfl, label or end
    std::string label;                   // barrier: the step's label, may be empty
};

struct Records {
    std::vector<RecordRegion> regions;
    std::vector<Record> events;        // reads, stores and barriers in record order
    std::vector<double> output;        // out[i] for the output records, by i
    std::vector<uint8_t> output_seen;  // 1 where an output record named i
    std::string error;                 // the run's error record, if any
};

// Parses records text. Any malformed line gives one error, "records line N: <what>", and
// the records read so far; it never throws.
struct ParsedRecords {
    Records records;
    std::string error;
};
ParsedRecords parse_records(std::string_view text);

// What the run was: the spec (op, type, n, input), the threads per block, and who ran it.
struct RecordsRun {
    RunSpec spec;
    int threads = 0;
    std::vector<double> input;
    std::vector<uint8_t> heads;
    std::string source_kind = "cpu";  // "cpu" or "gpu"
    std::string device;               // the GPU's name for "gpu"
    std::string note;                 // e.g. the file the kernel came from
};

// The Trace of a run, or one error line a person reads (empty when ok).
struct AssembledTrace {
    Trace trace;
    std::string error;
};
AssembledTrace assemble_trace(const Records& records, const RecordsRun& run);

// The accesses as they happened, for the hazard analysis (race/hazards.hpp): one step per
// recorded step (no prologue, no split steps), a Wait operation for every read of a shared
// slot and a Copy with no reads for every store into one; spec.variant is empty. Call it on
// records that assemble_trace accepted.
Trace access_trace(const Records& records, const RecordsRun& run);

}  // namespace scanviz
