"""Players' names as the headings of a printed grid's columns, each word whole.

A heading wraps only between words (at spaces and after hyphens); a word too
wide for its column is set smaller, down to :data:`SMALLEST_PT`, and only a
word too wide even then is cut, with an ellipsis. The widths are measured
from the bundled fonts' advance widths (static/pad/fonts, the printed sheets'
"Pad Sans"), so a column is never made to break a name inside a word.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from scorepads.names import cut

POINT_MM = 25.4 / 72
SMALLEST_PT = 6.0
STEP_PT = 0.5
# A letter no bundled font has comes from the system's fonts: a wide (CJK)
# letter takes an em, any other about this much of one.
OTHER_LETTER_EM = 0.7
# What the measure leaves spare in a column, in millimetres: shaping (Arabic's
# joined letters, kerning) and the cell's borders.
SPARE_MM = 0.8
FONTS = {False: "pad/fonts/DejaVuSans.ttf", True: "pad/fonts/DejaVuSans-Bold.ttf"}


@dataclass(frozen=True)
class ColumnHead:
    """A player's name as a column's heading: what it prints, at what size."""

    name: str  # in full
    text: str  # as printed: the name, or with a word cut short
    size_pt: float

    @property
    def cut(self) -> bool:
        return self.text != self.name

    @property
    def style(self) -> str:
        return f"font-size: {self.size_pt:g}pt"


@functools.cache
def _advances(bold: bool) -> tuple[dict[int, int], int]:
    """The bundled font's advance width of each letter it has, and its units per em."""
    from fontTools.ttLib import TTFont

    from scorepads.pdf import static_path, static_url

    font = TTFont(static_path(static_url(FONTS[bold])), lazy=True)
    metrics = font["hmtx"].metrics
    advances = {code: metrics[glyph][0] for code, glyph in font.getBestCmap().items()}
    return advances, font["head"].unitsPerEm


def is_wide(character: str) -> bool:
    """Whether ``character`` is a wide (CJK) letter, an em across."""
    return unicodedata.east_asian_width(character) in {"W", "F"}


def line_count(text: str, width_mm: float, size_pt: float, *, bold: bool = True) -> int:
    """How many lines ``text`` takes in ``width_mm`` at ``size_pt``, wrapped
    between words (a word wider than the line takes one of its own, at least)."""
    lines, used = 1, 0.0
    space = text_width_mm(" ", size_pt, bold=bold)
    for word in words(text):
        width = text_width_mm(word, size_pt, bold=bold)
        if used and used + space + width > width_mm:
            lines, used = lines + 1, width
        else:
            used += (space if used else 0) + width
    return lines


def text_width_mm(text: str, size_pt: float, *, bold: bool = True) -> float:
    """How wide ``text`` prints in the sheets' font at ``size_pt``, in millimetres."""
    advances, per_em = _advances(bold)
    units = 0.0
    for character in text:
        code = ord(character)
        if code in advances:
            units += advances[code]
        elif unicodedata.combining(character) or unicodedata.category(character) in {"Mn", "Me", "Cf"}:
            continue
        elif is_wide(character):
            units += per_em
        else:
            units += OTHER_LETTER_EM * per_em
    return units / per_em * size_pt * POINT_MM


# Where a heading may wrap: after a space or a hyphen, as the line breaker does.
_WORD = re.compile(r"[^\s\-‐‑‒–—]+[\-‐‑‒–—]*|[\-‐‑‒–—]+")


def words(name: str) -> list[str]:
    """The pieces of ``name`` a line may not break inside: its words, each with the hyphen after it."""
    return _WORD.findall(name)


def _cut_to_width(word: str, width_mm: float, size_pt: float) -> str:
    """``word`` cut with an ellipsis to as many letters as fit ``width_mm``."""
    length = len(word)
    while length > 1 and text_width_mm(cut(word, length), size_pt) > width_mm:
        length -= 1
    return cut(word, length)


def column_head(name: str, width_mm: float, size_pt: float) -> ColumnHead:
    """``name`` as the heading of a column ``width_mm`` wide (its text's room),
    at ``size_pt`` or smaller until its widest word fits; a word that fits at
    no size down to :data:`SMALLEST_PT` is cut."""
    room = width_mm - SPARE_MM
    pieces = words(name)
    size = size_pt
    while size > SMALLEST_PT and any(text_width_mm(piece, size) > room for piece in pieces):
        size = max(SMALLEST_PT, size - STEP_PT)
    if all(text_width_mm(piece, size) <= room for piece in pieces):
        return ColumnHead(name, name, size)
    def fitted(piece: re.Match) -> str:
        word = piece.group()
        return word if text_width_mm(word, size) <= room else _cut_to_width(word, room, size)

    return ColumnHead(name, _WORD.sub(fitted, name), size)


def column_heads(names: Sequence[str], width_mm: float, size_pt: float) -> tuple[ColumnHead, ...]:
    return tuple(column_head(name, width_mm, size_pt) for name in names)
