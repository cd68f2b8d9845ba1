"""Players' names as every page, sheet and text writes them: each in its own
direction, and in letters the printed sheet can draw.

A name is typed by a player in any script. Beside a number or inside a
sentence, a right-to-left name (Arabic, Hebrew) would carry its neighbours with
it ("Zoë & 7 محمد العربي" for "Zoë & محمد العربي 7"), so it is isolated: in
HTML by ``<bdi>`` (the ``isolated`` template filter, :mod:`scorepads.templatetags.names`),
in plain text (a sentence of the display layer, the ratings record, a PDF's
title) between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (:func:`isolate`).

A printed sheet draws a name with the bundled font and, for the letters it
lacks, with the fonts installed on the server (``make run`` installs them for
the scripts in :data:`PRINTED_SCRIPTS`). A letter no font covers would print as
an empty box; :func:`spell_unprintable` writes its code point instead, so the
sheet says which letter it could not draw. This module imports no Django.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable, Sequence

from gorilla_site import site_files

FSI = "\u2068"  # FIRST STRONG ISOLATE: the name takes the direction of its first letter
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE: the text after it is no longer the name's

# The scripts a printed sheet draws, each with a name written in it (the tests print them all).
PRINTED_SCRIPTS = {
    "Latin": "Zoë Łukasiewicz",
    "Greek": "Ελένη",
    "Cyrillic": "Жора",
    "Arabic": "محمد العربي",
    "Hebrew": "דוד כהן",
    "Devanagari": "देवनागरी",
    "Thai": "ภาษาไทย",
    "CJK": "中文名字",
    "Emoji": "🦍",
}

BUNDLED_FONTS = (
    site_files.STATIC / "pad" / "fonts" / "DejaVuSans.ttf",
    site_files.STATIC / "pad" / "fonts" / "DejaVuSans-Bold.ttf",
)


def isolate(name: str) -> str:
    """``name`` between FSI and PDI, for plain text that holds it among other
    words or numbers ("" stays "")."""
    return f"{FSI}{name}{PDI}" if name else name


def isolate_all(names: Iterable[str]) -> list[str]:
    return [isolate(name) for name in names]


def _drawn_without_a_glyph(character: str) -> bool:
    """A character that needs no glyph of its own: a format control (the
    zero-width joiner of an emoji sequence, FSI), a variation selector."""
    return unicodedata.category(character) in {"Cf", "Cc"} or (
        "\ufe00" <= character <= "\ufe0f" or "\U000e0100" <= character <= "\U000e01ef"
    )


def _ranges(charset: str) -> Iterable[tuple[int, int]]:
    """fontconfig's charset ("20-7e a0 ...") as (first, last) code points."""
    for part in charset.split():
        first, _, last = part.partition("-")
        yield int(first, 16), int(last or first, 16)


@functools.cache
def covered_code_points() -> frozenset[int] | None:
    """Every code point some font of the printed sheets draws: the bundled
    fonts and the server's (as fontconfig lists them), or None where fontconfig
    cannot be asked (then no character is taken for unprintable)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    try:
        listing = subprocess.run(
            [fc_list, "--format", "%{charset}\n"], capture_output=True, text=True, check=True, timeout=30
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    covered: set[int] = set()
    for line in listing.splitlines():
        for first, last in _ranges(line):
            covered.update(range(first, last + 1))
    from fontTools.ttLib import TTFont

    for path in BUNDLED_FONTS:
        with TTFont(path, lazy=True) as font:
            covered.update(font.getBestCmap())
    return frozenset(covered)


def unprintable(text: str) -> list[str]:
    """The characters of ``text`` no font of the printed sheets covers, each once, in order."""
    if text.isascii():
        return []
    covered = covered_code_points()
    if covered is None:
        return []
    # Each distinct character once, in order: a long sheet's HTML is mostly the same few letters.
    return [
        character
        for character in dict.fromkeys(text)
        if ord(character) not in covered and not character.isspace() and not _drawn_without_a_glyph(character)
    ]


def spell_unprintable(text: str) -> str:
    """``text`` with each character no font covers written as its code point in
    brackets ("A[U+13000]"), where it would otherwise print as an empty box."""
    missing = unprintable(text)
    for character in missing:
        text = text.replace(character, f"[U+{ord(character):04X}]")
    return text


def cut(name: str, length: int) -> str:
    """``name``, cut to ``length`` characters with an ellipsis when longer."""
    if len(name) <= length:
        return name
    end = length - 1
    while end > 1 and (unicodedata.combining(name[end]) or _drawn_without_a_glyph(name[end])):
        end -= 1  # not between a letter and its accent, nor inside an emoji's sequence
    return name[:end].rstrip() + "…"


MORE = " and {} more"  # after the names a heading has room for


def heading_names(names: Sequence[str], *, each: int = 20, room: int = 56) -> tuple[list[str], int]:
    """The names a one-line heading has room for: each cut to ``each``
    characters, as many as ``room`` characters hold (the first always), and how
    many are left out."""
    shown: list[str] = []
    used = 0
    for index, name in enumerate(names):
        short = cut(name, each)
        # The last name may take the room its "and 1 more" would.
        spare = len(MORE.format(1)) if index == len(names) - 1 else 0
        if shown and used + len(short) + 2 > room + spare:
            break
        shown.append(short)
        used += len(short) + 2
    return shown, len(names) - len(shown)
