#include "recording_extras.hpp"

namespace scanviz::cli {

void add_recording_extras(Recording& rec) {
    (void)rec;  // The SASS document is added here once the SASS layer offers it.
}

}  // namespace scanviz::cli
