"""Properties of the scorer over hypothesis-built winning hands, and of the settlement."""

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import (
    LIMIT,
    WINDS,
    Hand,
    SetKind,
    TileSet,
    final_score,
    format_hand,
    parse_hand,
    settle,
)
from mahjong.scoring import score_win

from .strategies import hand_tokens, winning_hands

COMMON = settings(max_examples=150)


@COMMON
@given(winning_hands())
def test_the_chosen_arrangement_scores_at_least_as_much_as_any_other(hand_and_win):
    hand, win = hand_and_win
    cards = score_win(hand, win)
    best = cards[0]
    assert all(best.rank_key >= other.rank_key for other in cards)
    assert best.score == max(other.score for other in cards)


@COMMON
@given(winning_hands())
def test_every_score_is_a_multiple_of_ten_and_never_over_the_limit(hand_and_win):
    hand, win = hand_and_win
    for result in score_win(hand, win):
        assert 0 < result.score <= LIMIT
        assert result.score % 10 == 0
        assert result.raw == result.base_points * 2**result.double_count
        assert result.base_points == sum(item.value for item in result.points)
        assert result.double_count == sum(item.value for item in result.doubles)
        assert result.base_points % 2 == 0  # so rounding never meets a half
        expected = LIMIT if result.limit_hands else final_score(result.raw)
        assert result.score == expected


@COMMON
@given(winning_hands(), st.data())
def test_melding_a_concealed_set_never_raises_the_score(hand_and_win, data):
    """Melding can only take points away, except the 2 for the only possible tile,
    which melding can create (the melded set no longer offers another wait)."""
    hand, win = hand_and_win
    before = score_win(hand, win)[0]
    meldable = []
    for tile_set in before.arrangement.sets:
        if tile_set.melded or tile_set.kind not in (SetKind.CHOW, SetKind.PUNG):
            continue
        rest = list(hand.concealed)
        for tile in tile_set.tiles:
            rest.remove(tile)
        if win.winning_tile in rest:
            meldable.append((tile_set, rest))
    if not meldable:
        return
    tile_set, rest = data.draw(st.sampled_from(meldable))
    melded = Hand(
        tuple(rest),
        hand.declared + (TileSet(tile_set.kind, tile_set.tiles, melded=True),),
        hand.bonus,
    )
    after = score_win(melded, win)[0]
    assert after.waits <= before.waits
    if after.only_possible_tile == before.only_possible_tile:
        assert after.base_points <= before.base_points
        assert after.score <= before.score
    else:
        assert after.base_points <= before.base_points + 2


@COMMON
@given(winning_hands(), st.randoms(use_true_random=False))
def test_the_order_of_the_tiles_does_not_change_the_score(hand_and_win, random):
    hand, win = hand_and_win
    tokens = hand_tokens(hand)
    random.shuffle(tokens)
    shuffled = parse_hand(" ".join(tokens))
    assert shuffled == hand
    assert score_win(shuffled, win)[0].text == score_win(hand, win)[0].text


@COMMON
@given(winning_hands())
def test_the_notation_reads_back_what_it_writes(hand_and_win):
    hand, _ = hand_and_win
    assert parse_hand(format_hand(hand)) == hand


@settings(max_examples=300)
@given(
    st.lists(st.integers(0, LIMIT), min_size=4, max_size=4),
    st.one_of(st.none(), st.sampled_from(WINDS)),
)
def test_a_settlement_sums_to_zero(scores, winner):
    result = settle(dict(zip(WINDS, scores, strict=True)), winner)
    assert sum(result.net.values()) == 0
    if winner is not None:
        assert result.net[winner] > 0 or scores[WINDS.index(winner)] == 0
        assert all(payment.amount > 0 for payment in result.payments)
