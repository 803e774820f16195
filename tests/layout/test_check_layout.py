#!/usr/bin/env python3
"""check_layout.py finds what it is meant to find: each rule is broken once in a small tree, and
the checker must name that file and line."""
import os, subprocess, sys, tempfile, unittest

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_layout.py")


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


class CheckLayout(unittest.TestCase):
    def run_on(self, files):
        with tempfile.TemporaryDirectory() as root:
            write(root, "kernels/variants.txt", "# family id\nwarp warp_a\nwarp warp_b\n")
            write(root, "kernels/warp/warp_a/model.cpp",
                  '#include <string>\n#include "core/models/variants.hpp"\n#include "phases.hpp"\n'
                  'VariantInfo v{.id = "warp_a"};\n')
            write(root, "kernels/warp/warp_a/kernel.cu", 'KernelEntry k = entry("warp_a");\n')
            write(root, "lab/README.md", "the lab\n")
            for rel, text in files.items():
                write(root, rel, text)
            r = subprocess.run([sys.executable, CHECK, "--source", root], capture_output=True, text=True)
            return r.returncode, r.stdout

    def test_clean_tree_passes(self):
        rc, out = self.run_on({"app/cli/cmd_x.cpp": "// See lab/README.md for the runs.\nint f();\n"})
        self.assertEqual(rc, 0, out)
        self.assertIn("nothing includes lab/", out)

    def test_include_from_lab_is_refused(self):
        rc, out = self.run_on({"kernels/device/k.cu": '#include "../../lab/lookback/x.cuh"\n'})
        self.assertEqual(rc, 1)
        self.assertIn("kernels/device/k.cu:1: includes '../../lab/lookback/x.cuh' from the lab", out)

    def test_product_cmake_naming_lab_is_refused(self):
        rc, out = self.run_on({"kernels/CMakeLists.txt": "add_library(k ${PROJECT_SOURCE_DIR}/lab/c.cu)\n"})
        self.assertEqual(rc, 1)
        self.assertIn("kernels/CMakeLists.txt:1: a product build file names lab/", out)

    def test_tracker_citation_is_refused(self):
        rc, out = self.run_on({"web/page.js": "let a = 1;  // the fix of issue 12\n"})
        self.assertEqual(rc, 1)
        self.assertIn("web/page.js:1: a comment cites a tracker item ('issue 12')", out)

    def test_missing_file_in_a_comment_is_refused(self):
        rc, out = self.run_on({"app/core/models/m.hpp": "// The formula is in kernels/block/gone.cuh.\n"})
        self.assertEqual(rc, 1)
        self.assertIn("app/core/models/m.hpp:1: a comment names 'kernels/block/gone.cuh', which does not exist",
                      out)

    def test_patterns_and_placeholders_are_not_files(self):
        rc, out = self.run_on({"app/cli/commands.hpp": "// One per file (app/cli/cmd_<name>.cpp, kernels/sass/iso_x.cu).\n"})
        self.assertEqual(rc, 0, out)

    def test_variant_id_compared_outside_its_folder_is_refused(self):
        rc, out = self.run_on({"app/ui/view.cpp": 'bool b = id == "warp_a";\n'})
        self.assertEqual(rc, 1)
        self.assertIn("app/ui/view.cpp:1: names the variant id 'warp_a' outside its folder", out)

    def test_hard_coded_variant_list_is_refused(self):
        rc, out = self.run_on({"app/ui/picker.hpp": 'std::vector<std::string> shown = {"warp_a", "warp_b"};\n'})
        self.assertEqual(rc, 1)
        self.assertIn("app/ui/picker.hpp:1: names the variant id 'warp_a' outside its folder", out)
        self.assertIn("app/ui/picker.hpp:1: names the variant id 'warp_b' outside its folder", out)

    def test_variant_file_named_after_it_but_outside_its_folder_is_refused(self):
        rc, out = self.run_on({"kernels/race/race_warp_a.cu": 'RaceRow r = lab("warp_a");\n'})
        self.assertEqual(rc, 1)
        self.assertIn("kernels/race/race_warp_a.cu:1: names the variant id 'warp_a' outside its folder", out)

    def test_variant_id_in_a_comment_or_its_folder_passes(self):
        rc, out = self.run_on({"app/core/trace/spec.hpp": 'std::string variant;  // "warp_a", say\n/* "warp_b" */\n',
                               "kernels/warp/warp_a/race.cu": 'auto id = "warp_a";\n'})
        self.assertEqual(rc, 0, out)

    def test_model_including_cuda_is_refused(self):
        rc, out = self.run_on({"kernels/warp/warp_a/model.cpp": '#include "../warp_common.cuh"\n'})
        self.assertEqual(rc, 1)
        self.assertIn("kernels/warp/warp_a/model.cpp:1: a model includes '../warp_common.cuh'", out)


if __name__ == "__main__":
    unittest.main()
