#include "core/sass/table.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "core/models/variants.hpp"

namespace scanviz::sass {
namespace {

int variant_order(std::string_view variant) {
    const auto all = all_variants();
    for (size_t i = 0; i < all.size(); ++i)
        if (all[i].id == variant) return static_cast<int>(i);
    return static_cast<int>(all.size());
}

std::string base_variant(std::string_view variant) {
    const size_t p = variant.find("__");
    return std::string(variant.substr(0, p));
}

std::string pad(std::string_view s, size_t w, bool right = false) {
    std::string out(s);
    if (out.size() >= w) return out;
    return right ? std::string(w - out.size(), ' ') + out : out + std::string(w - out.size(), ' ');
}

}  // namespace

std::string region_file_of(std::string_view variant) {
    const std::string base = base_variant(variant);
    if (const VariantInfo* v = find_variant(base)) {
        const std::string_view sf = v->source_file;
        if (sf.size() > 4 && sf.substr(sf.size() - 4) == ".cuh") return std::string(sf);
    }
    const std::string level = base.substr(0, base.find('_'));
    return "kernels/" + level + "/" + base + ".cuh";
}

std::vector<Row> count_table(const Locations& where, std::span<const std::string> archs,
                             std::span<const std::string> variants) {
    std::vector<Row> rows;
    auto wanted = [&](std::string_view variant) {
        if (variants.empty()) return true;
        const std::string b = base_variant(variant);
        return std::find(variants.begin(), variants.end(), b) != variants.end();
    };
    for (const auto& arch : archs) {
        auto names = listing_names(where, arch);
        std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
            return variant_order(a.substr(4)) < variant_order(b.substr(4));
        });
        for (const auto& name : names) {
            const std::string variant = name.substr(4);  // "iso_"
            if (!wanted(variant)) continue;
            const Loaded loaded = load(where, arch, name);
            if (!loaded.listing) {
                Row row;
                row.arch = arch;
                row.variant = variant;
                row.kernel = name;
                row.region_file = region_file_of(variant);
                row.provenance = loaded.provenance;
                row.message = loaded.message;
                rows.push_back(std::move(row));
                continue;
            }
            // iso_<variant> first, then its extra instantiations iso_<variant>__<tag>.
            std::vector<const Function*> kernels;
            for (const auto& f : loaded.listing->functions)
                if (f.name == name || f.name.starts_with(name + "__")) kernels.push_back(&f);
            std::sort(kernels.begin(), kernels.end(), [&](const Function* a, const Function* b) {
                return (a->name != name) != (b->name != name) ? a->name == name : a->name < b->name;
            });
            const Function* baseline = loaded.listing->find("base_" + variant);
            for (const Function* k : kernels) {
                Row row;
                row.arch = arch;
                row.variant = k->name.substr(4);
                row.kernel = k->name;
                row.region_file = region_file_of(variant);
                row.provenance = loaded.provenance;
                row.message = loaded.message;
                const Region r = scan_region(*k, baseline, row.region_file);
                row.method = r.method;
                row.region = r.counts;
                row.whole = count(*k);
                if (baseline) row.minus_base = minus_baseline(*k, *baseline);
                rows.push_back(std::move(row));
            }
        }
    }
    return rows;
}

std::string format_text(std::span<const Row> rows) {
    std::ostringstream o;
    o << "SASS instruction counts of the isolation kernels (iso_<variant>; int32 add, inclusive, "
         "NoProbe)\n"
         "region: instructions from the routine's own source file, their inline chain included (method "
         "'lines'),\n"
         "        or the kernel minus its load/store baseline (method 'minus-base'); kernel: the whole "
         "isolation "
         "kernel.\n"
         "Totals leave out NOPs (their own column). -base: the kernel's total minus its baseline's, a "
         "cross-check\n"
         "(shared set-up such as the shared-memory base address can land on either side of the line "
         "split).\n";
    std::string arch, source;
    size_t vw = 8;
    for (const auto& r : rows) vw = std::max(vw, r.variant.size());
    for (const auto& r : rows) {
        if (r.arch != arch || (r.method && r.message != source)) {
            arch = r.arch;
            source = r.method ? r.message : std::string();
            o << "\n" << arch << (r.method ? ": " + r.message : std::string()) << "\n";
            o << pad("variant", vw) << "  region  method     |";
            for (OpClass c : kAllClasses)
                o << " " << pad(class_name(c), std::max<size_t>(5, class_name(c).size()), true);
            o << " | kernel  -base\n";
        }
        if (!r.method) {
            o << pad(r.variant, vw) << "  " << provenance_name(r.provenance) << ": " << r.message << "\n";
            continue;
        }
        o << pad(r.variant, vw) << "  " << pad(std::to_string(r.region.total()), 6, true) << "  "
          << pad(method_name(*r.method), 10) << " |";
        for (OpClass c : kAllClasses)
            o << " " << pad(std::to_string(r.region[c]), std::max<size_t>(5, class_name(c).size()), true);
        o << " | " << pad(std::to_string(r.whole.total()), 6, true) << " "
          << pad(r.minus_base ? std::to_string(r.minus_base->total()) : "-", 6, true) << "\n";
    }
    return o.str();
}

std::string format_csv(std::span<const Row> rows) {
    std::ostringstream o;
    o << "arch,variant,kernel,provenance,method,region_total";
    for (OpClass c : kAllClasses) o << ",region_" << class_name(c);
    o << ",kernel_total";
    for (OpClass c : kAllClasses) o << ",kernel_" << class_name(c);
    o << ",minus_base_total\n";
    for (const auto& r : rows) {
        o << r.arch << "," << r.variant << "," << r.kernel << "," << provenance_name(r.provenance) << ","
          << (r.method ? method_name(*r.method) : "");
        if (r.method) {
            o << "," << r.region.total();
            for (OpClass c : kAllClasses) o << "," << r.region[c];
            o << "," << r.whole.total();
            for (OpClass c : kAllClasses) o << "," << r.whole[c];
            o << "," << (r.minus_base ? std::to_string(r.minus_base->total()) : "");
        } else {
            for (int i = 0; i < 2 * (kClassCount + 1) + 1; ++i) o << ",";
        }
        o << "\n";
    }
    return o.str();
}

std::string format_json(std::span<const Row> rows) {
    nlohmann::json out = nlohmann::json::array();
    auto counts = [](const Counts& c) {
        nlohmann::json j;
        j["total"] = c.total();
        for (OpClass k : kAllClasses) j[std::string(class_name(k))] = c[k];
        return j;
    };
    for (const auto& r : rows) {
        nlohmann::json j;
        j["arch"] = r.arch;
        j["variant"] = r.variant;
        j["kernel"] = r.kernel;
        j["region_file"] = r.region_file;
        j["provenance"] = std::string(provenance_name(r.provenance));
        j["message"] = r.message;
        if (r.method) {
            j["method"] = std::string(method_name(*r.method));
            j["region"] = counts(r.region);
            j["kernel_counts"] = counts(r.whole);
            if (r.minus_base) j["minus_base"] = counts(*r.minus_base);
        }
        out.push_back(std::move(j));
    }
    return out.dump(2) + "\n";
}

std::vector<Row> parse_json(std::string_view text) {
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_array()) throw std::runtime_error("SASS count table: not a JSON array");
    auto counts = [](const nlohmann::json& j) {
        Counts c;
        for (OpClass k : kAllClasses)
            if (const auto it = j.find(std::string(class_name(k))); it != j.end() && it->is_number_integer())
                c.add(k, it->get<int>());
        return c;
    };
    std::vector<Row> rows;
    try {
        for (const auto& j : doc) {
            Row r;
            r.arch = j.at("arch").get<std::string>();
            r.variant = j.at("variant").get<std::string>();
            r.kernel = j.at("kernel").get<std::string>();
            r.region_file = j.at("region_file").get<std::string>();
            const std::string provenance = j.at("provenance").get<std::string>();
            for (Provenance p : {Provenance::Build, Provenance::Snapshot, Provenance::SnapshotUnchecked,
                                 Provenance::Stale, Provenance::Missing})
                if (provenance_name(p) == provenance) r.provenance = p;
            r.message = j.at("message").get<std::string>();
            if (j.contains("method")) {
                const std::string method = j.at("method").get<std::string>();
                for (RegionMethod m : {RegionMethod::SourceLines, RegionMethod::KernelMinusBaseline})
                    if (method_name(m) == method) r.method = m;
                if (!r.method) throw std::runtime_error("unknown method '" + method + "'");
                r.region = counts(j.at("region"));
                r.whole = counts(j.at("kernel_counts"));
                if (j.contains("minus_base")) r.minus_base = counts(j.at("minus_base"));
            }
            rows.push_back(std::move(r));
        }
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(std::string("SASS count table: ") + e.what());
    }
    return rows;
}

std::string default_arch(std::span<const std::string> archs) {
    auto number = [](const std::string& a) {
        try {
            return std::stoi(a.substr(a.find('_') + 1));
        } catch (const std::exception&) {
            return 0;
        }
    };
    std::string newest;
    for (const auto& a : archs) {
        if (a == kDefaultArch) return a;
        if (newest.empty() || number(a) > number(newest)) newest = a;
    }
    return newest;
}

}  // namespace scanviz::sass
