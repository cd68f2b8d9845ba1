"""The table every game's numbered entries go through (:class:`Table`), what a
game gives it (:class:`TableRules`, :class:`TableDisplay`), and the table of
every game with seats (:class:`SeatedSheet`).

A game registers its table by its ``GameKind.table`` (a dotted path), which
:func:`registered` reads."""

from __future__ import annotations

from django.utils.module_loading import import_string

from scorepads.table.protocols import Shown, TableDisplay, TableRules
from scorepads.table.seated import SeatedSheet, SeatedTable
from scorepads.table.table import HANDS_HEADER, NothingPutBack, Table

__all__ = [
    "HANDS_HEADER",
    "NothingPutBack",
    "SeatedSheet",
    "SeatedTable",
    "Shown",
    "Table",
    "TableDisplay",
    "TableRules",
    "registered",
]


def registered() -> dict[str, Table]:
    """Every registered game's table, by the game's slug."""
    from scorepads import registry

    return {kind.slug: import_string(kind.table) for kind in registry.kinds() if kind.table}
