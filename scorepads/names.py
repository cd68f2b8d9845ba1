"""Players' names as every page, sheet and text writes them: each in its own
direction.

A name is typed by a player in any script. Beside a number or inside a
sentence, a right-to-left name (Arabic, Hebrew) would carry its neighbours with
it ("Zoë & 7 محمد العربي" for "Zoë & محمد العربي 7"), so it is isolated: in
HTML by ``<bdi>`` (the ``isolated`` template filter, :mod:`scorepads.templatetags.names`),
in plain text (a sentence of the display layer, the ratings record, a PDF's
title) between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (:func:`isolate`).

This module imports no Django.
"""

from __future__ import annotations

from collections.abc import Iterable

FSI = "\u2068"  # FIRST STRONG ISOLATE: the name takes the direction of its first letter
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE: the text after it is no longer the name's


def isolate(name: str) -> str:
    """``name`` between FSI and PDI, for plain text that holds it among other
    words or numbers ("" stays "")."""
    return f"{FSI}{name}{PDI}" if name else name


def isolate_all(names: Iterable[str]) -> list[str]:
    return [isolate(name) for name in names]
