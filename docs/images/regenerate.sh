#!/bin/sh
# Redraws the README's example pictures from the scripts next to them with `stridescope render`
# and `stridescope handout` (no display needed). STRIDESCOPE names the program; default: the
# build tree's. The four pictures of the README's table are clean figures (what a reader needs);
# the others keep the full picture of the window (addresses, legend, lanes, footer).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
stridescope=${STRIDESCOPE:-$here/../../build/bin/stridescope}
cd "$here"
for script in transpose as_strided expand channels_last; do
    "$stridescope" render "$script.py" --clean --out "$script.png"
done
for script in arange inplace layout_only narrow; do
    "$stridescope" render "$script.py" --out "$script.png"
done
"$stridescope" render transpose.py --out transpose_dark.png --theme dark
# The output-layout rule (README, Semantics): a computed result and why it got its strides.
"$stridescope" render elementwise_layout.py --clean --out elementwise_layout.png \
    --title "y = x.t() + 1: a new storage, strides (1, 3) like its input"
"$stridescope" render mixed_operands.py --clean --out mixed_operands.png \
    --title "c = a + b: the broadcast a has no say, c takes b's order, strides (1, 4)"
# The figures section: a base and its view in one figure, TikZ, an animated traversal, a handout.
"$stridescope" render pair.py --clean --var x --var y --out pair.svg
"$stridescope" render pair.py --clean --var y --out pair.tex
"$stridescope" render pair.py --clean --var y --out walk.gif --fps 3
"$stridescope" render pair.py --clean --each --out 'each/{line}-{name}.svg'
"$stridescope" handout 02_transpose_non_contiguous --out handout.pdf
# A preview of the handout's second page, where pdftoppm (poppler-utils) is installed.
if command -v pdftoppm >/dev/null 2>&1; then
    pdftoppm -png -r 60 -f 2 -l 2 -singlefile handout.pdf handout_page2
fi
