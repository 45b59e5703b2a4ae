"""Draws a terminal capture (tmux capture-pane -e) as a PNG: pyte replays
the escape sequences, Pillow draws each cell with its colours, in DejaVu
Sans Mono, and in Symbola (Debian's fonts-symbola) the characters DejaVu
has no glyph for (mahjong tiles, the check mark of :checkhealth), as a
terminal's font fallback does."""

import os
import sys

import pyte
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
FALLBACK = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
# Japanese player names (a game review): Debian's fonts-noto-cjk, when there.
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
SIZE = 16
DEFAULT_FG = (0xE0, 0xE2, 0xEA)
DEFAULT_BG = (0x14, 0x16, 0x1B)

NAMED = {
    "black": (0, 0, 0), "red": (205, 49, 49), "green": (13, 188, 121),
    "brown": (229, 229, 16), "yellow": (229, 229, 16), "blue": (36, 114, 200),
    "magenta": (188, 63, 188), "cyan": (17, 168, 205), "white": (229, 229, 229),
    "brightblack": (102, 102, 102), "brightred": (241, 76, 76),
    "brightgreen": (35, 209, 139), "brightyellow": (245, 245, 67),
    "brightblue": (59, 142, 234), "brightmagenta": (214, 112, 214),
    "brightcyan": (41, 184, 219), "brightwhite": (255, 255, 255),
}


def colour(value, default):
    if value == "default":
        return default
    if value in NAMED:
        return NAMED[value]
    try:
        return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return default


def main(src, dst, cols, rows):
    screen = pyte.Screen(cols, rows)
    stream = pyte.Stream(screen)
    with open(src, encoding="utf-8", errors="replace") as f:
        # capture-pane ends lines with \n only.
        # capture-pane ends lines with \n only; no newline after the last
        # row, or the screen would scroll.
        stream.feed(f.read().rstrip("\n").replace("\n", "\r\n"))
    font = ImageFont.truetype(MONO, SIZE)
    bold = ImageFont.truetype(BOLD, SIZE)
    covered = set(TTFont(MONO)["cmap"].getBestCmap())
    fallback = ImageFont.truetype(FALLBACK, SIZE)
    fallback_covered = set(TTFont(FALLBACK)["cmap"].getBestCmap())
    cjk = ImageFont.truetype(CJK, SIZE) if os.path.exists(CJK) else fallback
    cw = round(font.getlength("M"))
    ch = SIZE + 6
    img = Image.new("RGB", (cols * cw + 16, rows * ch + 16), DEFAULT_BG)
    draw = ImageDraw.Draw(img)
    for y in range(rows):
        line = screen.buffer[y]
        for x in range(cols):
            cell = line[x]
            fg = colour(cell.fg, DEFAULT_FG)
            bg = colour(cell.bg, DEFAULT_BG)
            if cell.reverse:
                fg, bg = bg, fg
            px, py = 8 + x * cw, 8 + y * ch
            draw.rectangle([px, py, px + cw, py + ch], fill=bg)
            if cell.data.strip():
                face = bold if cell.bold else font
                if any(ord(c) not in covered for c in cell.data):
                    face = fallback
                    if any(ord(c) not in fallback_covered for c in cell.data):
                        face = cjk
                draw.text((px, py + 2), cell.data, font=face, fill=fg)
    img.save(dst)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
