"""The command line, ``python -m solver TAKER GIVER [--json]``, run as a player would."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
POSSIBLE = ("S AJT3 H A63 D T64 C -", "S Q H T92 D J987 C AT")
IMPOSSIBLE = ("♥76 ♦543 ♣76", "♥QJ ♦6 ♣J853")


def run_solver(*arguments: str, encoding: str = "utf-8") -> subprocess.CompletedProcess:
    """The command run with its output in ``encoding`` (as a terminal or a pipe set
    to it would take it); the output is decoded strictly in that encoding."""
    return subprocess.run(
        [sys.executable, "-m", "solver", *arguments],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        encoding=encoding,
        env=os.environ | {"PYTHONIOENCODING": encoding},
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


def test_an_ascii_output_gets_suit_letters():
    done = run_solver(*POSSIBLE, encoding="ascii")
    assert (done.returncode, done.stderr) == (0, "")
    out = done.stdout
    assert "Taker: SAJ103 HA63 D1064 C-" in out
    assert "\nPossible.\n" in out
    assert "the giver pitches H9, so his H3 can run, then DJ87, so his D64 can run." in out
    assert " 1.  AS  QS" in out and "10.  4D 10C" in out
    assert "taker  played AS AH 6H 10D  blocked 3H 6D 4D  run JS 10S 3S" in out


def test_the_smallest_deal_prints_in_ascii():
    done = run_solver("AS", "KS", encoding="ascii")
    assert (done.returncode, done.stderr) == (0, "")
    assert "Taker: SA H- D- C-" in done.stdout and " 1.  AS  KS" in done.stdout


@pytest.mark.parametrize("deal", [POSSIBLE, IMPOSSIBLE])
def test_json_in_ascii_is_the_same_data(deal):
    ascii_done = run_solver(*deal, "--json", encoding="ascii")
    assert (ascii_done.returncode, ascii_done.stderr) == (0, "")
    assert "\\u26" in ascii_done.stdout  # the suit symbols of the reason, escaped
    assert json.loads(ascii_done.stdout) == json.loads(run_solver(*deal, "--json").stdout)


def test_help_and_refusals_print_in_ascii():
    done = run_solver("--help", encoding="ascii")
    assert (done.returncode, done.stderr) == (0, "")
    assert "SAJ103 HA63 D1064 C-" in done.stdout
    done = run_solver("AS XS", "KH 2H", encoding="ascii")
    assert done.returncode == 2
    assert "unknown rank 'X' in 'XS' in the taker's hand" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_long_bad_hand_is_quoted_in_part():
    done = run_solver("AS " + "X" * 100_000, "KH 2H")
    assert done.returncode == 2
    assert "'" + "X" * 40 + "…'" in done.stderr
    assert len(done.stderr) < 1_000
