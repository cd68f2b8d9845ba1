"""Settling a hand between the four seats, and the passing of the deal."""

import pytest

from mahjong import Deal, MahjongError, SettlementError, Wind, first_deal, next_deal, settle

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def test_losers_pay_the_winner_and_settle_their_differences_east_doubled():
    # South wins with 100; East has 0, West 40, North 10.
    # To the winner: East 100 x 2 = 200, West 100, North 100.
    # Between the losers: East pays West (40 - 0) x 2 = 80, East pays North
    # (10 - 0) x 2 = 20, North pays West 40 - 10 = 30.
    # Net: South +400; East -200 - 80 - 20 = -300; West -100 + 80 + 30 = +10;
    # North -100 + 20 - 30 = -110. Sum 0.
    result = settle({E: 0, S: 100, W: 40, N: 10}, winner=S)
    assert result.net == {E: -300, S: 400, W: 10, N: -110}
    assert sum(result.net.values()) == 0
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [
        (E, S, 200),
        (W, S, 100),
        (N, S, 100),
        (E, W, 80),
        (E, N, 20),
        (N, W, 30),
    ]
    assert result.payments[0].reason == "East pays the winner's 100 doubled (East)"


def test_east_winning_collects_double_from_everyone():
    # East wins with 120, the others score nothing: each pays 240, no differences.
    result = settle({"E": 120, "S": 0, "W": 0, "N": 0}, winner="E")
    assert result.net == {E: 720, S: -240, W: -240, N: -240}
    assert len(result.payments) == 3


def test_a_limit_winner_as_east_receives_double_the_limit():
    result = settle({E: 500, S: 20, W: 20, N: 20}, winner=E)
    assert result.net[E] == 3 * 1000
    assert result.net[S] == -1000


def test_a_washout_costs_nobody_anything():
    result = settle({E: 30, S: 20, W: 10, N: 0}, winner=None)
    assert result.payments == ()
    assert result.net == {E: 0, S: 0, W: 0, N: 0}


@pytest.mark.parametrize(
    ("scores", "message", "seat"),
    [
        ({E: 10, S: 20, W: 30}, "no score for North: give all four seats' scores", N),
        ({E: 10, S: 20, W: 30, N: -2}, "North's score is -2: a score is a whole number from 0 to 500", N),
        ({E: 10, S: 20, W: 30, N: 520}, "North's score is 520: a score is a whole number from 0 to 500", N),
        (
            {E: 10, S: 20, W: 30, N: 2.5},
            "North's score is 2.5, not a whole number: give a whole number from 0 to 500",
            N,
        ),
        ({E: 10, "east": 20, S: 20, W: 30, N: 0}, "East's score is given twice: give each seat's score once", E),
    ],
)
def test_bad_scores_are_refused_naming_the_seat_and_what_to_give(scores, message, seat):
    with pytest.raises(SettlementError) as refused:
        settle(scores, winner=S)
    assert str(refused.value) == message
    assert refused.value.wind is seat
    assert isinstance(refused.value, MahjongError)


def test_a_seat_that_is_no_wind_is_refused_as_notation():
    with pytest.raises(MahjongError, match="not a wind"):
        settle({"X": 10, S: 20, W: 30, N: 0}, winner=S)


def test_seat_winds_follow_east():
    deal = Deal(Wind.SOUTH, east_player=2)
    assert deal.seat_winds == (W, N, E, S)
    assert deal.player_of(E) == 2 and deal.player_of("N") == 1
    assert all(deal.player_of(deal.wind_of(player)) == player for player in range(4))


def test_east_keeps_the_deal_on_a_win_and_a_washout_and_passes_it_otherwise():
    deal = first_deal()
    assert deal == Deal(E, 0)
    assert next_deal(deal, winner=E) == deal
    assert next_deal(deal, winner=None) == deal
    assert next_deal(deal, winner=W) == Deal(E, 1)
    assert next_deal(Deal(E, 3), winner=S) == Deal(S, 0)
    assert next_deal(Deal(N, 3), winner=N) is None


def test_a_game_without_east_ever_winning_is_sixteen_hands():
    deal, hands = first_deal(), 0
    seen = []
    while deal is not None:
        hands += 1
        seen.append((deal.prevailing_wind, deal.east_player))
        deal = next_deal(deal, winner=S)
    assert hands == 16
    assert seen[:5] == [(E, 0), (E, 1), (E, 2), (E, 3), (S, 0)]
    assert seen[-1] == (N, 3)


def test_a_bad_player_number_is_refused():
    with pytest.raises(SettlementError, match="^East is player 4: the players are numbered 0 to 3 round the table$"):
        Deal(E, 4)
