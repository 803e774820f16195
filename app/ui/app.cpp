#include "app.hpp"

#include "core/race/placed_hazards.hpp"

#include <algorithm>
#include <cctype>
#include <exception>
#include <fstream>
#include <set>
#include <sstream>

#include "core/common/assets.hpp"
#include "core/learner/engine.hpp"
#include "core/run/badge.hpp"
#include "core/trace/json.hpp"
#include "core/models/variants.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::ui {

std::string shipped_recording_path() {
    const std::string path = asset_path("recordings/default.svzrec");
    return std::ifstream(path).good() ? path : std::string();
}

std::string FieldErrors::first() const {
    for (const std::string* e : {&variant, &size, &values, &heads, &run})
        if (!e->empty()) return *e;
    return {};
}

App::App() : load_file([](const std::string& path) { return load_trace_file(path); }) {}

void App::check_device() {
    if (device.checked) return;
    device.checked = true;
    runner.set_on_gpu_error(OnGpuError::Model);
    try {
        runner.set_gpu(gpu::trace_capture());
    } catch (const std::exception& e) {
        GpuCapture none;
        none.why_not = e.what();
        runner.set_gpu(std::move(none));
    }
    const GpuCapture& g = runner.gpu();
    device.present = g.present();
    device.name = g.device;
    device.sm = g.sm;
    device.why_not = g.why_not;
}

std::optional<std::string> parse_head_positions(const std::string& text, int n, std::vector<uint8_t>& flags) {
    flags.assign(static_cast<size_t>(std::max(n, 0)), 0);
    std::string token;
    auto flush = [&]() -> std::optional<std::string> {
        if (token.empty()) return std::nullopt;
        size_t used = 0;
        int pos = -1;
        try {
            pos = std::stoi(token, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != token.size())
            return i18n::format(i18n::tr("segment head '%s' is not a position (0 .. n-1)"), token.c_str());
        if (pos < 0 || pos >= n)
            return i18n::format(i18n::tr("segment head %s is outside 0 .. %d"), token.c_str(), n - 1);
        flags[static_cast<size_t>(pos)] = 1;
        token.clear();
        return std::nullopt;
    };
    for (char c : text) {
        if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
            if (auto e = flush()) return e;
        } else {
            token += c;
        }
    }
    if (auto e = flush()) return e;
    return std::nullopt;
}

bool App::apply_form() {
    check_device();
    errors = {};
    const VariantInfo* info = find_variant(form.variant);
    if (!info) {
        errors.variant = i18n::format(i18n::tr("unknown variant '%s'"), form.variant.c_str());
        return false;
    }
    RunSpec spec;
    spec.variant = form.variant;
    spec.n = form.n;
    spec.threads = form.threads;
    spec.items_per_thread = form.items_per_thread;
    spec.op = form.op;
    spec.type = form.type;
    spec.exclusive = form.exclusive;
    spec.seed = static_cast<uint64_t>(std::max(form.seed, 0));

    // Size, operator and type first, with generated values and no heads, so that
    // each message lands beside the field it is about.
    {
        RunSpec base = spec;
        base.input = InputKind::Ones;
        if (auto err = validate_and_resolve(base)) {
            errors.size = *err;
            return false;
        }
    }
    spec.input = form.input;
    if (form.input == InputKind::Given) {
        ParsedValues parsed = parse_values(form.values_text, form.type);
        if (!parsed.error.empty()) {
            errors.values = parsed.error;
            return false;
        }
        spec.values = parsed.values;
        RunSpec check = spec;
        if (auto err = validate_and_resolve(check)) {
            errors.values = *err;
            return false;
        }
    }
    if (info->segmented && !form.heads_text.empty()) {
        if (auto err = parse_head_positions(form.heads_text, spec.n, spec.heads)) {
            errors.heads = *err;
            return false;
        }
    }
    if (auto err = validate_and_resolve(spec)) {
        (info->segmented ? errors.heads : errors.size) = *err;
        return false;
    }

    Trace t;
    try {
        runner.set_recording(recording);
        t = runner.run(spec);
    } catch (const std::exception& e) {
        errors.run = e.what();
        return false;
    }
    show_trace(std::move(t));
    return true;
}

Trace App::from_recording(const Trace& recorded) const { return as_recorded(*recording, recorded); }

void App::set_learner_hazards(std::vector<Hazard> pairs) {
    learner_hazards = {std::move(pairs), -1};
    ++hazards_generation;
}

void App::pick_hazard(int i) {
    const auto& pairs = learner_hazards.pairs;
    learner_hazards.picked = i >= 0 && i < static_cast<int>(pairs.size()) ? i : -1;
    ++hazards_generation;
    if (learner_hazards.picked < 0) return;
    set_step(hazard_step(trace, pairs[static_cast<size_t>(i)]));
    selection = {};
}

void App::show_trace(Trace t) {
    if (!learner_hazards.empty()) set_learner_hazards({});
    learner.shown = learner.on_screen = false;
    trace = std::move(t);
    graph = DependencyGraph(trace);
    metrics = compute_metrics(trace);
    has_trace = true;
    ++trace_generation;
    badge.reset();
    if (trace.source.kind == "recording") {
        badge = trace.source;
    } else if (recording) {
        // A model stands in for an input the recording lacks: the badge says so.
        TraceSource b;
        b.kind = "recording";
        b.device = recording->device.name + " (" + recording->device.sm + ")";
        b.date = recording->date.substr(0, 10);
        b.note = trace.source.note.empty() ? i18n::tr("reference model shown") : trace.source.note;
        badge = b;
    }
    step = std::clamp(step, -1, steps() - 1);
    if (selection.valid() && (selection.slot >= trace.layout.slots || selection.step >= steps()))
        selection = {};
}

void App::show_learner_trace(Trace t) {
    show_trace(std::move(t));
    learner.shown = learner.on_screen = true;
    // The run's note names the file ("your kernel: FILE (lockstep)"); the CPU's badge already
    // says "your kernel".
    TraceSource b = trace.source;
    constexpr std::string_view kYours = "your kernel: ";
    if (b.kind == "cpu" && b.note.rfind(kYours, 0) == 0) b.note.erase(0, kYours.size());
    badge = b;
}

void App::set_status(std::function<std::string()> make) {
    status_maker_ = std::move(make);
    status = status_made_ = status_maker_();
}

void App::status_again() {
    if (status_maker_ && status == status_made_) status = status_made_ = status_maker_();
}

bool App::open_recording(const std::string& path) {
    try {
        auto rec = std::make_shared<const Recording>(load_recording(path));
        if (rec->traces.empty()) throw std::runtime_error(i18n::format(i18n::tr("recording '%s' holds no traces"), path.c_str()));
        recording = rec;
        recording_path = path;
        profile = rec->profile;
        profile_origin = rec->profile ? ProfileOrigin::Recording : ProfileOrigin::None;
        errors = {};
        // Keep the current input when the recording has it; else its first trace.
        if (!apply_form() || trace.source.kind != "recording") {
            const Trace& first = rec->traces.front();
            fill_form(first.spec);
            errors = {};
            show_trace(from_recording(first));
        }
        set_status([rec, path] {
            return i18n::format(i18n::trn("opened recording %s (%s, %zu trace)", "opened recording %s (%s, %zu traces)",
                                          rec->traces.size()),
                                path.c_str(), rec->badge().c_str(), rec->traces.size());
        });
        return true;
    } catch (const std::exception& e) {
        errors.run = e.what();
        status = i18n::format(i18n::tr("cannot open: %s"), e.what());
        return false;
    }
}

void App::fill_form(const RunSpec& spec) {
    form.variant = spec.variant;
    form.n = spec.n;
    form.threads = spec.threads;
    form.items_per_thread = spec.items_per_thread;
    form.op = spec.op;
    form.type = spec.type;
    form.exclusive = spec.exclusive;
    form.input = spec.input;
    form.seed = static_cast<int>(spec.seed);
}

std::string App::profile_status() const {
    return scanviz::profile_status(profile ? &*profile : nullptr, profile_origin, profile_path);
}

bool App::open_file(const std::string& path) {
    if (looks_like_recording(path)) return open_recording(path);
    try {
        if (looks_like_profile_table(path)) {  // a table scanviz profile --format json wrote
            std::ifstream f(path, std::ios::binary);
            std::stringstream ss;
            ss << f.rdbuf();
            profile = parse_profile_json(ss.str());
            profile_origin = ProfileOrigin::File;
            profile_path = path;
            set_status([table = *profile, path] {
                return i18n::format(i18n::tr("opened profile %s (%s)"), path.c_str(), measured_line(table).c_str());
            });
            return true;
        }
        Trace t = load_file(path);
        // The sidebar shows the spec of what was opened.
        fill_form(t.spec);
        errors = {};
        show_trace(std::move(t));
        set_status([path] { return i18n::format(i18n::tr("opened %s"), path.c_str()); });
        return true;
    } catch (const std::exception& e) {
        errors.run = e.what();
        status = i18n::format(i18n::tr("cannot open: %s"), e.what());
        return false;
    }
}

void App::set_step(int s) { step = std::clamp(s, -1, steps() - 1); }

void App::toggle_play() {
    if (!playing && step >= steps() - 1) step = -1;  // play again from the start
    playing = !playing;
    play_accum = 0.0;
}

void App::tick(double seconds) {
    if (!playing) return;
    play_accum += seconds * settings.speed;
    while (play_accum >= 1.0) {
        play_accum -= 1.0;
        if (step >= steps() - 1) {
            playing = false;
            break;
        }
        set_step(step + 1);
    }
}

void App::select(int s, int slot) {
    if (slot < 0 || !has_trace || slot >= trace.layout.slots) {
        selection = {};
        return;
    }
    selection.step = std::clamp(s, -1, steps() - 1);
    selection.slot = slot;
}

std::string App::current_phase() const {
    if (!has_trace || step < 0 || step >= steps()) return {};
    return trace.steps[static_cast<size_t>(step)].phase;
}

std::string App::current_label() const {
    if (!has_trace) return {};
    if (step < 0) return i18n::tr("initial state");
    return trace.steps[static_cast<size_t>(step)].label;
}

std::vector<int> App::written_slots() const {
    std::set<int> out;
    if (has_trace && step >= 0 && step < steps())
        for (const Operation& op : trace.steps[static_cast<size_t>(step)].ops)
            for (int w : op.writes) out.insert(w);
    return {out.begin(), out.end()};
}

std::string App::source_line() const {
    if (!has_trace) return i18n::tr("no trace");
    const TraceSource& s = trace.source;
    std::string line;
    if (s.kind == "gpu") {
        line = s.sm.empty() ? i18n::format(i18n::tr("GPU: %s"), s.device.c_str())
                            : i18n::format(i18n::tr("GPU: %s (%s)"), s.device.c_str(), s.sm.c_str());
    } else if (s.kind == "recording") {
        line = s.date.empty() ? i18n::format(i18n::tr("recorded on %s"), s.device.c_str())
                              : i18n::format(i18n::tr("recorded on %s on %s"), s.device.c_str(), s.date.c_str());
    } else if (s.kind == "cpu") {
        TraceSource cpu = s;
        cpu.note.clear();
        line = badge_text(cpu) +
               (badge ? i18n::format(i18n::tr(" (%s)"), note_shown(badge->note).c_str()) : std::string());
        return line;  // the badge's note says which file, without the run's "your kernel: "
    } else {
        const std::string why = runner.why_not_gpu(trace.spec.variant);
        line = why.empty() ? std::string(i18n::tr("reference model"))
                           : i18n::format(i18n::tr("reference model (%s)"), why.c_str());
    }
    if (!s.note.empty()) line += i18n::trc("clauses", "; ") + note_shown(s.note);
    return line;
}

}  // namespace scanviz::ui
