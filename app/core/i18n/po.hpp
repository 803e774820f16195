// A reader of gettext's .po files (the catalog of the words a person reads):
// entries with msgctxt, msgid, msgid_plural and msgstr[N], the header's
// Plural-Forms, and the "fuzzy" flag. Errors name FILE:LINE. Plain C++, so the
// window, the command line and the WebAssembly pages read the same file.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::i18n {

struct PoEntry {
    std::string context;       // msgctxt ("" when none)
    std::string id;            // msgid
    std::string id_plural;     // msgid_plural ("" when none)
    std::vector<std::string> strs;  // msgstr, or msgstr[0..N-1]
    bool fuzzy = false;        // "#, fuzzy": a guess gettext does not use, nor do we
    int line = 0;              // where its msgid is
    bool translated() const;   // not fuzzy, and every msgstr non-empty
};

// A parsed plural rule, "nplurals=2; plural=(n != 1);": C's integer expression
// in n (?:, ||, &&, ==, !=, <, <=, >, >=, +, -, *, /, %, !, parentheses).
class PluralRule {
public:
    // Throws std::runtime_error naming what is wrong.
    static PluralRule parse(std::string_view plural_forms);
    int nplurals() const { return nplurals_; }
    // The msgstr index for n, always within [0, nplurals).
    int index(unsigned long n) const;
    struct Node;

private:
    int nplurals_ = 2;
    std::shared_ptr<const Node> expr_;
};

struct PoFile {
    std::vector<PoEntry> entries;  // the header (msgid "") is not among them
    std::string header;            // the header's msgstr
    std::string language;          // its "Language:" field
    PluralRule plural;             // its "Plural-Forms:" (English's when absent)
};

struct PoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Parses `text` (named `file` in errors). Throws PoError "FILE:LINE: what".
PoFile parse_po(std::string_view text, const std::string& file);

// The key a catalog finds an entry by: context and id joined by '\x04' as gettext does.
std::string po_key(std::string_view context, std::string_view id);

}  // namespace scanviz::i18n
