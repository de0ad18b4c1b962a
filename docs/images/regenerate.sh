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
