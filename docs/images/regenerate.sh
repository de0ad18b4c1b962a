#!/bin/sh
# Redraws the README's example pictures from the scripts next to them with `stridescope render`
# (no display needed). STRIDESCOPE names the program; default: the build tree's.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
stridescope=${STRIDESCOPE:-$here/../../build/bin/stridescope}
cd "$here"
for script in *.py; do
    "$stridescope" render "$script" --out "${script%.py}.png"
done
"$stridescope" render transpose.py --out transpose_dark.png --theme dark
