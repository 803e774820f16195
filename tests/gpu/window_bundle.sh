#!/usr/bin/env bash
# Packs what the window needs on the GPU machine, which has no display, GLFW or Mesa
# (an Xvfb, Mesa's llvmpipe, GLFW, the fonts, Chinese too, and the libraries they load), from this
# machine's Debian packages, into build-window/xb1.tar.xz (libLLVM) and xb2.tar.xz (the rest);
# and the scanviz given as $1 into build-window/scanviz.xz (and kernel_save_bench beside it). The GPU suite's `window` step
# unpacks them there (tests/gpu/run_gpu_suite.sh). Each goes in its own run of the device
# tool (carry one at a time): with the working tree, two of them pass its 64 MiB.
# Usage: bash tests/gpu/window_bundle.sh build-nc/app/scanviz
set -euo pipefail
exe=${1:?usage: window_bundle.sh PATH/TO/scanviz}
out=build-window
rm -rf "$out/xb" && mkdir -p "$out/xb/bin" "$out/xb/lib" "$out/xb/dri" "$out/xb/share" "$out/xb/fonts"
cp /usr/bin/Xvfb /usr/bin/xkbcomp "$out/xb/bin/"
cp /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so "$out/xb/dri/"
cp -r /usr/share/X11/xkb "$out/xb/share/"
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf "$out/xb/fonts/"
# The Chinese window's glyphs (fonts-wqy-microhei), for the suite's run in Chinese.
cp /usr/share/fonts/truetype/wqy/wqy-microhei.ttc "$out/xb/fonts/"
libs() { ldd "$@" 2>/dev/null | awk '/=> \// {print $3}'; }
# glibc's own, and the C++ runtime, which the GPU machine's Ubuntu 24.04 has in a newer version.
skip='/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*|libstdc\+\+|libgcc_s)\.so'
for f in /usr/bin/Xvfb /usr/bin/xkbcomp /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so \
         /usr/lib/x86_64-linux-gnu/libGLX_mesa.so.0 /usr/lib/x86_64-linux-gnu/libglfw.so.3 \
         /usr/lib/x86_64-linux-gnu/libGL.so.1 /usr/lib/x86_64-linux-gnu/libEGL_mesa.so.0 "$exe"; do
  case "$f" in /usr/lib/*/dri/*) ;; /usr/lib/*.so*) cp -L "$f" "$out/xb/lib/" ;; esac
  libs "$f"
done | sort -u | grep -Ev "$skip" | while read -r l; do cp -L "$l" "$out/xb/lib/"; done
rm -f "$out/xb.tar.xz"
(cd "$out" && tar -cf - xb/lib/libLLVM*) | xz -9 -T2 > "$out/xb1.tar.xz"
tar -C "$out" --exclude='xb/lib/libLLVM*' -cf - xb | xz -9 -T2 > "$out/xb2.tar.xz"
xz -T2 -c "$exe" > "$out/scanviz.xz"
# The save-to-picture benchmark (tests/gui/kernel_save_bench.cpp), built beside the program.
bench="$(dirname "$(dirname "$exe")")/tests/gui/kernel_save_bench"
[ -x "$bench" ] && xz -T2 -c "$bench" > "$out/kernel_save_bench.xz"
ls -la "$out/xb1.tar.xz" "$out/xb2.tar.xz" "$out/scanviz.xz" "$out"/kernel_save_bench.xz
