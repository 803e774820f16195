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
//   barrier <thread> <step> <syncthreads|syncwarp|shfl|label> [label text]
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
//   no barrier (label). The label text, when present, is what scanviz::step() named the step
//   that ends here.
// - output: out[i] after the kernel, for every i < n (%.17g).
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
//   label -> "lockstep (no barrier)"), and "kernel end" for the step no barrier ends.
// - Every thread must end the same number of steps (barrier records of any kind); otherwise
//   the trace is refused with "barrier inside a branch: thread 0 passed 5 barriers, thread 37
//   passed 4".
// - Operations: one per store, by its thread: reads = the provenance slots in operand order;
//   Combine with applications = reads - 1 when it has two reads or more, Copy otherwise. A read
//   by a thread that fed none of that thread's stores in the same step becomes a Wait
//   operation (a read, no write), so the hazard analysis sees it and no edge is invented.
// - The load prologue: the first steps as long as they hold no read and only stores of values
//   with no provenance (the loads from global memory, identity fills) are not steps: their
//   stores make the initial state. Likewise a last step ended by the kernel's end with no store
//   in it is dropped when a real barrier ends the step before it (its reads only copy the
//   result out, and no write of its own step can race with them).
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
    RecordSlot slot;                    // read, store
    double value = 0;                   // store
    std::vector<RecordSlot> provenance; // store, operand order
    bool overflow = false;              // store: more than 4 operands
    std::string barrier;                // barrier: syncthreads, syncwarp, shfl or label
    std::string label;                  // barrier: the step's label, may be empty
};

struct Records {
    std::vector<RecordRegion> regions;
    std::vector<Record> events;         // reads, stores and barriers in record order
    std::vector<double> output;         // out[i] for the output records, by i
    std::vector<uint8_t> output_seen;   // 1 where an output record named i
    std::string error;                  // the run's error record, if any
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
    std::string source_kind = "cpu";    // "cpu" or "gpu"
    std::string device;                 // the GPU's name for "gpu"
    std::string note;                   // e.g. the file the kernel came from
};

// The Trace of a run, or one error line a person reads (empty when ok).
struct AssembledTrace {
    Trace trace;
    std::string error;
};
AssembledTrace assemble_trace(const Records& records, const RecordsRun& run);

}  // namespace scanviz
