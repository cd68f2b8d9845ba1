"""Cards, suits and ranks, and the notation players type for a hand.

Two notations are read (any case, cards or suit groups separated by spaces or
commas):

* card by card, rank then suit: ``AS KS 10H TH 9d 2c`` or ``A♠ 10♥``;
* suit by suit, as read off a sorted hand: ``S AJT3 H A63 D T64 C -`` or
  ``♠AJ103 ♥A63 ♦1064 ♣-``. Here ``10`` (or ``T``) is one rank, a lone ``1``
  is an error, ``-`` marks a void, suits come in any order, and a suit left
  out is void. A suit given again goes on: ``S5 S4 H2`` (a suit before each
  card, as some players write) is 5♠ 4♠ 2♥, and ``S AK S Q`` is A K Q of spades.

A rank never starts with a suit letter and a suit never with a rank letter,
so the first character of a hand tells which notation it is written in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter
from typing import cast

MAX_HAND_SIZE = 13
QUOTED_LENGTH = 40
"""An error message quotes at most this many characters of what was typed."""


class CardError(ValueError):
    """A hand (or a pair of hands) that is not a legal Gorilla deal."""


class Suit(Enum):
    """The four suits, in the order hands are sorted: spades first."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        """The suit as typed: ``S``, ``H``, ``D`` or ``C``."""
        return self._value_

    @property
    def symbol(self) -> str:
        """The suit as printed on the card: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return _SYMBOL_BY_LETTER[self._value_]

    @property
    def noun(self) -> str:
        """The suit's name in a sentence: ``spades``, ``hearts``..."""
        return _NOUN_BY_LETTER[self._value_]

    @property
    def index(self) -> int:
        """0 for spades up to 3 for clubs."""
        return _SUIT_INDEX[self._value_]


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX: dict[str, int] = {suit.value: index for index, suit in enumerate(SUITS)}
SUIT_SYMBOLS: dict[Suit, str] = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}
# Keyed by letter: looking an Enum member up in a dict is slow (its hash is Python code).
_SYMBOL_BY_LETTER: dict[str, str] = {
    suit.value: symbol for suit, symbol in SUIT_SYMBOLS.items()
}
_NOUN_BY_LETTER: dict[str, str] = {suit.value: suit.name.lower() for suit in SUITS}
_SUIT_BY_CHAR: dict[str, Suit] = {suit.letter: suit for suit in SUITS} | {
    symbol: suit for suit, symbol in SUIT_SYMBOLS.items()
}
# Variation selectors and the white suit symbols some keyboards produce.
_SUIT_BY_CHAR |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_IGNORED_CHARS = "\ufe0e\ufe0f"

ACE = 14
RANKS: tuple[int, ...] = tuple(range(ACE, 1, -1))
"""Ranks from the ace (14) down to the two."""
_RANK_LABELS: dict[int, str] = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"} | {
    rank: str(rank) for rank in range(2, 10)
}
_RANK_BY_LABEL: dict[str, int] = {label: rank for rank, label in _RANK_LABELS.items()} | {
    "T": 10
}


@dataclass(frozen=True, eq=False)
class Card:
    """One playing card. Cards sort in hand order: by suit (spades first), high cards first."""

    suit: Suit
    rank: int
    """2 to 10, then 11 (jack), 12 (queen), 13 (king), 14 (ace)."""
    position: int = field(init=False, repr=False)
    """Place in a sorted deck: 0 for the ace of spades up to 51 for the two of clubs."""
    rank_label: str = field(init=False, repr=False)
    """``A``, ``K``, ``Q``, ``J``, ``10``, ``9`` ... ``2``."""
    symbol: str = field(init=False, repr=False)
    """The card for display, rank then suit symbol: ``A♠``, ``10♥``."""
    text: str = field(init=False, repr=False)
    """The card as typed, rank then suit letter: ``AS``, ``10H`` (also ``str(card)``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise CardError(f"unknown suit {_quoted(self.suit)}")
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or self.rank not in _RANK_LABELS:
            raise CardError(f"unknown rank {_quoted(self.rank)}")
        object.__setattr__(self, "position", 13 * _SUIT_INDEX[self.suit.value] + ACE - self.rank)
        object.__setattr__(self, "rank_label", _RANK_LABELS[self.rank])
        object.__setattr__(self, "symbol", _RANK_LABELS[self.rank] + self.suit.symbol)
        object.__setattr__(self, "text", _RANK_LABELS[self.rank] + self.suit.letter)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.position == other.position

    def __hash__(self) -> int:
        return self.position

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.position < other.position

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.position <= other.position

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.position > other.position

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.position >= other.position

    def __str__(self) -> str:
        """The card as typed, rank then suit letter: ``AS``, ``10H``."""
        return self.text


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)
"""All 52 cards in hand order."""

_CARD_BY_TEXT: dict[str, Card] = {
    label + char: Card(suit, rank)
    for label, rank in _RANK_BY_LABEL.items()
    for char, suit in _SUIT_BY_CHAR.items()
}
"""Every spelling of every card, upper case, for quick parsing."""

_SEPARATOR_CHARS = " ,;\t\r\n"


def parse_card(token: str, *, who: str = "") -> Card:
    """Read one card written rank then suit, like ``AS``, ``10h``, ``t♥``.

    ``who`` names the hand in error messages ("the taker's hand").
    """
    _check_text(token, who or "the card", example="AS")
    card = _CARD_BY_TEXT.get(token.upper())
    if card is not None:
        return card
    where = f" in {who}" if who else ""
    text = _clean(token).strip().upper()
    if len(text) < 2:
        raise CardError(
            f"{_quoted(token)}{where} is not a card: write the rank then the suit, like AS or 10H"
        )
    rank_text, suit_text = text[:-1], text[-1]
    if text[0] in _SUIT_BY_CHAR and text[1:] in _RANK_BY_LABEL:
        raise CardError(
            f"{_quoted(token)}{where} is written suit first: write {text[1:]}{text[0]}, "
            "or begin the hand with a suit to write it all suit first"
        )
    if suit_text not in _SUIT_BY_CHAR:
        raise CardError(
            f"unknown suit {suit_text!r} in {_quoted(token)}{where}: suits are S H D C or ♠ ♥ ♦ ♣"
        )
    if rank_text not in _RANK_BY_LABEL:
        raise CardError(
            f"unknown rank {_quoted(rank_text)} in {_quoted(token)}{where}: "
            "ranks are A K Q J 10 (or T) 9 8 7 6 5 4 3 2"
        )
    return Card(_SUIT_BY_CHAR[suit_text], _RANK_BY_LABEL[rank_text])


def parse_hand(text: str, *, who: str = "hand") -> tuple[Card, ...]:
    """Read a hand in either notation and return its cards in hand order.

    ``who`` names the hand in error messages ("the taker's hand"). Raises
    :class:`CardError` naming the offending token for an unknown rank or suit,
    a card written twice, an empty hand or one of more than 13 cards, and for
    anything that is not text.
    """
    _check_text(text, who)
    return _checked_hand(_read_cards(text, who), who)


def check_hand(cards: Iterable[Card], *, who: str = "hand") -> tuple[Card, ...]:
    """Check one hand (cards, no repeats, 1 to 13 of them); return it sorted."""
    return _checked_hand(_cards_only(cards, who), who)


def check_deal(
    taker: Sequence[Card], giver: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Check two hands form a deal: each valid, no shared card, same size."""
    return _checked_deal(_cards_only(taker, _TAKER), _cards_only(giver, _GIVER))


def parse_deal(
    taker: str | Sequence[Card], giver: str | Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Read both hands (text or cards) and check they form a deal; hands come back sorted."""
    return _checked_deal(
        _read_cards(taker, _TAKER) if isinstance(taker, str) else _cards_only(taker, _TAKER),
        _read_cards(giver, _GIVER) if isinstance(giver, str) else _cards_only(giver, _GIVER),
    )


_TAKER = "the taker's hand"
_GIVER = "the giver's hand"


def _read_cards(text: str, who: str) -> list[Card]:
    """The cards written in ``text``, in either notation, not yet checked as a hand."""
    body = _trimmed(_clean(text))
    if not body:
        raise CardError(f"{_capitalised(who)} is empty: give 1 to 13 cards")
    if body[0].upper() in _SUIT_BY_CHAR:
        return _parse_grouped(body, who)
    found = list(map(_CARD_BY_TEXT.get, _split(body.upper())))
    if all(found):
        return cast(list[Card], found)
    # Some token is not a card: say which, and why.
    return [parse_card(token, who=who) for token in _split(body)]


def _cards_only(cards: Iterable[Card], who: str) -> list[Card]:
    """``cards`` as a list, once checked that each is a :class:`Card`."""
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise CardError(
            f"{_capitalised(who)} is {_quoted(cards)}: give it as text, like \"AS KS 10H\", "
            "or as cards"
        )
    cards = list(cards)
    for card in cards:
        if not isinstance(card, Card):
            raise CardError(f"{_quoted(card)} in {who} is not a card")
    return cards


def _checked_hand(cards: list[Card], who: str) -> tuple[Card, ...]:
    """``cards`` sorted, once checked for repeats and size."""
    if len({card.position for card in cards}) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"card {card} appears twice in {who}")
            seen.add(card)
    if not cards:
        raise CardError(f"{_capitalised(who)} is empty: give 1 to 13 cards")
    if len(cards) > MAX_HAND_SIZE:
        raise CardError(
            f"{_capitalised(who)} has {len(cards)} cards: at most {MAX_HAND_SIZE} are allowed"
        )
    cards.sort(key=in_hand_order)
    return tuple(cards)


def _checked_deal(
    taker: list[Card], giver: list[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Both hands sorted, once checked to form a deal (each hand valid, no card in
    both, same size)."""
    size = len(taker)
    if (
        0 < size <= MAX_HAND_SIZE
        and len(giver) == size
        and len({card.position for card in taker + giver}) == 2 * size
    ):
        taker.sort(key=in_hand_order)
        giver.sort(key=in_hand_order)
        return tuple(taker), tuple(giver)
    # Something is wrong: find what, in the order a player would look.
    taker_hand = _checked_hand(taker, _TAKER)
    giver_hand = _checked_hand(giver, _GIVER)
    shared_positions = {card.position for card in taker_hand} & {
        card.position for card in giver_hand
    }
    if shared_positions:
        shared = " ".join(str(card) for card in taker_hand if card.position in shared_positions)
        raise CardError(
            f"card {shared} is in both hands"
            if len(shared_positions) == 1
            else f"cards {shared} are in both hands"
        )
    raise CardError(
        f"the hands differ in size: the taker has {len(taker_hand)} cards, "
        f"the giver has {len(giver_hand)}"
    )


in_hand_order = attrgetter("position")
"""Sort key for hand order: spades, hearts, diamonds, clubs; high cards first."""


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards one by one in hand order: ``AS 10H 9D`` (or ``A♠ 10♥ 9♦``)."""
    return " ".join(
        card.symbol if symbols else str(card) for card in sorted(cards, key=in_hand_order)
    )


def format_hand(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """A hand suit by suit: ``S AJ103 H A63 D 1064 C -`` (or ``♠AJ103 ♥A63 ...``)."""
    cards = sorted(cards, key=in_hand_order)
    groups = []
    for suit in SUITS:
        ranks = "".join(card.rank_label for card in cards if card.suit is suit) or "-"
        groups.append(f"{suit.symbol}{ranks}" if symbols else f"{suit.letter} {ranks}")
    return " ".join(groups)


def _parse_grouped(body: str, who: str) -> list[Card]:
    """Read the suit-by-suit notation, e.g. ``S AJT3 H A63 D T64 C -``; a suit
    given again adds to its cards (``S5 S4`` is 5♠ 4♠)."""
    cards: list[Card] = []
    void_suits: set[Suit] = set()
    suit: Suit | None = None
    for token in _split(body):
        position = 0
        while position < len(token):
            char = token[position].upper()
            if char in _SUIT_BY_CHAR:
                suit = _SUIT_BY_CHAR[char]
                position += 1
                continue
            if suit is None:  # cannot happen: the body starts with a suit
                raise CardError(f"{_quoted(token)} in {who} has no suit before it")
            if char == "-":
                if suit in void_suits or any(card.suit is suit for card in cards):
                    raise CardError(
                        f"{_quoted(token)} in {who}: '-' marks a void suit, "
                        f"but {suit.noun} already has cards"
                    )
                void_suits.add(suit)
                position += 1
                continue
            if char == "1":
                if token[position + 1 : position + 2] != "0":
                    raise CardError(
                        f"unknown rank '1' in {_quoted(token)} in {who}: write 10 or T for the ten"
                    )
                label, width = "10", 2
            else:
                label, width = char, 1
            if label not in _RANK_BY_LABEL:
                raise CardError(
                    f"unknown rank {token[position]!r} in {_quoted(token)} in {who}: "
                    "ranks are A K Q J 10 (or T) 9 8 7 6 5 4 3 2, suits S H D C or ♠ ♥ ♦ ♣"
                )
            if suit in void_suits:
                raise CardError(
                    f"{_quoted(token)} in {who}: {suit.noun} is marked void ('-') but has cards"
                )
            card = _CARD_BY_TEXT[label + suit.letter]
            if card in cards:
                raise CardError(f"card {card} appears twice in {who}")
            cards.append(card)
            position += width
    return cards


def _split(text: str) -> list[str]:
    """The tokens of ``text`` between spaces, commas and semicolons."""
    return text.replace(",", " ").replace(";", " ").split()


def _clean(text: str) -> str:
    """The text without the invisible variation selectors that follow some suit symbols."""
    if "\ufe0e" in text or "\ufe0f" in text:
        for char in _IGNORED_CHARS:
            text = text.replace(char, "")
    return text


def _trimmed(text: str) -> str:
    """``text`` without separators or whitespace at either end: any Unicode space
    counts, so a hand pasted with a no-break space in front reads as typed."""
    trimmed = text.strip(_SEPARATOR_CHARS)
    while trimmed[:1].isspace() or trimmed[-1:].isspace():
        trimmed = trimmed.strip().strip(_SEPARATOR_CHARS)
    return trimmed


def _quoted(value: object) -> str:
    """``value`` as a message quotes it: its ``repr``, cut to
    :data:`QUOTED_LENGTH` characters with an ellipsis when longer."""
    if isinstance(value, str) and len(value) > QUOTED_LENGTH:
        return repr(value[:QUOTED_LENGTH] + "…")
    shown = repr(value)
    return shown if len(shown) <= QUOTED_LENGTH + 2 else shown[:QUOTED_LENGTH] + "…"


def _check_text(text: object, who: str, example: str = "AS KS 10H") -> None:
    """CardError unless ``text`` is a string."""
    if not isinstance(text, str):
        raise CardError(
            f"{_capitalised(who)} is {_quoted(text)}, not text: write it like \"{example}\""
        )


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
