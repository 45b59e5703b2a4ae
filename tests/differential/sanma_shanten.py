#!/usr/bin/env python3
"""Three-player (sanma) shanten cross-checked against the `mahjong` package
from PyPI (pinned in requirements.txt).

Deals seeded random 13-tile hands from the 108-tile three-player wall (no
2m-8m; half of them from a narrow window of 1m, 9m, one number suit and the
winds, so pairs, triplets and quads of 1m and 9m come up often), asks
`tenpai shanten --json -` for all of them in one batch under
`tenhou-sanma` and once more under `tenhou`, and compares the three-player
shanten with the library's. The library counts only the blocks a hand
holds, so on a hand without 2m-8m its 1m and 9m make no sequence: its
count is the three-player count.

One difference is accepted, counted apart: where tenpai's three-player
count is its four-player count too, a library that differs differs from
tenpai's four-player count as well, so the difference is not about the
three-player tile set. These are the library's own inexact counts (it takes
a triplet for one of seven pairs, and a fourth copy into a pair or wait
that needs a fifth); tenpai's exact counts are checked against the
`xiangting` crate in `cargo test`, for three players and four. A hand whose
three-player count differs from its four-player count must agree with the
library.

    python tests/differential/sanma_shanten.py --tenpai target/debug/tenpai \
        --hands 100000 --seed 1

Exit status 1 on any difference, with examples.
"""
import argparse
import json
import random
import subprocess
import sys

from mahjong.shanten import Shanten

SUITS = "mpsz"
THREE_PLAYER_KINDS = [k for k in range(34) if not 1 <= k <= 7]
WINDOW = [0, 8] + list(range(9, 18)) + list(range(27, 31))


def notation(counts):
    """`19m123p...` for a 34-count hand."""
    out = []
    for s, letter in enumerate(SUITS):
        lo, hi = (27, 34) if letter == "z" else (9 * s, 9 * s + 9)
        digits = "".join(str(k - lo + 1) * counts[k] for k in range(lo, hi))
        if digits:
            out.append(digits + letter)
    return "".join(out)


def deal(rng, size, narrow):
    counts = [0] * 34
    if narrow:
        placed = 0
        while placed < size:
            k = rng.choice(WINDOW)
            if counts[k] < 4:
                counts[k] += 1
                placed += 1
    else:
        wall = [k for k in THREE_PLAYER_KINDS for _ in range(4)]
        for k in rng.sample(wall, size):
            counts[k] += 1
    return counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tenpai", required=True)
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    hands = [deal(rng, 13, i % 2 == 1) for i in range(args.hands)]
    lines = "\n".join(notation(h) for h in hands) + "\n"

    def shanten_under(preset):
        # A preset first, so a tenpai.toml near the current directory cannot
        # change the rules.
        out = subprocess.run(
            [args.tenpai, "shanten", "--json", "--rules", preset, "-"],
            input=lines, capture_output=True, text=True, check=False,
        )
        answers = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
        if len(answers) != len(hands):
            print(f"tenpai answered {len(answers)} of {len(hands)} hands: {out.stderr[:2000]}")
            sys.exit(1)
        return [a.get("shanten") for a in answers]

    three = shanten_under("tenhou-sanma")
    four = shanten_under("tenhou")
    calc = Shanten()
    differ = []
    four_player_differences = 0
    below_four = 0
    for hand, ours, ours_four in zip(hands, three, four):
        theirs = calc.calculate_shanten(hand)
        below_four += ours > ours_four
        if ours == theirs:
            continue
        if ours == ours_four:
            four_player_differences += 1
            continue
        differ.append((notation(hand), ours, theirs))
    agree = len(hands) - len(differ) - four_player_differences
    print(
        f"sanma shanten: {agree} of {len(hands)} hands agree (seed {args.seed}); "
        f"{four_player_differences} differ as the library's count differs from tenpai's four-player one; "
        f"{below_four} are further from tenpai than with four players (all agree or are listed below)"
    )
    for text, ours, theirs in differ[:20]:
        print(f"  {text}: tenpai {ours}, mahjong {theirs}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
