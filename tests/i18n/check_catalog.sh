#!/usr/bin/env bash
# The catalog covers the program: every string the sources pass to tr / trc / trn / N_
# (xgettext's extraction into BUILD/scanviz.pot) has a translation in assets/i18n/zh_CN.po
# that is not fuzzy (msgcmp), and every translation keeps its original's printf conversions
# (msgfmt --check). Also writes BUILD/scanviz.pot, the template a translator starts from.
# Usage: check_catalog.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 out=$2
for t in xgettext msgcmp msgfmt; do
  command -v $t > /dev/null || { echo "check_catalog: $t is missing (Debian package gettext; bash .ci/setup --tests installs it)"; exit 1; }
done
cd "$src"
mapfile -t files < <(find app kernels -name '*.cpp' -o -name '*.hpp' -o -name '*.cu' -o -name '*.cuh' | LC_ALL=C sort)
xgettext --from-code=UTF-8 --language=C++ --keyword=tr --keyword=trc:1c,2 --keyword=trn:1,2 --keyword=N_ \
  --package-name=scanviz --no-wrap --sort-by-file -o "$out/scanviz.pot" "${files[@]}"
echo "check_catalog: $(grep -c '^msgid ' "$out/scanviz.pot") strings in the sources (less the header)"
msgfmt --check --statistics -o /dev/null assets/i18n/zh_CN.po
msgcmp assets/i18n/zh_CN.po "$out/scanviz.pot"
echo "check_catalog: every string of the sources has its Chinese"
