"""The printed sheets' own user-agent stylesheet (scorepads/print_ua.css): it
names every element the print templates use, and a sheet prints the same with
it as with WeasyPrint's whole one (here the Gorilla pads; each game's own
tests compare its sheets)."""

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

import scorepads.pdf
from pad import pdf
from pad.display import pad_display
from pad.selectors import hands_of
from tests.conftest import record_outcomes
from tests.printing import assert_printed_alike

ROOT = Path(__file__).resolve().parents[2]
PRINT_TEMPLATES = sorted(ROOT.glob("templates/*/print/*.html"))
PRINT_STYLESHEETS = [*sorted(ROOT.glob("static/*/print.css")), *PRINT_TEMPLATES]
WITHOUT_DEFAULTS = {"span", "time"}  # inline, and WeasyPrint's stylesheet says nothing of them
SVG_SHAPES = {"line", "polyline", "rect"}  # drawn by the SVG renderer, not styled as boxes
# Elements that template filters write: ``linebreaksbr`` a <br> for each line break, ``linebreaks`` <p> and <br>.
FILTERS_ELEMENTS = {"br": ("linebreaksbr", "linebreaks"), "p": ("linebreaks",)}


def filters_used(template: str) -> set[str]:
    """The elements written by the filters ``template`` applies."""
    filters = set(re.findall(r"\|\s*(\w+)", template))
    return {tag for tag, writers in FILTERS_ELEMENTS.items() if filters & set(writers)}


def test_every_element_of_the_print_templates_is_named_in_the_stylesheet():
    assert len(PRINT_TEMPLATES) > 8
    used = {tag for path in PRINT_TEMPLATES for tag in re.findall(r"<([a-z][a-z0-9]*)\b", path.read_text())}
    used |= {tag for path in PRINT_TEMPLATES for tag in filters_used(path.read_text())}
    stylesheet = (ROOT / "static" / scorepads.pdf.UA_STYLESHEET).read_text()
    named = set(re.findall(r"(?<![-.#\w])([a-z][a-z0-9]*)\b(?=[^{}]*\{)", re.sub(r"/\*.*?\*/", "", stylesheet, flags=re.S)))
    assert {"td", "th", "table", "p"} <= used
    assert used - WITHOUT_DEFAULTS - SVG_SHAPES - named == set()


def test_every_page_margin_box_of_the_print_stylesheets_is_named_in_the_stylesheet():
    margin_box = r"@((?:top|bottom|left|right)-[a-z-]+)"
    filled = {box for path in PRINT_STYLESHEETS for box in re.findall(margin_box, path.read_text())}
    named = set(re.findall(margin_box, (ROOT / "static" / scorepads.pdf.UA_STYLESHEET).read_text()))
    assert {"top-left", "top-right", "bottom-center"} <= filled
    assert filled - named == set()


@pytest.mark.parametrize("outcomes", ["MMMMIIIPPPIMMMPMIMMM", "MI" * 49 + "MM"])
def test_a_pad_prints_the_same_as_with_weasyprints_stylesheet(game, outcomes, tmp_path, monkeypatch):
    record_outcomes(game, outcomes)
    display = pad_display(game, hands_of(game))
    assert_printed_alike(
        lambda: [pdf.render_game_pad(display), pdf.render_blank_pads(game.partnership, game.date)],
        tmp_path,
        monkeypatch,
    )


def test_a_line_break_in_a_note_is_a_line_break_on_paper(game):
    game.notes = "Played at the club\nrain stopped play"
    game.save(update_fields=["notes"])
    record_outcomes(game, "MMP")
    printed = PdfReader(io.BytesIO(pdf.render_game_pad(pad_display(game, hands_of(game))))).pages[0].extract_text()
    assert "Played at the club\nrain stopped play" in printed
