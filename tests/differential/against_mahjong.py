#!/usr/bin/env python3
"""Scoring cross-checked against an independent implementation: the `mahjong`
package from PyPI (pinned in requirements.txt), set to Tenhou's rules.

Deals random winning hands (seeded, so a run is reproducible), biased toward
the shapes where scoring goes wrong: several readings of one hand, shanpon
rons that decide sanankou, double-wind pairs, closed kans, kokushi, chiitoitsu,
every limit. Each hand is scored by `tenpai score - --json` in one batch and
by the library; han, fu, the total the winner receives and the yaku must
agree.

One difference is accepted, counted apart: a hand that reads both as a
yakuman (suuankou) and as 13+ han of ordinary yaku pays one yakuman either
way; tenpai shows the yakuman (as Tenhou does), the library the reading with
more han.

    python tests/differential/against_mahjong.py --tenpai target/debug/tenpai \
        --hands 2000 --seed 1 [--out DIR] [--rules VARIANT]

`--rules` scores both sides under one rule variant (see VARIANTS): tenhou,
kiriage, no-open-tanyao, double-yakuman, kazoe-sanbaiman, no-red-fives, or
`all`, which deals the hands once and runs every variant on them in turn,
reporting each (files under DIR/VARIANT/). tenpai gets the variant as
`--rules "tenhou SWITCH"` for the whole batch (the preset first, so a
tenpai.toml near the current directory cannot change the rules); without
`--rules` tenpai is run exactly as before, with no rule words.

Under kazoe-sanbaiman one more difference is counted apart (not a failure):
the library keeps the reading with the most han, so a hand that reads both
as suuankou and as 13+ han of ordinary yaku is paid a sanbaiman by the
library and a yakuman by tenpai. The yakuman pays more and is the right
score; it is accepted only when tenpai's total is what the library's own
price table gives for tenpai's yakuman.

The library has no option for the fu of a double-wind pair (it always gives
4, as Tenhou), so `double-wind-fu` is not a variant here.

Exit status 1 on any other difference, with examples.
"""
import json
import os
import random
import subprocess
import sys
from collections import Counter, defaultdict

from mahjong.constants import EAST, SOUTH, WEST, NORTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules, HandConstants
from mahjong.meld import Meld

SUITS = "mpsz"
WINDS = [EAST, SOUTH, WEST, NORTH]
WIND_LETTER = {EAST: "e", SOUTH: "s", WEST: "w", NORTH: "n"}
DRAGONS = [31, 32, 33]
TERMINALS = [0, 8, 9, 17, 18, 26]
HONORS = list(range(27, 34))
GREEN = [19, 20, 21, 23, 25, 32]


def suit(k):
    return k // 9 if k < 27 else 3


def num(k):
    return k % 9 + 1 if k < 27 else k - 26


def is_simple(k):
    return k < 27 and 1 <= k % 9 <= 7


# ---------------------------------------------------------------- generation

class Group:
    """kind: 'seq' (start tile), 'trip', 'pair'; call: None, 'chi', 'pon', 'minkan', 'ankan'"""

    def __init__(self, kind, tile, call=None):
        self.kind, self.tile, self.call = kind, tile, call

    def tiles(self):
        if self.kind == "seq":
            return [self.tile, self.tile + 1, self.tile + 2]
        if self.kind == "pair":
            return [self.tile] * 2
        n = 4 if self.call in ("minkan", "ankan") else 3
        return [self.tile] * n


def rand_seq(rng, suits=(0, 1, 2), starts=range(0, 7)):
    s = rng.choice(suits)
    return s * 9 + rng.choice(list(starts))


def gen_standard(rng):
    theme = rng.choices(
        ["random", "tanyao", "pinfu", "honitsu", "chinitsu", "chanta", "junchan", "toitoi",
         "honroutou", "ittsu", "sanshoku", "doukou", "multi", "peikou", "dragons", "winds",
         "green", "chuuren", "suuankou", "yakuhai", "tsuuiisou", "kans"],
        [14, 6, 8, 7, 8, 4, 4, 5, 3, 4, 4, 3, 8, 4, 3, 2, 1, 1, 4, 6, 1, 3])[0]
    groups = []
    pair = None
    S = rng.randrange(3)
    if theme == "random":
        for _ in range(4):
            if rng.random() < 0.6:
                groups.append(Group("seq", rand_seq(rng)))
            else:
                groups.append(Group("trip", rng.randrange(34)))
        pair = rng.randrange(34)
    elif theme == "tanyao":
        for _ in range(4):
            if rng.random() < 0.65:
                groups.append(Group("seq", rand_seq(rng, starts=range(1, 6))))
            else:
                groups.append(Group("trip", rng.randrange(3) * 9 + rng.randrange(1, 8)))
        pair = rng.randrange(3) * 9 + rng.randrange(1, 8)
    elif theme == "pinfu":
        for _ in range(4):
            groups.append(Group("seq", rand_seq(rng)))
        pair = rng.randrange(27) if rng.random() < 0.85 else rng.randrange(27, 34)
    elif theme in ("honitsu", "chinitsu"):
        for _ in range(4):
            r = rng.random()
            if theme == "honitsu" and r < 0.25:
                groups.append(Group("trip", rng.choice(HONORS)))
            elif r < 0.65:
                groups.append(Group("seq", S * 9 + rng.randrange(7)))
            else:
                groups.append(Group("trip", S * 9 + rng.randrange(9)))
        if theme == "honitsu" and rng.random() < 0.4:
            pair = rng.choice(HONORS)
        else:
            pair = S * 9 + rng.randrange(9)
    elif theme in ("chanta", "junchan"):
        for _ in range(4):
            r = rng.random()
            if r < 0.55:
                groups.append(Group("seq", rng.randrange(3) * 9 + rng.choice([0, 6])))
            elif theme == "chanta" and r < 0.8:
                groups.append(Group("trip", rng.choice(HONORS)))
            else:
                groups.append(Group("trip", rng.choice(TERMINALS)))
        pair = rng.choice(TERMINALS + (HONORS if theme == "chanta" else []))
    elif theme == "toitoi":
        for _ in range(4):
            groups.append(Group("trip", rng.randrange(34)))
        pair = rng.randrange(34)
    elif theme == "honroutou":
        for _ in range(4):
            groups.append(Group("trip", rng.choice(TERMINALS + HONORS)))
        pair = rng.choice(TERMINALS + HONORS)
    elif theme == "tsuuiisou":
        for _ in range(4):
            groups.append(Group("trip", rng.choice(HONORS)))
        pair = rng.choice(HONORS)
    elif theme == "ittsu":
        groups = [Group("seq", S * 9), Group("seq", S * 9 + 3), Group("seq", S * 9 + 6)]
        groups.append(Group("seq", rand_seq(rng)) if rng.random() < 0.6 else Group("trip", rng.randrange(34)))
        pair = rng.randrange(34)
    elif theme == "sanshoku":
        st = rng.randrange(7)
        groups = [Group("seq", st), Group("seq", 9 + st), Group("seq", 18 + st)]
        groups.append(Group("seq", rand_seq(rng)) if rng.random() < 0.6 else Group("trip", rng.randrange(34)))
        pair = rng.randrange(34)
    elif theme == "doukou":
        n = rng.randrange(9)
        groups = [Group("trip", n), Group("trip", 9 + n), Group("trip", 18 + n)]
        groups.append(Group("seq", rand_seq(rng)) if rng.random() < 0.5 else Group("trip", rng.randrange(34)))
        pair = rng.randrange(34)
    elif theme == "multi":
        # shapes with several decompositions: 111222333, 222333444+4, 123123123, 1112345...
        pat = rng.randrange(4)
        st = S * 9 + rng.randrange(7)
        if pat == 0:
            groups = [Group("trip", st), Group("trip", st + 1), Group("trip", st + 2)]
        elif pat == 1:
            groups = [Group("seq", st)] * 3
            groups = [Group("seq", st) for _ in range(3)]
        elif pat == 2:
            groups = [Group("trip", st), Group("trip", st + 1), Group("trip", st + 2)]
            pair = st + 2 if False else None
        else:
            groups = [Group("trip", st), Group("seq", st), Group("seq", st + 1 if st % 9 < 6 else st)]
        r = rng.random()
        if r < 0.5:
            groups.append(Group("seq", S * 9 + rng.randrange(7)))
        else:
            groups.append(Group("trip", rng.randrange(34)))
        pair = rng.choice([st, st + 1, st + 2, st + 3 if (st % 9) < 6 else st, rng.randrange(34)])
    elif theme == "peikou":
        st = rand_seq(rng)
        groups = [Group("seq", st), Group("seq", st)]
        if rng.random() < 0.5:
            st2 = rand_seq(rng)
            groups += [Group("seq", st2), Group("seq", st2)]
        else:
            groups += [Group("seq", rand_seq(rng)), Group("trip", rng.randrange(34))]
        pair = rng.randrange(34)
    elif theme == "dragons":
        d = DRAGONS[:]
        rng.shuffle(d)
        if rng.random() < 0.6:
            groups = [Group("trip", d[0]), Group("trip", d[1])]
            pair = d[2]
            groups += [Group("seq", rand_seq(rng)) if rng.random() < 0.5 else Group("trip", rng.randrange(34)) for _ in range(2)]
        else:
            groups = [Group("trip", x) for x in d]
            groups.append(Group("seq", rand_seq(rng)) if rng.random() < 0.5 else Group("trip", rng.randrange(34)))
            pair = rng.randrange(34)
    elif theme == "winds":
        w = WINDS[:]
        rng.shuffle(w)
        if rng.random() < 0.6:
            groups = [Group("trip", w[0]), Group("trip", w[1]), Group("trip", w[2])]
            pair = w[3]
        else:
            groups = [Group("trip", x) for x in w]
            pair = rng.randrange(34)
            groups = groups[:4]
        if len(groups) < 4:
            groups.append(Group("seq", rand_seq(rng)) if rng.random() < 0.5 else Group("trip", rng.randrange(34)))
    elif theme == "green":
        for _ in range(4):
            if rng.random() < 0.4:
                groups.append(Group("seq", 19))
            else:
                groups.append(Group("trip", rng.choice(GREEN)))
        pair = rng.choice(GREEN)
    elif theme == "chuuren":
        base = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
        extra = rng.randrange(9)
        tiles = sorted([S * 9 + x for x in base + [extra]])
        return {"closed": tiles, "melds": [], "form": "chuuren"}
    elif theme == "suuankou":
        for _ in range(4):
            groups.append(Group("trip", rng.randrange(34)))
        pair = rng.randrange(34)
        if rng.random() < 0.3:
            groups[3] = Group("seq", rand_seq(rng))  # sanankou candidate
        return finish_standard(rng, groups, pair, theme, open_prob=0.0)
    elif theme == "yakuhai":
        groups.append(Group("trip", rng.choice(HONORS)))
        for _ in range(3):
            groups.append(Group("seq", rand_seq(rng)) if rng.random() < 0.6 else Group("trip", rng.randrange(34)))
        pair = rng.choice(WINDS + DRAGONS + [rng.randrange(27)])
    elif theme == "kans":
        for _ in range(4):
            groups.append(Group("trip", rng.randrange(34)) if rng.random() < 0.6 else Group("seq", rand_seq(rng)))
        pair = rng.randrange(34)
        return finish_standard(rng, groups, pair, theme, open_prob=0.3, kan_prob=0.6)
    return finish_standard(rng, groups, pair, theme)


def finish_standard(rng, groups, pair, theme, open_prob=None, kan_prob=0.15):
    if open_prob is None:
        open_prob = 0.0 if rng.random() < 0.5 else rng.choice([0.2, 0.35, 0.5])
    for g in groups:
        if g.kind == "seq":
            if rng.random() < open_prob:
                g.call = "chi"
        else:
            r = rng.random()
            if r < kan_prob:
                g.call = "ankan" if rng.random() < 0.5 else ("minkan" if open_prob > 0 or rng.random() < 0.3 else "ankan")
            elif rng.random() < open_prob:
                g.call = "pon"
    closed = []
    melds = []
    for g in groups:
        if g.call:
            melds.append((g.call, g.tiles()))
        else:
            closed += g.tiles()
    closed += [pair] * 2
    return {"closed": sorted(closed), "melds": melds, "form": theme}


_AGARI = None


def gen_sampled(rng):
    """Random dense one-suit (+ honors) hands, kept only if complete: many decompositions."""
    global _AGARI
    if _AGARI is None:
        from mahjong.agari import Agari
        _AGARI = Agari()
    S = rng.randrange(3)
    pool = [S * 9 + i for i in range(9)] * 4
    if rng.random() < 0.3:
        pool += [rng.choice(HONORS)] * 3
    melds = []
    need = 14
    if rng.random() < 0.35:  # one or two calls first
        for _ in range(rng.choice([1, 1, 2])):
            if rng.random() < 0.5:
                st = S * 9 + rng.randrange(7)
                melds.append(("chi", [st, st + 1, st + 2]))
            else:
                k = S * 9 + rng.randrange(9)
                call = rng.choice(["pon", "pon", "minkan", "ankan"])
                melds.append((call, [k] * (4 if "kan" in call else 3)))
            need -= 3
    for _ in range(200):
        closed = sorted(rng.sample(pool, need))
        c = Counter(closed)
        for _, t in melds:
            c.update(t)
        if any(v > 4 for v in c.values()):
            continue
        t34 = [0] * 34
        for k in closed:
            t34[k] += 1
        for _, t in melds:
            for k in t[:3]:
                t34[k] += 1
        if _AGARI.is_agari(t34, [t[:3] for _, t in melds]):
            return {"closed": closed, "melds": melds, "form": "sampled"}
    return None


def gen_chiitoi(rng):
    theme = rng.choice(["random", "tanyao", "honitsu", "chinitsu", "honroutou", "tsuuiisou", "peikou"])
    S = rng.randrange(3)
    if theme == "random":
        pool = list(range(34))
    elif theme == "tanyao":
        pool = [k for k in range(27) if is_simple(k)]
    elif theme == "honitsu":
        pool = list(range(S * 9, S * 9 + 9)) + HONORS
    elif theme == "chinitsu":
        pool = list(range(S * 9, S * 9 + 9))
    elif theme == "honroutou":
        pool = TERMINALS + HONORS
    elif theme == "tsuuiisou":
        pool = HONORS
    else:  # ryanpeikou-looking: 223344 556677 + pair
        st = rand_seq(rng)
        st2 = rand_seq(rng)
        kinds = {st, st + 1, st + 2, st2, st2 + 1, st2 + 2}
        if len(kinds) < 6:
            return None
        rest = [k for k in range(34) if k not in kinds]
        kinds.add(rng.choice(rest))
        return {"closed": sorted([k for k in kinds for _ in range(2)]), "melds": [], "form": "chiitoi-peikou"}
    if len(pool) < 7:
        return None
    kinds = rng.sample(pool, 7)
    return {"closed": sorted([k for k in kinds for _ in range(2)]), "melds": [], "form": "chiitoi-" + theme}


def gen_kokushi(rng):
    orph = TERMINALS + HONORS
    tiles = orph + [rng.choice(orph)]
    return {"closed": sorted(tiles), "melds": [], "form": "kokushi"}


def counts_ok(hand):
    c = Counter(hand["closed"])
    for _, t in hand["melds"]:
        c.update(t)
    return all(v <= 4 for v in c.values()), c


def gen_hand(rng):
    while True:
        r = rng.random()
        if r < 0.12:
            h = gen_sampled(rng)
        elif r < 0.86:
            h = gen_standard(rng)
        elif r < 0.97:
            h = gen_chiitoi(rng)
        else:
            h = gen_kokushi(rng)
        if h is None:
            continue
        ok, c = counts_ok(h)
        if ok:
            h["counts"] = c
            return h


def make_situation(rng, hand):
    c = hand["counts"]
    is_open = any(call in ("chi", "pon", "minkan") for call, _ in hand["melds"])
    has_kan = any(call in ("minkan", "ankan") for call, _ in hand["melds"])
    sit = {}
    # winning tile: biased choice among closed tiles
    closed = hand["closed"]
    cc = Counter(closed)
    r = rng.random()
    trips = [k for k, v in cc.items() if v >= 3]
    pairs = [k for k, v in cc.items() if v == 2]
    if r < 0.25 and trips:
        win = rng.choice(trips)
    elif r < 0.45 and pairs:
        win = rng.choice(pairs)
    else:
        win = rng.choice(closed)
    sit["win"] = win
    sit["tsumo"] = rng.random() < 0.5
    sit["riichi"] = (not is_open) and rng.random() < 0.4
    sit["double"] = sit["riichi"] and rng.random() < 0.08
    sit["seat"] = rng.choice(WINDS)
    sit["round"] = rng.choices(WINDS, [4, 4, 1, 1])[0]
    if rng.random() < 0.15:  # force wind interplay with the pair / triplets
        winds_in = [k for k in c if k in WINDS]
        if winds_in:
            w = rng.choice(winds_in)
            sit["seat"] = w
            if rng.random() < 0.5:
                sit["round"] = w
    sit["rinshan"] = sit["tsumo"] and has_kan and rng.random() < 0.25
    sit["ippatsu"] = sit["riichi"] and not sit["rinshan"] and rng.random() < 0.25
    sit["haitei"] = sit["tsumo"] and not sit["rinshan"] and rng.random() < 0.05
    sit["houtei"] = (not sit["tsumo"]) and rng.random() < 0.05
    sit["chankan"] = ((not sit["tsumo"]) and not sit["houtei"] and c[win] == 1
                      and rng.random() < 0.08)
    sit["tenhou"] = sit["chiihou"] = False
    if (not hand["melds"]) and sit["tsumo"] and not sit["riichi"] and not sit["haitei"] and rng.random() < 0.01:
        if sit["seat"] == EAST:
            sit["tenhou"] = True
        else:
            sit["chiihou"] = True
    # indicators, keeping at most 4 copies of any tile in sight
    seen = Counter(c)

    def pick_ind(n):
        out = []
        for _ in range(n):
            for _ in range(20):
                k = rng.randrange(34)
                if rng.random() < 0.5:  # bias: indicator pointing at a hand tile
                    t = rng.choice(list(c))
                    k = prev_tile(t)
                if seen[k] < 4:
                    seen[k] += 1
                    out.append(k)
                    break
        return out

    sit["dora"] = pick_ind(rng.choices([0, 1, 2], [3, 5, 2])[0])
    sit["ura"] = pick_ind(rng.choice([1, 1, 2])) if sit["riichi"] else []
    sit["honba"] = rng.choice([0, 0, 0, 1, 2, 5]) if rng.random() < 0.5 else 0
    return sit


def prev_tile(k):
    if k < 27:
        return k - 1 if k % 9 else k + 8
    if k < 31:
        return k - 1 if k > 27 else 30
    return k - 1 if k > 31 else 33


def assign_reds(rng, hand):
    """Return set of (location, index) marking red fives; we store as a per-suit flag and where."""
    reds = {}
    for s in range(3):
        five = s * 9 + 4
        # with red fives on there are only three plain fives per suit: four fives => one is red
        if hand["counts"][five] == 4 or (hand["counts"][five] and rng.random() < 0.35):
            # choose one instance among closed/melds
            locs = [("c", i) for i, k in enumerate(hand["closed"]) if k == five]
            for mi, (_, t) in enumerate(hand["melds"]):
                locs += [("m%d" % mi, i) for i, k in enumerate(t) if k == five]
            reds[s] = rng.choice(locs)
    return reds


# ---------------------------------------------------------------- notation

def tiles_str(kinds, red_positions):
    """kinds: list of tile kinds in one group; red_positions: set of indices that are red."""
    by = defaultdict(list)
    for i, k in enumerate(kinds):
        by[suit(k)].append("0" if i in red_positions else str(num(k)))
    return "".join("".join(by[s]) + SUITS[s] for s in range(4) if by[s])


def to_line(hand, sit, reds):
    closed = hand["closed"]
    red_c = {i for s, (loc, i) in reds.items() if loc == "c"}
    parts = [tiles_str(closed, red_c)]
    for mi, (call, t) in enumerate(hand["melds"]):
        red_m = {i for s, (loc, i) in reds.items() if loc == "m%d" % mi}
        body = tiles_str(t, red_m)
        parts.append(("[%s]" if call == "ankan" else "(%s)") % body)
    w = sit["win"]
    # is the winning tile the red one? only if all closed copies are red (or by choice)
    win_red = False
    if w < 27 and w % 9 == 4 and suit(w) in reds and reds[suit(w)][0] == "c":
        n_closed = closed.count(w)
        win_red = (n_closed == 1) or sit.get("win_red_pref", False)
    sit["win_red"] = win_red
    wtxt = ("0" if win_red else str(num(w))) + SUITS[suit(w)]
    opts = ["win=" + wtxt]
    if sit["tsumo"]:
        opts.append("tsumo")
    if sit["double"]:
        opts.append("double-riichi")
    elif sit["riichi"]:
        opts.append("riichi")
    for k in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou"):
        if sit[k]:
            opts.append(k)
    opts.append("seat=" + WIND_LETTER[sit["seat"]])
    opts.append("round=" + WIND_LETTER[sit["round"]])
    if sit["dora"]:
        opts.append("dora=" + tiles_str(sit["dora"], set()))
    if sit["ura"]:
        opts.append("ura=" + tiles_str(sit["ura"], set()))
    if sit["honba"]:
        opts.append("honba=%d" % sit["honba"])
    return " ".join(parts) + " " + " ".join(opts)


# ---------------------------------------------------------------- library

LIB_ID = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu", "Chankan": "chankan", "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "Iipeiko": "iipeikou", "Yakuhai (haku)": "yakuhai_haku", "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun", "Yakuhai (wind of place)": "seat_wind",
    "Yakuhai (wind of round)": "round_wind", "Sanshoku Doujun": "sanshoku", "Ittsu": "ittsu",
    "Chantai": "chanta", "Chiitoitsu": "chiitoitsu", "Toitoi": "toitoi", "San Ankou": "sanankou",
    "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku_doukou", "Shou Sangen": "shousangen",
    "Honroutou": "honroutou", "Honitsu": "honitsu", "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu", "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13_wait", "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii", "Tsuu Iisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou", "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "junsei_chuuren", "Suu Kantsu": "suukantsu", "Tenhou": "tenhou",
    "Chiihou": "chiihou", "Dora": "dora", "Aka Dora": "aka_dora",
}


# Rule variants: tenpai's rule words (after the `tenhou` preset) and the
# library's OptionalRules fields that mean the same, over the Tenhou base.
LIB_TENHOU = dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                  kiriage=False, kazoe_limit=HandConstants.KAZOE_LIMITED,
                  fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False)
VARIANTS = {
    "tenhou": ("", {}),
    "kiriage": ("kiriage", {"kiriage": True}),
    "no-open-tanyao": ("open-tanyao=off", {"has_open_tanyao": False}),
    # the same four are double on both sides: kokushi 13-sided wait, suuankou
    # tanki, junsei chuuren, daisuushii (library: han_closed/han_open = 26)
    "double-yakuman": ("double-yakuman", {"has_double_yakuman": True}),
    "kazoe-sanbaiman": ("kazoe=sanbaiman", {"kazoe_limit": HandConstants.KAZOE_SANBAIMAN}),
    # red fives are still written as 0: tenpai must read them as plain fives,
    # the library gets tile 16/52/88 (a five) with has_aka_dora off
    "no-red-fives": ("red-fives=off", {"has_aka_dora": False}),
}


def lib_rules(variant):
    opts = dict(LIB_TENHOU)
    opts.update(VARIANTS[variant][1])
    return opts


def tenpai_rule_args(variant):
    """None: the old invocation, no rule words at all (no --rules given)."""
    if variant is None:
        return []
    return ["--rules", ("tenhou " + VARIANTS[variant][0]).strip()]


def lib_config(sit, variant):
    opts = OptionalRules(**lib_rules(variant or "tenhou"))
    return HandConfig(is_tsumo=sit["tsumo"], is_riichi=sit["riichi"], is_ippatsu=sit["ippatsu"],
                      is_rinshan=sit["rinshan"], is_chankan=sit["chankan"], is_haitei=sit["haitei"],
                      is_houtei=sit["houtei"], is_daburu_riichi=sit["double"],
                      is_tenhou=sit["tenhou"], is_chiihou=sit["chiihou"],
                      player_wind=sit["seat"], round_wind=sit["round"],
                      tsumi_number=sit["honba"], options=opts)


def lib_yakuman_price(sit, variant, han):
    """The library's own total for a yakuman hand of `han` han (13 a yakuman)."""
    from mahjong.hand_calculating.scores import ScoresCalculator
    return ScoresCalculator().calculate_scores(han, 0, lib_config(sit, variant), is_yakuman=True)["total"]


def lib_score(calc, hand, sit, reds, variant=None):
    used = Counter()

    def take(k, red):
        if red:
            return k * 4  # copy 0 of a five is the red one (16, 52, 88)
        order = [1, 2, 3, 0] if (k < 27 and k % 9 == 4) else [0, 1, 2, 3]
        i = order[used[k]]
        used[k] += 1
        return k * 4 + i

    red_at = {loc_i: s for s, loc_i in reds.items()}
    tiles136 = []
    closed136 = []
    for i, k in enumerate(hand["closed"]):
        t = take(k, ("c", i) in red_at)
        closed136.append(t)
        tiles136.append(t)
    melds = []
    for mi, (call, t) in enumerate(hand["melds"]):
        ids = sorted(take(k, ("m%d" % mi, i) in red_at) for i, k in enumerate(t))
        tiles136 += ids
        if call == "chi":
            melds.append(Meld(Meld.CHI, ids, opened=True))
        elif call == "pon":
            melds.append(Meld(Meld.PON, ids, opened=True))
        elif call == "minkan":
            melds.append(Meld(Meld.KAN, ids, opened=True))
        else:
            melds.append(Meld(Meld.KAN, ids, opened=False))
    w = sit["win"]
    cands = [t for t in closed136 if t // 4 == w and ((t == w * 4 and w < 27 and w % 9 == 4) == sit["win_red"])]
    win136 = cands[0]
    inds = [k * 4 + 3 for k in sit["dora"]] + ([k * 4 + 3 for k in sit["ura"]] if sit["riichi"] else [])
    cfg = lib_config(sit, variant)
    res = calc.estimate_hand_value(tiles136, win136, melds=melds, dora_indicators=inds, config=cfg)
    if res.error:
        return {"error": res.error}
    yaku = Counter()
    for y in res.yaku:
        h = y.han_open if (res.is_open_hand and y.han_open) else y.han_closed
        yaku[LIB_ID.get(y.name, y.name)] += h
    return {"error": None, "han": res.han, "fu": res.fu, "total": res.cost["total"],
            "yaku": dict(yaku), "fu_details": res.fu_details,
            "level": res.cost.get("yaku_level")}


# ---------------------------------------------------------------- compare

def our_norm(o):
    if o.get("error"):
        e = o["error"]
        return {"error": e.get("code") if isinstance(e, dict) else str(e)}
    yaku = Counter()
    for y in o["yaku"]:
        i = y["id"]
        if i == "ura_dora":
            i = "dora"  # the library counts ura indicators as plain dora
        yaku[i] += y["han"]
    return {"error": None, "han": o["han"], "fu": o["fu"], "total": o["points"]["total"],
            "yaku": dict(yaku), "limit": o["limit"],
            "wait": (o.get("interpretation") or {}).get("wait")}


YAKUMAN = {"kokushi", "kokushi_13_wait", "suuankou", "suuankou_tanki", "daisangen", "shousuushii",
           "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren",
           "suukantsu", "tenhou", "chiihou"}


def classify(ours, lib):
    if ours["error"] and lib["error"]:
        return None
    if ours["error"]:
        return "ours-error:%s lib-scores" % ours["error"]
    if lib["error"]:
        return "lib-error:%s ours-scores" % lib["error"]
    tags = []
    is_yakuman = any(k in YAKUMAN for k in ours["yaku"])
    if ours["total"] != lib["total"]:
        tags.append("points")
    if ours["han"] != lib["han"]:
        tags.append("han")
    if not is_yakuman and ours["fu"] != lib["fu"]:
        tags.append("fu")
    if ours["yaku"] != lib["yaku"]:
        diff = []
        for k in sorted(set(ours["yaku"]) | set(lib["yaku"])):
            a, b = ours["yaku"].get(k), lib["yaku"].get(k)
            if a != b:
                diff.append("%s:%s/%s" % (k, a, b))
        tags.append("yaku[" + ",".join(diff) + "]")
    return " ".join(tags) if tags else None


ACCEPTED = "yakuman-vs-kazoe"


def accepted(ours, lib):
    """The one accepted difference: our yakuman against the library's 13+ han
    of ordinary yaku, for the same payment."""
    return (not ours["error"] and not lib["error"]
            and any(k in YAKUMAN for k in ours["yaku"])
            and not any(k in YAKUMAN for k in lib["yaku"])
            and lib["han"] >= 13 and ours["total"] == lib["total"])


LIB_BY_HAN = "lib-kazoe-sanbaiman-over-yakuman"


def lib_by_han(ours, lib, sit, variant):
    """kazoe-sanbaiman: our yakuman against the library's 13+ han of ordinary
    yaku that it caps at sanbaiman. The library picks the reading with the
    most han, not the one paying most; ours must be exactly the library's own
    price for our yakuman, and more than its sanbaiman."""
    return (variant == "kazoe-sanbaiman"
            and not ours["error"] and not lib["error"]
            and any(k in YAKUMAN for k in ours["yaku"])
            and not any(k in YAKUMAN for k in lib["yaku"])
            and lib["han"] >= 13 and ours["total"] > lib["total"]
            and ours["total"] == lib_yakuman_price(sit, variant, ours["han"]))


def deal(n, seed):
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        hand = gen_hand(rng)
        sit = make_situation(rng, hand)
        reds = assign_reds(rng, hand)
        sit["win_red_pref"] = rng.random() < 0.5
        line = to_line(hand, sit, reds)
        cases.append((hand, sit, reds, line))
    return cases


def run_variant(args, cases, hands_path, out_dir, variant):
    """Scores `cases` on both sides under `variant` (None: no --rules, the old
    run), prints the report; returns (exit status, stats)."""
    os.makedirs(out_dir, exist_ok=True)
    with open(hands_path) as f:
        run = subprocess.run([args.tenpai, "score", "-", "--json"] + tenpai_rule_args(variant),
                             stdin=f, capture_output=True, text=True)
    out = run.stdout.splitlines()
    if len(out) != len(cases):
        print("tenpai printed %d results for %d hands:\n%s" % (len(out), len(cases), run.stderr))
        return 1, Counter()
    with open(os.path.join(out_dir, "ours.jsonl"), "w") as f:
        f.write("\n".join(out) + "\n")

    calc = HandCalculator()
    stats = Counter()
    groups = defaultdict(list)
    apart = defaultdict(list)  # differences counted apart with a verified cause
    with open(os.path.join(out_dir, "mismatches.jsonl"), "w") as mism:
        for (hand, sit, reds, line), js in zip(cases, out):
            o = json.loads(js)
            if o["text"] != line:
                print("result out of order: %r for %r" % (o["text"], line))
                return 1, stats
            ours = our_norm(o)
            try:
                lib = lib_score(calc, hand, sit, reds, variant)
            except Exception as e:  # the library's own failure: reported, not hidden
                lib = {"error": "exception:%s" % type(e).__name__}
            if ours["error"] and lib["error"]:
                stats["both unscorable (no yaku)"] += 1
            elif not ours["error"] and not lib["error"]:
                stats["both scored"] += 1
            cat = classify(ours, lib)
            if cat is None:
                stats["agree"] += 1
                continue
            if accepted(ours, lib):
                stats[ACCEPTED] += 1
                continue
            rec = {"line": line, "cat": cat, "form": hand["form"], "ours": ours,
                   "lib": {k: v for k, v in lib.items() if k != "fu_details"},
                   "lib_fu_details": lib.get("fu_details")}
            if lib_by_han(ours, lib, sit, variant):
                stats[LIB_BY_HAN] += 1
                rec["accepted"] = LIB_BY_HAN
                apart[LIB_BY_HAN].append(rec)
                mism.write(json.dumps(rec) + "\n")
                continue
            stats["differ"] += 1
            groups[cat].append(rec)
            mism.write(json.dumps(rec) + "\n")
    if variant is None:
        print("hands: %d (seed %d), %s; files in %s" % (args.hands, args.seed, dict(stats), out_dir))
    else:
        print("hands: %d (seed %d, rules %s), %s; files in %s"
              % (args.hands, args.seed, variant, dict(stats), out_dir))

    def show(title, recs):
        print("\n== %d  %s" % (len(recs), title))
        for r in sorted(recs, key=lambda r: len(r["line"]))[:3]:
            print("   ", r["line"])
            print("      tenpai: ", {k: r["ours"].get(k) for k in ("han", "fu", "total", "error", "wait")})
            print("      mahjong:", {k: r["lib"].get(k) for k in ("han", "fu", "total", "error")})

    for cat, recs in sorted(apart.items()):
        show("counted apart: " + cat, recs)
    for cat, recs in sorted(groups.items(), key=lambda x: -len(x[1])):
        show(cat, recs)
    # Too few scored hands would make agreement meaningless.
    if stats["both scored"] < args.hands // 2:
        print("only %d hands scored on both sides" % stats["both scored"])
        return 1, stats
    return (1 if stats["differ"] else 0), stats


def main():
    import argparse
    import tempfile

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tenpai", required=True, help="the tenpai binary")
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="directory for hands.txt, ours.jsonl, mismatches.jsonl")
    ap.add_argument("--rules", choices=list(VARIANTS) + ["all"],
                    help="rule variant for both sides (default: tenhou, tenpai run with no rule words); "
                         "`all`: every variant in turn on the same hands")
    args = ap.parse_args()
    out_dir = args.out or tempfile.mkdtemp(prefix="tenpai-differential-")
    os.makedirs(out_dir, exist_ok=True)
    hands_path = os.path.join(out_dir, "hands.txt")

    cases = deal(args.hands, args.seed)
    with open(hands_path, "w") as f:
        for c in cases:
            f.write(c[3] + "\n")
    if args.rules != "all":
        return run_variant(args, cases, hands_path, out_dir, args.rules)[0]

    status = 0
    summary = []
    for variant in VARIANTS:
        print("\n######## rules: %s" % variant)
        rc, stats = run_variant(args, cases, hands_path, os.path.join(out_dir, variant), variant)
        status |= rc
        summary.append((variant, rc, stats))
    print("\n%-16s %6s %6s %8s %6s %6s  %s" % ("variant", "hands", "agree", "accepted", "apart", "differ", "exit"))
    for variant, rc, st in summary:
        print("%-16s %6d %6d %8d %6d %6d  %d" % (variant, args.hands, st["agree"], st[ACCEPTED],
                                                st[LIB_BY_HAN], st["differ"], rc))
    return status


if __name__ == "__main__":
    sys.exit(main())
