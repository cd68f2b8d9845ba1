"""The machinery every game's pad shares, tested on the Gorilla pad's models
(the first game to use it)."""

import datetime
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import transaction
from django.test import RequestFactory

from pad import services
from pad.models import Hand
from scorepads import recording, sharing
from scorepads.display import figure
from scorepads.recording import RecordingError
from scorepads.views import unchanged_poll

ROOT = Path(__file__).resolve().parents[2]


def test_the_shared_app_imports_no_game():
    for path in (ROOT / "scorepads").rglob("*.py"):
        text = path.read_text()
        for game in ("pad", "solver"):
            assert f"from {game}" not in text and f"import {game}" not in text, path


@pytest.mark.parametrize(
    "module", ["pad.rules", "pad.statistics", "pad.summaries", "pad.display", "solver", "two_way_street.rules"]
)
def test_rules_and_display_are_pure(module):
    """No Django import: the rules and the display context can be used anywhere."""
    code = (
        "import sys, importlib; importlib.import_module(sys.argv[1]); "
        "print(sorted(name for name in sys.modules if name == 'django' or name.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, module], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_sharing_raises_the_revision_once_and_keeps_the_token(game):
    before = game.revision
    sharing.share(game)
    token = game.share_token
    sharing.share(game)
    game.refresh_from_db()
    assert (game.share_token, game.revision) == (token, before + 1)
    sharing.stop_sharing(game)
    sharing.stop_sharing(game)
    game.refresh_from_db()
    assert (game.share_token, game.revision) == ("", before + 2)


def test_an_entry_is_saved_once(game):
    services.hand_record(game=game, number=1, outcome="M")
    twin = Hand(game=game, number=1, outcome="P", dealer="odd", taker="even")
    # As a service calls it: in a transaction, which the refusal rolls back whole.
    with pytest.raises(RecordingError, match="hand 1 has already been recorded") as refused, transaction.atomic():
        recording.save_once(twin)
    assert refused.value.code == "taken"
    assert list(game.hands.values_list("outcome", flat=True)) == ["M"]


@pytest.mark.parametrize(
    ("number", "next_number", "code"), [(3, 4, "taken"), (5, 4, "ahead"), (4, None, "finished")]
)
def test_only_the_next_number_is_taken(number, next_number, code):
    with pytest.raises(RecordingError) as refused:
        recording.check_next_number(number, next_number=next_number, finished_at=3)
    assert refused.value.code == code
    recording.check_next_number(4, next_number=4, finished_at=3)


def test_lock_reads_the_stored_values(game):
    type(game).objects.filter(pk=game.pk).update(revision=7, share_token="abc")
    from django.db import transaction

    with transaction.atomic():
        recording.lock(game, "share_token")
    assert (game.revision, game.share_token) == (7, "abc")


def poll(version=None, htmx=True):
    request = RequestFactory().get("/", {} if version is None else {"version": version})
    request.htmx = htmx
    return request


def test_an_unchanged_poll_is_204_and_reads_only_the_revision():
    asked = []

    def revision():
        asked.append(True)
        return 5

    assert unchanged_poll(poll("5"), revision).status_code == 204
    assert unchanged_poll(poll("4"), revision) is None
    assert unchanged_poll(poll(), revision) is None
    assert unchanged_poll(poll("5", htmx=False), revision) is None
    assert len(asked) == 2  # only the two polls asked


def test_a_poll_for_no_such_pad_is_404():
    from django.http import Http404

    with pytest.raises(Http404):
        unchanged_poll(poll("1"), lambda: None)


@pytest.mark.parametrize(("value", "written"), [(-12, "\u221212"), (-1, "\u22121"), (0, "0"), (7, "7")])
def test_a_figure_is_written_with_a_true_minus_sign_and_no_sign_on_0(value, written):
    assert figure(value) == written


def test_check_text_names_the_control_character():
    with pytest.raises(RecordingError, match=r"control character \('\\x00'\)"):
        recording.check_text("a\x00b", label="name")
    recording.check_text("a\tb", label="note", lines=True)


def test_a_new_game_starts_unshared_unfinished_at_revision_zero(partnership):
    """The shared game model adds only what every game needs."""
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    assert (game.revision, game.share_token, game.finished_at) == (0, "", None)


def test_the_recent_games_of_every_kind_merge_newest_first(user, partnership, monkeypatch):
    from types import SimpleNamespace

    from scorepads import history, registry

    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    other = SimpleNamespace(date=datetime.date(2026, 7, 10), created_at=game.created_at)
    monkeypatch.setattr(registry, "_kinds", dict(registry._kinds))
    registry.register(
        registry.GameKind(
            slug="other",
            label="Other game",
            recent=lambda user, limit: [other],
            row_template="other.html",
            listed=None,
            history_rows=None,
            history_row_template="other-row.html",
        )
    )
    entries = history.recent_entries(user)
    assert [(entry.kind.label, entry.game) for entry in entries] == [("Other game", other), ("Gorilla", game)]
    assert history.recent_entries(user, limit=1)[0].game is other


def test_no_template_comment_spans_lines():
    """Django's {# #} comment ends at the line's end: one spread over lines is
    printed on the page. Longer comments use {% comment %}."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "templates"
    spread = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.html")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if line.count("{#") > line.count("#}")
    ]
    assert spread == []


@pytest.mark.parametrize(
    ("search", "names", "found"),
    [
        ("emil", ["Émile", "Zoë"], True),
        ("ZOE emile", ["Émile", "Zoë"], True),
        ("mary ann", ["Mary Ann", "Bo"], True),
        ("jon zoe", ["Émile", "Zoë"], False),
        ("21", ["Teams KO", "board 21"], True),
        ("21", ["Club pairs", "board 121"], False),
        ("21", ["Spring 2021"], False),
        ("2021", ["Spring 2021"], True),
        ("12", ["Round 12, table 3"], True),
        ("", ["anything"], True),
    ],
)
def test_a_search_finds_each_word_in_a_name_and_a_number_only_whole(search, names, found):
    from scorepads import history

    assert history.names_search(search)(names) is found


def test_every_pdf_link_offers_us_letter_beside_a4():
    """A link straight to a PDF prints on A4 only: the pages link their PDFs
    through scorepads/pdf_links.html, which offers US Letter beside A4 (or a
    form with a choice of paper)."""
    import re

    root = Path(__file__).resolve().parents[2] / "templates"
    direct = [
        f"{path.relative_to(root)}: {match.group(0)}"
        for path in root.rglob("*.html")
        for match in re.finditer(r"href=\"\{% url '[^']*pdf'[^%]*%\}[^\"]*\"", path.read_text())
    ]
    assert direct == []


@pytest.mark.parametrize(
    ("url", "label", "a4", "letter"),
    [
        ("/sheet.pdf", "Sheet as PDF", "/sheet.pdf", "/sheet.pdf?size=letter"),
        ("/blank.pdf?game=7", "Blank sheet", "/blank.pdf?game=7", "/blank.pdf?game=7&amp;size=letter"),
    ],
)
def test_the_pdf_links_add_the_letter_size_to_any_address(url, label, a4, letter):
    from django.template.loader import render_to_string

    html = render_to_string("scorepads/pdf_links.html", {"url": url, "label": label})
    assert f'<a href="{a4}">{label}</a>' in html
    assert f'<a href="{letter}" aria-label="{label}, US Letter size">(US Letter)</a>' in html
