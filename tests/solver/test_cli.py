"""The command line, ``python -m solver TAKER GIVER [--json]``, run as a player would."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
POSSIBLE = ("S AJT3 H A63 D T64 C -", "S Q H T92 D J987 C AT")
IMPOSSIBLE = ("♥76 ♦543 ♣76", "♥QJ ♦6 ♣J853")


def run_solver(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "solver", *arguments],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def test_possible_hand_prints_verdict_line_and_reason():
    done = run_solver(*POSSIBLE)
    assert done.returncode == 0
    assert done.stderr == ""
    out = done.stdout
    assert "Taker: ♠AJ103 ♥A63 ♦1064 ♣-" in out
    assert "\nPossible.\n" in out
    assert "The taker attacks hearts, then diamonds" in out
    assert "Winning line" in out
    assert " 1.  A♠  Q♠" in out
    assert "10.  4♦ 10♣" in out
    assert "With the roles swapped: possible." in out


def test_impossible_hand_exits_zero_with_the_reason():
    done = run_solver(*IMPOSSIBLE)
    assert done.returncode == 0
    assert "\nImpossible.\n" in done.stdout
    assert "The taker has no run cards at all" in done.stdout
    assert "Winning line" not in done.stdout


@pytest.mark.parametrize(("deal", "possible"), [(POSSIBLE, True), (IMPOSSIBLE, False)])
def test_json_output_is_one_object(deal, possible):
    done = run_solver(*deal, "--json")
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert set(data) == {"possible", "line", "reason", "areas", "possible_if_swapped"}
    assert data["possible"] is possible
    assert (data["line"] is None) is not possible
    assert set(data["areas"]) == {"taker", "giver", "attack_order"}
    assert set(data["areas"]["taker"]) == {"played", "blocked", "run"}
    assert set(data["areas"]["giver"]) == {"played", "pitch", "keep"}
    if possible:
        assert data["line"][0] == ["AS", "QS"]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (("AS XS", "KH 2H"), "unknown rank 'X' in 'XS' in the taker's hand"),
        (("AS KS", "AS 2H"), "card AS is in both hands"),
        (("AS KS", "2H"), "the taker has 2 cards, the giver has 1"),
        (("AS", ""), "The giver's hand is empty"),
    ],
)
def test_bad_input_exits_2_with_the_message_on_stderr(deal, message):
    done = run_solver(*deal)
    assert done.returncode == 2
    assert done.stdout == ""
    assert message in done.stderr
    assert "usage:" in done.stderr


def test_missing_hand_is_a_usage_error():
    done = run_solver("AS")
    assert done.returncode == 2
    assert "GIVER" in done.stderr


def test_help_explains_the_notation():
    done = run_solver("--help")
    assert done.returncode == 0
    for words in ("rank then suit", "AS KS 10H", "S AJT3 H A63 D T64 C -", "♠AJ103", "void"):
        assert words in done.stdout


def test_solver_never_imports_django():
    check = (
        "import sys, solver, solver.__main__, solver.exhaustive, solver.deals, "
        "solver.manual_procedure; "
        "assert not [name for name in sys.modules if name.split('.')[0] == 'django']"
    )
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=PROJECT_ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
