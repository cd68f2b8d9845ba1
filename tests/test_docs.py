"""The README and the guides: no dead link between them, every picture they
name is there (`make screenshots` takes them), every picture there is named,
and every setting read from the environment is in the operator's table."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GUIDES = sorted([README, *(ROOT / "docs").rglob("*.md"), *ROOT.glob("*/RULES.md")])
IMAGES = ROOT / "docs" / "images"

FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
INDENTED = re.compile(r"^(?: {4}|\t).*$", re.MULTILINE)
INLINE_CODE = re.compile(r"`[^`\n]*`")
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HTML_SOURCE = re.compile(r"<(?:img|a)\s[^>]*(?:src|href)=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)


def prose(path: Path) -> str:
    """The text of ``path`` without its code, where brackets are not links."""
    text = FENCED.sub("", path.read_text())
    return INLINE_CODE.sub("", INDENTED.sub("", text))


def links(path: Path) -> list[str]:
    text = prose(path)
    return MARKDOWN_LINK.findall(text) + HTML_SOURCE.findall(text)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    heading = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {anchor(heading) for heading in HEADING.findall(FENCED.sub("", path.read_text()))}


def relative_links():
    for guide in GUIDES:
        for target in links(guide):
            if not re.match(r"[a-z]+:", target):
                yield guide, target


def test_the_guides_are_there():
    names = {path.relative_to(ROOT).as_posix() for path in GUIDES}
    assert {"docs/players/README.md", "docs/operators.md", "docs/developers.md", "pad/RULES.md"} <= names


def test_no_relative_link_is_dead():
    dead = []
    for guide, target in relative_links():
        path, _, fragment = target.partition("#")
        file = (guide.parent / path).resolve() if path else guide
        if not file.exists():
            dead.append(f"{guide.relative_to(ROOT)}: {target} (no such file)")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            dead.append(f"{guide.relative_to(ROOT)}: {target} (no such heading)")
    assert not dead, dead


def test_every_picture_named_is_there_and_every_picture_there_is_named():
    named = {
        (guide.parent / target).resolve()
        for guide, target in relative_links()
        if target.endswith(".png")
    }
    assert named, "the guides show no picture"
    assert not [str(path.relative_to(ROOT)) for path in named if not path.is_file()]
    assert {path.resolve() for path in IMAGES.glob("*.png")} == named


def test_the_readme_is_short_and_gives_the_two_commands_on_its_first_screen():
    lines = README.read_text().splitlines()
    assert len(lines) <= 200
    first_screen = "\n".join(lines[:40])
    assert "make run" in first_screen and "make test" in first_screen
    assert "http://127.0.0.1:8000" in first_screen


def daily_limit_settings() -> set[str]:
    """The settings of the daily limits the project's games declare on their
    registrations (scorepads.limits reads each from the environment); a game
    registered by the tests alone has no operator."""
    from django.apps import apps

    from scorepads import registry

    return {
        kind.daily_limit.setting
        for kind in registry.kinds()
        if kind.daily_limit and Path(apps.get_app_config(kind.app).path).resolve().parent == ROOT
    }


def test_every_setting_read_from_the_environment_is_in_the_operators_table():
    settings = (ROOT / "gorilla_site" / "settings.py").read_text()
    read = set(re.findall(r"(?:environ\.get\(|environ\[|env_flag\()\s*\"([A-Z_]+)\"", settings))
    assert {"DEBUG", "SECRET_KEY", "TIME_ZONE"} <= read
    read.add("DATABASE_URL")  # read by dj_database_url.config()
    limits = daily_limit_settings()
    assert {"TWO_WAY_STREET_GAMES_PER_DAY", "MAH_JONGG_GAMES_PER_DAY", "BRIDGE_RULINGS_PER_DAY"} <= limits
    read |= limits
    table = [line for line in (ROOT / "docs" / "operators.md").read_text().splitlines() if line.startswith("| `")]
    in_table = {name for line in table for name in re.findall(r"`([A-Z_]+)`", line.split("|")[1])}
    assert not read - in_table, f"not in docs/operators.md's configuration table: {sorted(read - in_table)}"


@pytest.mark.parametrize("guide", GUIDES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_guide_speaks_of_a_figure_the_code_can_change(guide):
    """No line count, test count or timing written by hand (a bench prints its own)."""
    text = prose(guide)
    assert not re.findall(r"\b\d[\d,.]*\s?(?:ms|lines|tests|queries)\b", text)
