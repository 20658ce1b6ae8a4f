#!/bin/bash
# usage: tools/shots_issue38.sh WORKTREE OUTDIR — issue #38's before/after pictures of
# WORKTREE (a checkout of this repository) into OUTDIR, with the python on PATH or $PY
WT=$1; OUT=$2; mkdir -p "$OUT"; cd "$WT"
export PYTHONPATH=$WT SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
export TABLETOP_DERBY_HOME=$(mktemp -d)
PY=${PY:-python3}
shot() { nice $PY -m game screenshot "$@" 2>&1 | grep -v '^$' | tail -1; }
for combo in "1280x720 en" "1280x720 ja" "1024x600 en"; do
  set -- $combo; S=$1; L=$2
  for sc in menu lobby settings hosting; do shot $sc --size $S --lang $L --out $OUT/$sc-$S-$L.png; done
  shot duck --variant advanced --players 4 --rounds 2 --actions 1 --size $S --lang $L --out $OUT/duck-mid-$S-$L.png
  shot duck --variant advanced --players 4 --rounds 10000 --size $S --lang $L --out $OUT/duck-end-$S-$L.png
  shot verflixxt --variant hats --players 4 --rounds 2 --actions 1 --size $S --lang $L --out $OUT/verflixxt-mid-$S-$L.png
  shot verflixxt --variant hats --players 4 --rounds 10000 --size $S --lang $L --out $OUT/verflixxt-end-$S-$L.png
  shot cluck --players 4 --rounds 2 --actions 1 --size $S --lang $L --out $OUT/cluck-mid-$S-$L.png
  shot cluck --players 4 --rounds 10000 --size $S --lang $L --out $OUT/cluck-end-$S-$L.png
  shot routes --players 5 --rounds 2 --actions 1 --size $S --lang $L --out $OUT/routes-mid-$S-$L.png
  shot routes --players 5 --rounds 10000 --size $S --lang $L --out $OUT/routes-end-$S-$L.png
done
ls $OUT | wc -l
