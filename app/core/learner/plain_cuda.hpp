// A learner's file as both engines compile it. A plain CUDA file (a student's homework as it
// is: `__shared__ int s[32];`, no scanviz.cuh) is traced as if it had been written for
// scanviz: each one-dimensional `__shared__ T name[N];` of int or float (volatile, static or
// several declarators allowed; N any constant expression) becomes `SCANVIZ_SHARED(T, name, N);`
// on the same line, and `#include "scanviz.cuh"` is supplied before line 1 with a `#line 1`,
// so every line keeps its number. A file that includes scanviz.cuh is compiled as written.
// What cannot be traced (extern shared, an array of two dimensions, a type other than int or
// float, a shared scalar) is listed with its line, so that a run with no traced array can say
// why and how to trace one.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace scanviz {

struct UntracedShared {
    int line = 0;
    std::string type, name;  // as written ("" where they could not be read)
    enum class Why { Extern, TwoDimensions, Type, Scalar, Form } why = Why::Form;
};

struct PreparedSource {
    std::string text;                    // what the engines compile
    bool includes_scanviz = false;       // the file includes scanviz.cuh itself (compiled as written)
    int traced = 0;                      // plain __shared__ declarations made SCANVIZ_SHARED
    std::vector<std::pair<int, std::string>> traced_arrays;  // (line, name) of each array made so
    std::vector<UntracedShared> untraced;  // plain __shared__ declarations left as they are
};

PreparedSource prepare_source(std::string_view source);

// A compile error in a plain file whose array scanviz traces, where the error is about the traced
// array (the learner takes a pointer to it, which cannot be traced): the error, then which array
// scanviz traces and what to do. Any other error as it is.
std::string with_traced_array_hint(const PreparedSource& prepared, const std::string& error);

// One line for a run that traced no array: why (the first untraced declaration, if any) and
// how to trace one, "SCANVIZ_SHARED(int, s, 32)" (with that declaration's type and name, and
// `block` elements, where it has them).
std::string no_array_traced_line(std::string_view source, int block);

}  // namespace scanviz
