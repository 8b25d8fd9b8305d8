# SPDX-License-Identifier: MIT
"""Shrinks the web board's screenshots for the documentation.

    python3 tests/web/shrink_png.py SHOT_DIR DOCS_DIR

Each SHOT_DIR/NAME.png listed below becomes DOCS_DIR/web-NAME.png with a
palette of 96 colours (PIL's adaptive quantization), a few tens of KB.
"""
import os
import sys

from PIL import Image

SHOTS = ("play-picked", "setup-orientation", "game-over", "phone", "analysis", "lost-on-time")


def main(src: str, dst: str) -> None:
    for name in SHOTS:
        img = Image.open(os.path.join(src, name + ".png")).convert("RGB")
        small = img.quantize(colors=96, method=Image.Quantize.MEDIANCUT)
        out = os.path.join(dst, "web-%s.png" % name)
        small.save(out, optimize=True)
        print("%s: %d bytes" % (out, os.path.getsize(out)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
