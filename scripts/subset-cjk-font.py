#!/usr/bin/python3
"""
Regenerates the CJK subset of Noto Sans CJK JP that PDFs fall back to (server/lib/pdf-fonts.ts; docs/documents.md
"PDF fonts"). react-pdf embeds the glyphs a PDF uses, but it must read a font that has them: the full Noto Sans CJK
is 16 MB per weight, so the product ships the characters receipts and reports need, in regular and bold:

- kana (hiragana, katakana and their phonetic extensions), CJK symbols and punctuation, full-width and half-width forms;
- the kanji of JIS X 0208 level 1 (the 2,965 common Japanese kanji, nearly all of the Joyo list);
- the hanzi of GB 2312 level 1 (the 3,755 common simplified Chinese characters);
- Basic Latin, so that a Japanese run keeps its digits and spaces in one font.

The sets come from Python's own EUC-JP and GB 2312 codecs, so nothing is downloaded. Needs Debian's
fonts-noto-cjk and python3-fonttools (apt-get install -y fonts-noto-cjk python3-fonttools). Run from the project root:

    /usr/bin/python3 scripts/subset-cjk-font.py

It writes server/lib/fonts/noto-sans-cjk-subset-{400,700}.woff and copies the SIL Open Font License beside them.
"""
import os
import shutil
from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCES = {400: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 700: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc'}
JAPANESE_FACE = 0  # Noto Sans CJK JP: the Japanese glyph forms (the collection also holds KR, SC, TC and HK).
OUT = os.path.join(os.path.dirname(__file__), '..', 'server', 'lib', 'fonts')
LICENCE = '/usr/share/doc/fonts-noto-cjk/copyright'

RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0xFF00, 0xFFEF),  # Half-width and full-width forms
]


def double_byte_rows(codec, first_row, last_row):
    """Every character of rows first_row..last_row of a two-byte EUC code (0xA1-based cells)."""
    out = set()
    for row in range(first_row, last_row + 1):
        for cell in range(0xA1, 0xFF):
            try:
                out.update(bytes([row, cell]).decode(codec))
            except UnicodeDecodeError:
                pass
    return out


def code_points():
    points = set()
    for first, last in RANGES:
        points.update(range(first, last + 1))
    points.update(ord(c) for c in double_byte_rows('euc_jp', 0xA1, 0xA8))  # JIS X 0208 non-kanji rows (symbols)
    points.update(ord(c) for c in double_byte_rows('euc_jp', 0xB0, 0xCF))  # JIS X 0208 level 1 kanji (rows 16-47)
    points.update(ord(c) for c in double_byte_rows('gb2312', 0xB0, 0xD7))  # GB 2312 level 1 hanzi (rows 16-55)
    return sorted(points)


def main():
    os.makedirs(OUT, exist_ok=True)
    points = code_points()
    for weight, source in SOURCES.items():
        font = TTCollection(source).fonts[JAPANESE_FACE]
        options = subset.Options()
        options.flavor = 'woff'  # zlib-compressed; react-pdf (fontkit) reads it as it reads the other shipped .woff
        options.layout_features = ['*']
        options.name_IDs = ['*']
        options.notdef_outline = True
        options.hinting = False  # PDFs are rendered by their viewers; hints only add bytes
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=points)
        subsetter.subset(font)
        target = os.path.join(OUT, f'noto-sans-cjk-subset-{weight}.woff')
        subset.save_font(font, target, options)
        print(f'{target}: {len(points)} code points, {os.path.getsize(target)} bytes')
    shutil.copyfile(LICENCE, os.path.join(OUT, 'noto-sans-cjk-LICENSE.txt'))


if __name__ == '__main__':
    main()
