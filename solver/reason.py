"""Why a hand is possible or impossible, in one or two sentences a player follows.

The words are the manual's: run cards (the taker's cards in suits the giver is
out of), blocked suits (her remaining cards there are all above his), pitches,
and her keep cards (suits the taker has no cards left in).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .areas import PLAYED, RUN, SuitSort
from .cards import SUITS, Card, Suit, in_hand_order
from .schedule import Attack


def explain(sorts: Sequence[SuitSort], attack: Attack) -> str:
    """The reason for the verdict that ``attack`` reaches."""
    if attack.succeeds:
        return _why_possible(sorts, attack)
    return _why_impossible(attack)


def _why_possible(sorts: Sequence[SuitSort], attack: Attack) -> str:
    if all(sort.state is PLAYED for sort in sorts):
        return (
            "Every card of the giver is lower than a card of the taker in the same suit, "
            "so she follows low to every trick."
        )
    if not attack.opened:
        run = [card for sort in sorts if sort.state is RUN for card in sort.taker_rest]
        return (
            f"No suit is blocked: the giver follows low where she can and pitches "
            f"the rest of her cards on the taker's run cards ({cards_text(run)})."
        )
    steps = [
        f"{suit_text(sort.giver_rest)}, so his {suit_text(sort.taker_rest)} can run"
        for sort in attack.opened
    ]
    suits = ", then ".join(sort.suit.noun for sort in attack.opened)
    return (
        f"The taker attacks {suits}: he leads run cards while the giver pitches "
        + ", then ".join(steps)
        + "."
    )


def _why_impossible(attack: Attack) -> str:
    if attack.run_cards == 0:
        stuck = sorted(attack.stuck, key=_suit_order)
        return (
            "The taker has no run cards at all: the giver can follow every suit he holds, "
            f"so she never gets to pitch her {_pitches(stuck)}, "
            f"which keep his {_blocked(stuck)} blocked."
        )
    # The attack first opens the suits that free at least what they cost; no
    # order of attack ever gives him more run cards than he has then. A suit
    # that costs more than that stays blocked; otherwise he is stuck among the
    # suits that free less than they cost, which cannot all open in any order.
    gaining = [sort for sort in attack.opened if sort.gain >= sort.cost]
    budget = attack.run_cards + sum(sort.gain - sort.cost for sort in gaining)
    after = f" after opening {suit_names(sort.suit for sort in gaining)}" if gaining else ""
    run_words = "no run cards" if budget == 0 else f"only {_count(budget, 'run card')}"
    never = sorted((sort for sort in attack.stuck if sort.cost > budget), key=_suit_order)
    if never:
        return (
            f"{_capitalised(suit_names(sort.suit for sort in never))} stay blocked: "
            f"the giver must pitch {_pitches(never)} before the taker's {_blocked(never)} "
            f"can run, but he has {run_words} left{after}, too few to shed her high cards "
            f"{'there' if len(never) == 1 else 'in any of them'}."
        )
    losing = sorted(
        [sort for sort in attack.opened if sort.gain < sort.cost] + list(attack.stuck),
        key=_suit_order,
    )
    suits = suit_names(sort.suit for sort in losing)
    return (
        f"The taker cannot open {'both ' if len(losing) == 2 else 'all of '}{suits}: "
        f"the giver must pitch {_pitches(losing)} before his {_blocked(losing)} can run, "
        f"but he has {run_words}{after}, and these suits free fewer run cards "
        "than they cost, so he runs out before the last of them is open."
    )


def _pitches(sorts: Sequence[SuitSort]) -> str:
    return " ".join(suit_text(sort.giver_rest) for sort in sorts)


def _blocked(sorts: Sequence[SuitSort]) -> str:
    return " ".join(suit_text(sort.taker_rest) for sort in sorts)


def suit_text(cards: Sequence[Card]) -> str:
    """Cards of one suit, already high to low, behind its symbol: ``♥QJ``."""
    return cards[0].suit.symbol + "".join([card.rank_label for card in cards])


def cards_text(cards: Iterable[Card]) -> str:
    """Cards grouped by suit with its symbol, high first: ``♥QJ ♣J753``."""
    ranks_by_suit: list[list[str]] = [[], [], [], []]
    for card in sorted(cards, key=in_hand_order):
        ranks_by_suit[card.position // 13].append(card.rank_label)
    return " ".join(
        suit.symbol + "".join(ranks) for suit, ranks in zip(SUITS, ranks_by_suit) if ranks
    )


def suit_names(suits: Iterable[Suit]) -> str:
    """``hearts``, ``hearts and clubs``, ``spades, hearts and clubs``."""
    names = [suit.noun for suit in suits]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _suit_order(sort: SuitSort) -> int:
    return sort.suit.index


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
