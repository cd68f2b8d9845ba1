"""Mah Jongg: scoring a winning hand (points, doubles, limit hands, the score card),
settling a hand between the four players and passing the deal.

Pure Python (no Django). The public API is that of :mod:`mahjong.scoring`; the
notation and the rules are in RULES.md.
"""

from .scoring import *  # noqa: F403
from .scoring import __all__  # noqa: F401
