"""Command line: ``python -m solver TAKER GIVER [--json]``."""

from __future__ import annotations

import argparse
import codecs
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .cards import SUIT_SYMBOLS, Card, CardError, format_hand
from .gorilla import GorillaResult, gorilla_out

DESCRIPTION = "Gorilla it out: could the taker have won every trick of this deal?"

NOTATION = """\
Write each hand in one of two notations (any case; spaces or commas between):

  card by card, rank then suit:   AS KS 10H TH 9d 2c     or   A♠ K♠ 10♥
  suit by suit, off a sorted hand: "S AJT3 H A63 D T64 C -"  or  "♠AJ103 ♥A63 ♦1064 ♣-"

Ranks are A K Q J 10 (or T) 9 8 7 6 5 4 3 2, suits S H D C or ♠ ♥ ♦ ♣.
In the suit-by-suit notation "-" marks a void, a suit left out is void too,
suits may come in any order, and a suit given again goes on ("S5 S4 H2" is
5♠ 4♠ 2♥). Both hands have the same number of cards,
1 to 13. Quote a hand that contains spaces.

examples:
  python -m solver "AS JS 10S 3S AH 6H 3H 10D 6D 4D" "QS 10H 9H 2H JD 9D 8D 7D AC 10C"
  python -m solver "S AJT3 H A63 D T64 C -" "S Q H T92 D J987 C AT" --json

Exit status: 0 for either verdict, 2 for hands that cannot be read.
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with the notation explained in ``--help``."""
    parser = argparse.ArgumentParser(
        prog="python -m solver",
        description=DESCRIPTION,
        epilog=NOTATION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("taker", metavar="TAKER", help="the taker's hand (he leads every trick)")
    parser.add_argument("giver", metavar="GIVER", help="the giver's hand")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of text"
    )
    return parser


def render_text(result: GorillaResult) -> str:
    """The verdict, the winning line and the reason, for reading."""
    lines = [
        f"Taker: {format_hand(result.taker, symbols=True)}",
        f"Giver: {format_hand(result.giver, symbols=True)}",
        "",
        "Possible." if result.possible else "Impossible.",
        result.reason,
    ]
    if result.line is not None:
        lines += ["", "Winning line (taker's card, giver's card):"]
        lines += [
            f"  {number:2}. {lead.symbol:>3} {reply.symbol:>3}"
            for number, (lead, reply) in enumerate(result.line, start=1)
        ]
    areas = result.areas
    lines += [
        "",
        "Areas after phase one:",
        f"  taker  played {_cards(areas.taker_played)}  blocked {_cards(areas.taker_blocked)}"
        f"  run {_cards(areas.taker_run)}",
        f"  giver  played {_cards(areas.giver_played)}  pitch {_cards(areas.giver_pitch)}"
        f"  keep {_cards(areas.giver_keep)}",
        "  suits attacked: "
        + (", ".join(suit.noun for suit in areas.attack_order) or "none"),
        "",
        "With the roles swapped: "
        + ("possible." if result.possible_if_swapped else "impossible."),
    ]
    return "\n".join(lines)


SUIT_LETTERS_ERRORS = "solver.suit_letters"
"""The name of the codec error handler that writes a suit symbol the output
cannot encode as its letter (``♠`` as ``S``), and any other such character as ``?``."""
_LETTER_BY_SYMBOL = {symbol: suit.letter for suit, symbol in SUIT_SYMBOLS.items()}


def _suit_letters(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unwritable = error.object[error.start : error.end]
    return "".join(_LETTER_BY_SYMBOL.get(char, "?") for char in unwritable), error.end


codecs.register_error(SUIT_LETTERS_ERRORS, _suit_letters)


def writes_suit_symbols(stream: TextIO) -> bool:
    """Whether the stream's encoding has the suit symbols (UTF-8 has; ASCII has not)."""
    try:
        "".join(SUIT_SYMBOLS.values()).encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit_output(stream: TextIO) -> None:
    """Make a stream that cannot encode the suit symbols write their letters instead
    (and ``?`` for any other character it lacks) rather than fail."""
    if not writes_suit_symbols(stream) and hasattr(stream, "reconfigure"):
        stream.reconfigure(errors=SUIT_LETTERS_ERRORS)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status. Whatever the output's
    encoding, it is written: in ASCII the suits are letters (``AS``, ``SAJ103``)
    and ``--json`` escapes what ASCII lacks, so its data is exact."""
    fit_output(sys.stdout)
    fit_output(sys.stderr)
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        result = gorilla_out(arguments.taker, arguments.giver)
    except CardError as error:
        parser.error(str(error))  # exits with status 2, message on stderr
    if arguments.json:
        print(json.dumps(result.to_dict(), ensure_ascii=not writes_suit_symbols(sys.stdout)))
    else:
        print(render_text(result))
    return 0


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.symbol for card in cards) or "-"


if __name__ == "__main__":
    sys.exit(main())
