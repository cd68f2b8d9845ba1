"""Seeded deal generators for the tests and benches: uniform and built to be hard.

* :func:`random_deal`: two hands dealt from a shuffled deck.
* :func:`skewed_deal`: random suit lengths, and in each suit the giver's cards
  pushed high (blocked suits) or low (tricks where she follows low) by a
  random amount, so several suits are often blocked at once.
* :func:`attack_deal`: built from the numbers the decision turns on: per suit
  the cards she must pitch and the taker's blocked or run cards, kept small so
  there are few run cards, several blocked suits and many ties in surplus.
* :func:`manual_trap_deal`: two blocked suits set up so that the manual's
  largest-surplus rule goes wrong, or nearly does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from .cards import DECK, RANKS, SUITS, Card
from .manual_procedure import first_suit, last_suit, manual_attack
from .schedule import opens_all

Deal = tuple[tuple[Card, ...], tuple[Card, ...]]
"""The taker's hand and the giver's hand."""


def random_deal(rng: random.Random, size: int) -> Deal:
    """Two hands of ``size`` cards from a shuffled deck."""
    cards = rng.sample(DECK, 2 * size)
    return tuple(sorted(cards[:size])), tuple(sorted(cards[size:]))


def skewed_deal(rng: random.Random, size: int) -> Deal:
    """Random suit lengths; in each suit her cards pushed high or low at random."""
    taker_lengths = _suit_lengths(rng, size, [13] * 4)
    giver_lengths = _suit_lengths(rng, size, [13 - length for length in taker_lengths])
    taker: list[Card] = []
    giver: list[Card] = []
    for suit, taker_length, giver_length in zip(SUITS, taker_lengths, giver_lengths):
        lift = rng.choice((-2.0, -0.5, 0.0, 0.3, 0.6, 1.0, 2.0, 2.0))
        scored = [(rng.random(), "taker") for _ in range(taker_length)]
        scored += [(rng.random() + lift, "giver") for _ in range(giver_length)]
        ranks = sorted(rng.sample(RANKS, len(scored)))
        for rank, (_, owner) in zip(ranks, sorted(scored)):
            (taker if owner == "taker" else giver).append(Card(suit, rank))
    return tuple(sorted(taker)), tuple(sorted(giver))


def attack_deal(rng: random.Random, size: int) -> Deal:
    """A deal whose blocked suits, pitches and run cards are chosen directly.

    Per suit it picks ``pitch`` (her cards above all his remaining ones) and
    ``rest`` (his blocked or run cards) from small numbers, so that the two
    totals match, then pads the suits with tricks where she follows low.
    """
    pitch_counts = [count for count in (0, 0, 1, 1, 2, 2, 3, 4, 5) if count <= size]
    rest_counts = [count for count in (0, 0, 1, 1, 2, 3, 4, 5) if count <= size]
    while True:
        pitch = [rng.choice(pitch_counts) for _ in SUITS]
        rest = [rng.choice(rest_counts) for _ in SUITS]
        if sum(pitch) != sum(rest):
            continue
        deal = _deal_from_counts(rng, size, pitch, rest)
        if deal is not None:
            return deal


def manual_trap_deal(rng: random.Random, size: int) -> Deal:
    """A deal where the manual's largest-surplus rule (with some tie-break) goes wrong.

    Run cards in one suit, her keep cards in another, two blocked suits whose
    costs and gains are chosen so that attacking the largest surplus first
    gets stuck while another order opens both (or, one time in four, so that
    the manual says impossible and no order works either: near misses). Falls back
    to :func:`attack_deal` when ``size`` is too small for a trap.
    """
    want_trap = rng.random() < 0.75
    for _ in range(400 if size >= _SMALLEST_TRAP else 0):
        run_suit, keep_suit, first_blocked, second_blocked = rng.sample(SUITS, 4)
        run_cards = rng.randint(1, 6)
        costs = [rng.randint(1, 6), rng.randint(1, 6)]
        gains = [rng.randint(1, 5), rng.randint(1, 5)]
        keep = run_cards + sum(gains) - sum(costs)
        if keep < 1 or run_cards + sum(gains) > size:
            continue
        blocked = {first_blocked: (costs[0], gains[0]), second_blocked: (costs[1], gains[1])}
        manual = all(
            manual_attack(run_cards, blocked, keep, tie_break)
            for tie_break in (first_suit, last_suit)
        )
        if manual or opens_all(run_cards, list(blocked.values())) is not want_trap:
            continue
        pitch, rest = [0] * 4, [0] * 4
        rest[run_suit.index], pitch[keep_suit.index] = run_cards, keep
        for suit, (cost, gain) in blocked.items():
            pitch[suit.index], rest[suit.index] = cost, gain
        deal = _deal_from_counts(rng, size, pitch, rest)
        if deal is not None:
            return deal
    return attack_deal(rng, size)


_SMALLEST_TRAP = 6
"""No deal of fewer cards lets the manual's rule go wrong (the tie trap has 6)."""


def _deal_from_counts(
    rng: random.Random, size: int, pitch: list[int], rest: list[int]
) -> Deal | None:
    """Cards for per-suit counts: her cards to pitch above his rest, padded with
    tricks where she follows low until each hand has ``size`` cards; None if
    they do not fit."""
    if sum(pitch) != sum(rest) or sum(rest) > size:
        return None
    room = [(13 - p - r) // 2 for p, r in zip(pitch, rest)]
    if sum(room) < size - sum(rest):
        return None
    paired = _suit_lengths(rng, size - sum(rest), room)
    taker: list[Card] = []
    giver: list[Card] = []
    for suit, suit_pitch, suit_rest, suit_paired in zip(SUITS, pitch, rest, paired):
        top_pairs = rng.randint(0, suit_paired)
        layout = (
            ["taker", "giver"] * top_pairs
            + ["giver"] * suit_pitch
            + ["taker"] * suit_rest
            + ["taker", "giver"] * (suit_paired - top_pairs)
        )
        ranks = sorted(rng.sample(RANKS, len(layout)), reverse=True)
        for rank, owner in zip(ranks, layout):
            (taker if owner == "taker" else giver).append(Card(suit, rank))
    return tuple(sorted(taker)), tuple(sorted(giver))


DEAL_MAKERS: dict[str, Callable[[random.Random, int], Deal]] = {
    "random": random_deal,
    "skewed": skewed_deal,
    "attack": attack_deal,
    "trap": manual_trap_deal,
}


def mixed_deals(
    seed: int, count: int, sizes: range | tuple[int, ...] = range(1, 14)
) -> Iterator[Deal]:
    """``count`` deals cycling through the makers, sizes drawn from ``sizes``."""
    rng = random.Random(seed)
    makers = list(DEAL_MAKERS.values())
    for number in range(count):
        yield makers[number % len(makers)](rng, rng.choice(sizes))


def _suit_lengths(rng: random.Random, total: int, room: list[int]) -> list[int]:
    """Split ``total`` cards over the suits at random, at most ``room[i]`` in suit i."""
    weights = [rng.choice((0.0, 0.3, 1.0, 1.0, 2.0, 4.0)) + 0.01 for _ in room]
    lengths = [0] * len(room)
    for _ in range(total):
        open_suits = [i for i, space in enumerate(room) if lengths[i] < space]
        chosen = rng.choices(open_suits, [weights[i] for i in open_suits])[0]
        lengths[chosen] += 1
    return lengths

