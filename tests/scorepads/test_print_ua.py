"""The printed sheets' own user-agent stylesheet (scorepads/print_ua.css): it
names every element the print templates use, and a sheet prints the same with
it as with WeasyPrint's whole one."""

import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import scorepads.pdf
from pad import pdf
from pad.display import pad_display
from pad.selectors import hands_of
from tests.conftest import record_outcomes

ROOT = Path(__file__).resolve().parents[2]
PRINT_TEMPLATES = sorted(ROOT.glob("templates/*/print/*.html"))
WITHOUT_DEFAULTS = {"span", "time"}  # inline, and WeasyPrint's stylesheet says nothing of them
SVG_SHAPES = {"line", "polyline", "rect"}  # drawn by the SVG renderer, not styled as boxes


def test_every_element_of_the_print_templates_is_named_in_the_stylesheet():
    assert len(PRINT_TEMPLATES) > 8
    used = {tag for path in PRINT_TEMPLATES for tag in re.findall(r"<([a-z][a-z0-9]*)\b", path.read_text())}
    stylesheet = (ROOT / "static" / scorepads.pdf.UA_STYLESHEET).read_text()
    named = set(re.findall(r"(?<![-.#\w])([a-z][a-z0-9]*)\b(?=[^{}]*\{)", re.sub(r"/\*.*?\*/", "", stylesheet, flags=re.S)))
    assert {"td", "th", "table", "p"} <= used
    assert used - WITHOUT_DEFAULTS - SVG_SHAPES - named == set()


def page_images(content: bytes, directory: Path) -> list[Image.Image]:
    """The pages of the PDF ``content``, in order, drawn in a directory of their own."""
    directory.mkdir()
    (directory / "sheet.pdf").write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "sheet.pdf", "page"], cwd=directory, check=True)
    return [Image.open(path).convert("RGB") for path in sorted(directory.glob("page-*.png"))]


@pytest.mark.parametrize("outcomes", ["MMMMIIIPPPIMMMPMIMMM", "MI" * 49 + "MM"])
def test_a_pad_prints_the_same_as_with_weasyprints_stylesheet(game, outcomes, tmp_path, monkeypatch):
    record_outcomes(game, outcomes)
    display = pad_display(game, hands_of(game))
    ours = page_images(pdf.render_game_pad(display), tmp_path / "ours")
    ours += page_images(pdf.render_blank_pads(game.partnership, game.date), tmp_path / "ours-blank")

    weasyprint = scorepads.pdf._weasyprint()
    monkeypatch.setattr(scorepads.pdf, "_document_class", lambda: weasyprint.HTML)
    theirs = page_images(pdf.render_game_pad(display), tmp_path / "theirs")
    theirs += page_images(pdf.render_blank_pads(game.partnership, game.date), tmp_path / "theirs-blank")

    assert len(ours) == len(theirs) >= 2
    for page, (our_page, their_page) in enumerate(zip(ours, theirs), start=1):
        assert ImageChops.difference(our_page, their_page).getbbox() is None, f"page {page} differs"
