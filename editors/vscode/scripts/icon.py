"""Draws images/icon.png, the extension's Marketplace icon: a mahjong tile
(the one of pin) with its green back.
Run: python3 scripts/icon.py (needs Pillow)."""

from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 256
SCALE = 4  # drawn large, then reduced: smooth edges without anti-aliasing support
S = SIZE * SCALE


def px(value):
    return int(value * SCALE)


image = Image.new("RGBA", (S, S), (0, 0, 0, 0))
draw = ImageDraw.Draw(image)
# The tile's green back shows below and right of its ivory face.
draw.rounded_rectangle((px(52), px(28), px(220), px(240)), radius=px(26), fill=(30, 91, 58, 255))
draw.rounded_rectangle((px(40), px(16), px(206), px(226)), radius=px(24), fill=(250, 246, 232, 255),
                       outline=(196, 188, 164, 255), width=px(3))
# The one of pin: a ring of red, blue and green around a red centre.
cx, cy = px(123), px(121)
for radius, colour in ((62, (28, 64, 140)), (52, (250, 246, 232)), (46, (200, 40, 40)),
                       (30, (250, 246, 232)), (24, (30, 120, 70)), (12, (200, 40, 40))):
    draw.ellipse((cx - px(radius), cy - px(radius), cx + px(radius), cy + px(radius)), fill=colour + (255,))
icon = image.resize((SIZE, SIZE), Image.LANCZOS)
out = Path(__file__).resolve().parent.parent / "images" / "icon.png"
icon.save(out, optimize=True)
print(f"wrote {out}")
