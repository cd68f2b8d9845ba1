"""The summaries stored on each game: computed purely from the pad, written after
every change, never out of step with the hands."""

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from pad import rules, services, summaries
from pad.exchange import GameSpec, ImportFileError, read_document
from pad.models import Game, Hand
from pad.services import RecordingError
from pad.statistics import Tally, add_up
from pad.summaries import (
    SUMMARY_FIELDS,
    FinishedGame,
    best_game,
    game_summary,
    longest_run,
    results_by_year,
    results_chart,
    runs,
    season_chart,
    summary_of_hands,
    worst_game,
)
from tests.conftest import record_outcomes


def played(outcomes, first=rules.Seat.ODD):
    hands, dealer = [], first
    for number, outcome in enumerate(outcomes, start=1):
        hands.append(rules.PlayedHand(number, rules.Outcome(outcome), dealer))
        dealer = dealer.other
    return hands


def stored_summary(game):
    return Game.objects.filter(pk=game.pk).values(*SUMMARY_FIELDS).get()


def recomputed_summary(game):
    hands = Hand.objects.filter(game=game).order_by("number")
    return summary_of_hands([hand.as_played() for hand in hands])


# The pure summary


def test_summary_of_a_won_game():
    # Odd partner deals hands 1, 3, 5, ...; 10-1 after hand 11.
    assert summary_of_hands(played("MMMMMMMMMIM")) == {
        "hand_count": 11,
        "partnership_score": 10,
        "fates_score": 1,
        "result": "won",
        "made_count": 10,
        "possible_count": 0,
        "impossible_count": 1,
        "game_pride": "1",
        "responsible_from_hand": 11,  # 10-1 counting every P as theirs: the 11th hand
        "odd_dealt": 6,
        "odd_makeable": 6,
        "even_dealt": 5,
        "even_makeable": 4,
        "longest_made_run": 9,
    }


def test_summary_of_a_lost_game_the_partnership_was_responsible_for():
    summary = summary_of_hands(played("PPPPPPPPPP", first=rules.Seat.EVEN))
    assert summary["result"] == "lost"
    assert (summary["partnership_score"], summary["fates_score"]) == (0, 10)
    assert (summary["made_count"], summary["possible_count"], summary["impossible_count"]) == (0, 10, 0)
    assert summary["game_pride"] == "0"
    assert (summary["even_dealt"], summary["even_makeable"]) == (5, 5)


def test_summary_of_a_lost_game_never_theirs_to_win():
    summary = summary_of_hands(played("PIIIIIIIII"))
    assert summary["game_pride"] == "?"
    assert (summary["odd_dealt"], summary["odd_makeable"]) == (5, 1)
    assert (summary["even_dealt"], summary["even_makeable"]) == (5, 0)


def test_summary_of_a_game_in_progress_has_no_result_and_no_pride():
    summary = summary_of_hands(played("MPI"))
    assert summary["result"] == ""
    assert summary["game_pride"] == ""
    assert summary["hand_count"] == 3


def test_a_new_game_holds_the_summary_of_an_empty_pad(game):
    """game_start writes no summary: the model's defaults must be the empty pad's."""
    assert stored_summary(game) == summary_of_hands([])


def test_summary_fields_are_the_keys_of_game_summary():
    assert tuple(game_summary(rules.compute_pad([]))) == SUMMARY_FIELDS


def test_tally_adds_counts_not_ratios():
    seven_of_nine = {
        **summary_of_hands(played("MMMMMMMPPII")),
    }
    three_of_four = summary_of_hands(played("MMMPI"))
    counts = add_up([seven_of_nine, three_of_four])
    tally = Tally(counts)
    assert (str(Tally(seven_of_nine).play), str(Tally(three_of_four).play)) == ("7/9", "3/4")
    assert str(tally.play) == "10/13"
    assert counts["longest_made_run"] == 7  # the longest run of M is the longest of any game, not a sum


def test_tally_reads_ratios_from_counts():
    tally = Tally(
        dict(
            hand_count=13,
            made_count=10,
            possible_count=3,
            impossible_count=0,
            odd_dealt=7,
            odd_makeable=6,
            even_dealt=6,
            even_makeable=4,
            longest_made_run=5,
        )
    )
    assert str(tally.play) == "10/13"
    assert str(tally.fate) == "13/13"
    assert str(tally.generosity(rules.Seat.ODD)) == "6/7"
    assert str(tally.generosity(rules.Seat.EVEN)) == "4/6"
    assert str(Tally().play) == "-"


# Runs, best and worst games, the chart


def finished(*results, start=datetime.date(2026, 1, 1)):
    """Finished games from (won, partnership, fates) triples, one a day."""
    return [
        FinishedGame(number, start + datetime.timedelta(days=number), won, ours, theirs)
        for number, (won, ours, theirs) in enumerate(results, start=1)
    ]


W10, W2, L10, L2 = (True, 10, 0), (True, 10, 8), (False, 0, 10), (False, 9, 11)


def test_runs_cut_games_by_result():
    games = finished(W10, W2, L2, W2, L10, L10, L2)
    assert [(run.won, run.length) for run in runs(games)] == [
        (True, 2), (False, 1), (True, 1), (False, 3),
    ]


@given(st.lists(st.booleans(), max_size=60))
def test_runs_are_the_games_in_order_cut_where_the_result_changes(results):
    games = finished(*(W10 if won else L10 for won in results))
    found = runs(games)
    assert [game for run in found for game in run.games] == games
    assert all(game.won == run.won for run in found for game in run.games)
    assert all(before.won != after.won for before, after in zip(found, found[1:]))


def test_longest_runs_prefer_the_latest_of_equal_length():
    games = finished(W10, W10, L2, W2, W2, L2)
    winning = longest_run(runs(games), won=True)
    assert winning.length == 2
    assert [game.id for game in winning.games] == [4, 5]
    assert longest_run(runs(games), won=False).first.id == 6


def test_longest_run_of_none():
    assert longest_run(runs(finished(W2)), won=False).length == 0
    assert longest_run([], won=True).first is None


def test_best_and_worst_games_ties_go_to_the_latest():
    games = finished(W10, W2, L10, W10, L2, L10, W2)
    assert best_game(games).id == 4
    assert worst_game(games).id == 6
    assert best_game(finished(L2)) is None
    assert worst_game(finished(W2)) is None


def test_results_by_year():
    games = [
        FinishedGame(1, datetime.date(2024, 5, 1), True, 10, 3),
        FinishedGame(2, datetime.date(2024, 6, 1), False, 3, 10),
        FinishedGame(3, datetime.date(2025, 1, 1), True, 10, 3),
    ]
    assert [(year.year, year.won, year.lost, str(year.share)) for year in results_by_year(games)] == [
        (2024, 1, 1, "1/2"),
        (2025, 1, 0, "1/1"),
    ]


def test_chart_draws_wins_up_and_losses_down_by_margin():
    chart = results_chart(finished(W10, L2, W2))
    won_big, lost_small, won_small = chart.bars
    assert chart.axis == 50
    assert (won_big.y, won_big.height) == (0, 50)
    assert (lost_small.y, lost_small.height) == (50, 10)
    assert (won_small.y, won_small.height) == (40, 10)
    # Three games sit in the middle of a chart of CHART_MIN_SLOTS (12) slots.
    assert [bar.x for bar in chart.bars] == [46, 56, 66]
    assert chart.label.startswith("Results of 3 finished games, oldest first: 2 won, 1 lost")


def test_chart_shows_the_last_games_only():
    games = finished(*([W2] * 70))
    chart = results_chart(games, limit=60)
    assert len(chart.bars) == 60
    assert chart.games[0].id == 11
    assert "the last 60 of 70 finished games" in chart.label


# The season report's chart: every game, the ratios from the season's first


def season_games(count, start=datetime.date(2026, 1, 1), days=364):
    """``count`` finished games spread over ``days`` from ``start``, with
    changing results and counts (made, possible to make, hands)."""
    return [
        FinishedGame(
            number,
            start + datetime.timedelta(days=number * days // max(count, 1)),
            number % 3 != 0,
            10 if number % 3 else number % 9,
            number % 7 if number % 3 else 10,
            made=number % 11,
            possible=number % 11 + number % 4,
            hands=number % 11 + number % 4 + number % 5,
        )
        for number in range(count)
    ]


@pytest.mark.parametrize("count", [94, 400])
def test_the_season_chart_draws_every_game_inside_its_frames(count):
    games = season_games(count)
    chart = season_chart(games)
    assert [bar.game for bar in chart.bars] == games  # not only the last 60
    xs = [bar.x for bar in chart.bars]
    assert xs == sorted(xs) and len(set(xs)) == count
    assert all(0 <= bar.x and bar.x + bar.width <= chart.width + 1e-6 for bar in chart.bars)
    assert all(0 < bar.width <= chart.width / count for bar in chart.bars)  # bars never overlap
    assert all(0 <= bar.y and bar.y + bar.height <= chart.margin_height + 1e-6 for bar in chart.bars)
    assert all(0 <= point.y <= chart.ratio_height for point in (*chart.play, *chart.fate))
    assert chart.play[-1].x == pytest.approx(chart.bars[-1].x + chart.bars[-1].width / 2, abs=0.01)
    assert f"Results of {count} finished games" in chart.label


@settings(max_examples=60)
@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30)), min_size=1, max_size=120
    )
)
def test_the_ratio_lines_run_from_the_seasons_first_game_and_end_at_its_ratios(rows):
    games = [
        FinishedGame(number, datetime.date(2026, 1, 1) + datetime.timedelta(days=number), won, 10, 8,
                     made=made, possible=made + possible, hands=made + possible + impossible)
        for number, (won, made, possible, impossible) in enumerate(rows)
    ]
    chart = season_chart(games)
    made = sum(game.made for game in games)
    possible = sum(game.possible for game in games)
    hands = sum(game.hands for game in games)
    # Ratios as the statistics box counts them over the season.
    assert chart.play_final == rules.Ratio(made, possible) if possible else not chart.play
    assert chart.fate_final == rules.Ratio(possible, hands) if hands else not chart.fate
    # Each point is the ratio of the games up to it, counted from the first.
    so_far = 0
    for point in chart.play:
        index = round(point.x / (chart.width / len(games)) - 0.5)
        so_far = sum(game.made for game in games[: index + 1])
        assert point.ratio.numerator == so_far
        assert point.y == pytest.approx(chart.ratio_height * (1 - point.ratio.numerator / point.ratio.denominator), abs=0.01)
    labels = [tick.label for tick in chart.end_labels]
    if possible:
        play = rules.Ratio(made, possible)
        assert f"play {play.percent}%" in labels
        assert f"The play ratio ends at {play.percent}% ({play})" in chart.ends
    else:
        assert "The play ratio ends at nowhere (no hand yet)" in chart.ends


def test_the_season_chart_has_a_scale_for_each_frame_and_dates_under_them():
    chart = season_chart(season_games(94))
    assert [(tick.label, tick.position) for tick in chart.ratio_ticks] == [
        ("0%", 40), ("25%", 30), ("50%", 20), ("75%", 10), ("100%", 0)
    ]
    assert [tick.label for tick in chart.margin_ticks] == ["+10", "+5", "0", "−5", "−10"]
    assert [tick.percent for tick in chart.margin_ticks] == [0, 25, 50, 75, 100]
    assert chart.margin_ticks[2].position == chart.margin_axis
    # Wins stand on the axis, losses hang from it, as tall as the margin (10 at most).
    for bar in chart.bars:
        assert bar.height == pytest.approx(chart.margin_axis * min(bar.game.lead, 10) / 10)
        assert (bar.y + bar.height == pytest.approx(chart.margin_axis)) if bar.game.won else bar.y == chart.margin_axis
    dates = [tick.label for tick in chart.date_ticks]
    assert dates[0] == "1 Jan" and dates[-1] == "27 Dec"
    assert {"Feb", "Jun", "Nov"} <= set(dates)
    assert chart.date_ticks[0].align == "start" and chart.date_ticks[-1].align == "end"
    positions = [tick.position for tick in chart.date_ticks]
    assert positions == sorted(positions)
    # No two dates overprint: each label (1.5 mm a character) clears the next by 3 mm.
    extents = [
        {"start": (t.position, t.position + 1.5 * len(t.label)),
         "middle": (t.position - 0.75 * len(t.label), t.position + 0.75 * len(t.label)),
         "end": (t.position - 1.5 * len(t.label), t.position)}[t.align]
        for t in chart.date_ticks
    ]
    assert all(after[0] - before[1] >= 3 for before, after in zip(extents, extents[1:])), extents
    assert len(chart.month_lines) == 11  # a line where each month from February starts


def test_a_month_too_near_its_neighbours_label_to_centre_is_labelled_beside_its_line():
    # 30 games: three in January, so February's line is 15 mm in, near "1 Jan" (2.5 to 10 mm).
    chart = season_chart(season_games(30))
    dates = [(tick.label, tick.align) for tick in chart.date_ticks]
    assert ("Feb", "start") in dates  # beginning at its line, clear of "1 Jan"
    assert [label for label, _ in dates] == ["1 Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "18 Dec"]
    extents = [summaries._extent(tick) for tick in chart.date_ticks]
    assert all(after[0] - before[1] >= summaries.SEASON_LABEL_GAP for before, after in zip(extents, extents[1:])), extents


def test_a_one_game_season_draws_its_point_and_bar_with_their_labels():
    game = FinishedGame(1, datetime.date(2026, 7, 9), True, 11, 9, made=11, possible=15, hands=20)
    chart = season_chart([game])
    (bar,) = chart.bars
    assert bar.x + bar.width / 2 == chart.width / 2 and 0 < bar.width <= 4  # a bar, not a wall
    assert bar.height == pytest.approx(chart.margin_axis * 2 / 10)
    assert [(point.x, point.ratio) for point in chart.markers] == [
        (chart.width / 2, rules.Ratio(11, 15)), (chart.width / 2, rules.Ratio(15, 20))
    ]
    assert [tick.label for tick in chart.end_labels] == ["play 73%", "fate 75%"]
    assert [(tick.label, tick.align) for tick in chart.date_ticks] == [("9 Jul", "middle")]
    assert chart.month_lines == ()
    assert "Results of 1 finished game," in chart.label


# Stored summaries follow every change


@pytest.mark.parametrize(
    ("outcomes", "change"),
    [("MMMP", None), ("MMMMMMMMMM", None), ("PPPPPPPPPP", None), ("MPIM", (2, "M"))],
)
def test_services_store_the_summary(game, outcomes, change):
    record_outcomes(game, outcomes)
    if change:
        services.hand_change_outcome(game=game, number=change[0], outcome=change[1])
    assert stored_summary(game) == recomputed_summary(game)
    game.refresh_from_db()
    assert (game.finished_at is not None) == (game.result != "")


def test_undo_reopens_a_finished_game(game):
    record_outcomes(game, "MMMMMMMMMM")
    game.refresh_from_db()
    finished_at = game.finished_at
    assert game.result == "won" and finished_at is not None
    services.hand_undo_last(game=game)
    game.refresh_from_db()
    assert (game.result, game.finished_at, game.hand_count) == ("", None, 9)


def test_finishing_again_keeps_the_first_end_time_while_finished(game):
    record_outcomes(game, "MMMMMMMMMIM")
    game.refresh_from_db()
    first_end = game.finished_at
    stale = Game.objects.get(pk=game.pk)
    services.hand_change_outcome(game=stale, number=10, outcome="P")
    game.refresh_from_db()
    assert game.finished_at == first_end


def test_a_stale_game_instance_still_stores_the_right_summary(game):
    """A request that read the game before another changed it must not skip a write."""
    stale = Game.objects.get(pk=game.pk)
    record_outcomes(game, "MMM")
    services.hand_undo_last(game=stale)
    assert stored_summary(game) == recomputed_summary(game)


def test_bulk_creation_stores_the_summary(partnership):
    spec = GameSpec("Jon", "Richard", datetime.date(2026, 3, 3), "")
    dealer = rules.Seat.ODD
    for number, outcome in enumerate("MPIMMMMMMMMM", start=1):
        spec.hands.append(Hand(number=number, outcome=outcome, dealer=dealer.value, taker=dealer.other.value))
        dealer = dealer.other
    assert services.games_create_in_bulk(specs=[spec]) == 1
    game = Game.objects.get(date=datetime.date(2026, 3, 3))
    assert stored_summary(game) == recomputed_summary(game)
    assert game.result == "won" and game.finished_at is not None


def test_bulk_creation_refuses_an_impossible_pad(partnership):
    spec = GameSpec("Jon", "Richard", datetime.date(2026, 3, 3), "")
    spec.hands = [Hand(number=2, outcome="M", dealer="odd", taker="even")]
    with pytest.raises(rules.PadError):
        services.games_create_in_bulk(specs=[spec])
    assert not Game.objects.filter(date=datetime.date(2026, 3, 3)).exists()


def export_of(outcomes, date="2026-05-05"):
    return {
        "format": "gorilla-pad/1",
        "games": [
            {
                "partnership": {"odd": "Jon", "even": "Richard"},
                "date": date,
                "hands": [{"outcome": outcome} for outcome in outcomes],
            }
        ],
    }


class SummaryMachine(RuleBasedStateMachine):
    """Random record / undo / change / import sequences, through the services;
    after each step every game's stored summary equals the one recomputed
    from its hands. Services are sometimes handed a stale Game instance."""

    def __init__(self):
        super().__init__()
        partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard")
        first = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
        self.games = [first]

    def pick(self, index, fresh):
        game = self.games[index % len(self.games)]
        return Game.objects.get(pk=game.pk) if fresh else game

    @rule(index=st.integers(0, 10), fresh=st.booleans(), outcome=st.sampled_from("MPI"))
    def record(self, index, fresh, outcome):
        game = self.pick(index, fresh)
        number = Hand.objects.filter(game=game).count() + 1
        try:
            services.hand_record(game=game, number=number, outcome=outcome)
        except RecordingError:
            assert Game.objects.get(pk=game.pk).result != ""

    @rule(index=st.integers(0, 10), fresh=st.booleans())
    def undo(self, index, fresh):
        try:
            services.hand_undo_last(game=self.pick(index, fresh))
        except RecordingError:
            pass

    @rule(index=st.integers(0, 10), fresh=st.booleans(), number=st.integers(1, 25), outcome=st.sampled_from("MPI"))
    def change(self, index, fresh, number, outcome):
        try:
            services.hand_change_outcome(game=self.pick(index, fresh), number=number, outcome=outcome)
        except RecordingError:
            pass

    @precondition(lambda self: len(self.games) < 6)
    @rule(outcomes=st.text(alphabet="MPI", max_size=25), day=st.integers(1, 28))
    def import_game(self, outcomes, day):
        try:
            specs = read_document(export_of(outcomes, f"2026-02-{day:02d}"))
        except ImportFileError:
            return  # hands after the end: refused before anything is written
        self.games.extend(services.games_import(specs=specs))

    @precondition(lambda self: len(self.games) < 6)
    @rule(outcomes=st.text(alphabet="MPI", max_size=25))
    def import_in_bulk(self, outcomes):
        try:
            specs = read_document(export_of(outcomes))
        except ImportFileError:
            return
        services.games_create_in_bulk(specs=specs)
        self.games.append(Game.objects.latest("pk"))

    @invariant()
    def summaries_match_the_hands(self):
        for game in self.games:
            stored = Game.objects.get(pk=game.pk)
            assert stored_summary(game) == recomputed_summary(game)
            assert (stored.finished_at is not None) == (stored.result != "")


def test_stored_summaries_never_fall_out_of_step(db):
    run_state_machine_as_test(
        SummaryMachine,
        settings=settings(
            max_examples=30,
            stateful_step_count=30,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


def test_results_are_the_model_choices():
    assert [(result.value, result.label) for result in rules.Result] == Game._meta.get_field("result").choices
