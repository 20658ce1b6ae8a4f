#!/bin/bash
# usage: tools/shots_spa38.sh WORKTREE OUTDIR — issue #38's pictures of the Spa's split
# tray (docs/screenshots/issue-38/spa) of WORKTREE into OUTDIR, with the python on PATH
# or $PY; reduced to 256 colours with ImageMagick
TREE=$1; OUT=$2; mkdir -p "$OUT"; cd "$TREE"
export PYTHONPATH=$TREE SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
export TABLETOP_DERBY_HOME=$(mktemp -d)
PY=${PY:-python3}
shot() { nice -n 19 $PY -m game screenshot duck "$@" | tail -1; }
for combo in "1280x720 en" "1280x720 ja" "1024x600 en" "1024x600 ja"; do set -- $combo
  shot --board spa --variant advanced --players 4 --rounds 2 --size $1 --lang $2 --out $OUT/spa-advanced4-$1-$2.png
done
shot --board spa --variant beginner --players 3 --rounds 2 --size 1280x720 --lang en --out $OUT/spa-beginner3-1280x720-en.png
shot --board spa --variant advanced --players 2 --rounds 2 --size 1280x720 --lang en --out $OUT/spa-advanced2-1280x720-en.png
shot --board spa --variant beginner --players 3 --rounds 2 --size 1024x600 --lang ja --text-size larger --out $OUT/spa-beginner3-larger-1024x600-ja.png
shot --board grand-canal --variant advanced --players 2 --rounds 2 --size 1280x720 --lang ja --text-size larger --out $OUT/grand-canal-advanced2-larger-1280x720-ja.png
# SPA4: where no split fitted with the hint (the header band says it) or the aside was too wide
for combo in "1280x720 en larger 4" "1280x720 ja larger 4" "1024x600 en normal 2" "1024x600 ja large 2" "1024x600 ja larger 4"; do set -- $combo
  shot --board spa --variant advanced --players $4 --rounds 2 --size $1 --lang $2 --text-size $3 --out $OUT/spa-advanced$4-$3-$1-$2.png
done
for f in "$OUT"/*.png; do convert "$f" -colors 256 "PNG8:$f"; done
