"""Names in every script on every game's pages and printed sheets: each name in
its own direction (``<bdi>`` in HTML, FSI ... PDI in plain text), every letter
drawn from a font that has it, a letter no font has written as its code point,
and long names broken where the line ends."""

import datetime
import io
import re
import subprocess
from functools import cache

import pytest
from django.template import Context, Template
from django.urls import reverse
from fontTools.ttLib import TTFont
from pypdf import PdfReader

import scorepads.names
from bridge.models import Ruling
from mahjong import services as mahjong_services
from pad import services as pad_services
from scorepads.names import FSI, PDI, PRINTED_SCRIPTS, isolate, spell_unprintable, unprintable
from scorepads.players import Seat
from tests.bridge.test_pages import calculator_url, save_post
from tests.browser.conftest import ARTIFACTS
from tests.conftest import record_outcomes
from tests.names import fsi
from two_way_street import services as street_services

ARABIC, HEBREW, DEVANAGARI, THAI, CJK, EMOJI = (
    PRINTED_SCRIPTS[script] for script in ("Arabic", "Hebrew", "Devanagari", "Thai", "CJK", "Emoji")
)
LONG = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaf"  # 60 letters, no break
assert len(LONG) == 60
HOSTILE = [ARABIC, HEBREW, DEVANAGARI, THAI, CJK, EMOJI, LONG]
RIGHT_TO_LEFT = "\u202a\u202b\u202c\u202d\u202e"  # the marks pdftotext puts around right-to-left text
BUNDLED = [str(path) for path in scorepads.names.BUNDLED_FONTS]


# -- plain text and markup --------------------------------------------------------


def test_a_name_is_isolated_in_plain_text():
    assert isolate(ARABIC) == f"{FSI}{ARABIC}{PDI}"
    assert isolate("") == ""


def render(source: str, **context) -> str:
    return Template(source).render(Context(context))


def test_the_filters_wrap_names_in_bdi_and_escape_them():
    assert render("{{ name|isolated }} 7", name=ARABIC) == f"<bdi>{ARABIC}</bdi> 7"
    assert render("{{ name|isolated }}", name="<b>Ann</b>") == "<bdi>&lt;b&gt;Ann&lt;/b&gt;</bdi>"
    assert render("{{ name|isolated }}", name="") == ""
    assert render('{{ names|isolated_join:", " }}', names=["Ann", "<i>"]) == "<bdi>Ann</bdi>, <bdi>&lt;i&gt;</bdi>"
    assert render("{{ name|isolated_text }}", name="<b>") == f"{FSI}&lt;b&gt;{PDI}"


def test_a_heading_cuts_long_names_and_counts_those_left_out():
    from scorepads.names import cut, heading_names

    assert cut("Ann", 3) == "Ann" and cut("Annabel", 4) == "Ann…"
    assert cut("Zoe\u0308e", 4) == "Zo…"  # not between a letter and its accent
    shown, more = heading_names(["x" * 60, "Ann", "Ben", "Cat"], each=20, room=30)
    assert shown == ["x" * 19 + "…", "Ann"] and more == 2
    # The last name is shown where "and 1 more" would take as much room.
    assert heading_names(["x" * 60, "Ann", "Ben"], each=20, room=30) == (["x" * 19 + "…", "Ann", "Ben"], 0)
    assert heading_names(["x" * 60, "Ann", "Bartholomew Smith"], each=20, room=30) == (["x" * 19 + "…", "Ann"], 1)
    assert heading_names([LONG], room=1) == ([cut(LONG, 20)], 0)  # the first always
    assert render("{{ names|isolated_heading }}", names=["<b>", "Ann"]) == "<bdi>&lt;b&gt;</bdi>, <bdi>Ann</bdi>"
    many = render("{{ names|isolated_heading }}", names=[f"Player {number}" for number in range(1, 13)])
    assert many.startswith("<bdi>Player 1</bdi>, <bdi>Player 2</bdi>") and many.endswith(" and 7 more")


def test_a_letter_no_font_draws_is_written_as_its_code_point():
    hieroglyph = "\U00013000"  # EGYPTIAN HIEROGLYPH A001: in none of the fonts make run installs
    assert unprintable(f"Ann{hieroglyph}{ARABIC}") == [hieroglyph]
    assert spell_unprintable(f"Ann {hieroglyph}!") == "Ann [U+13000]!"
    for name in PRINTED_SCRIPTS.values():
        assert unprintable(name) == [], name
    assert unprintable("👩\u200d👩\u200d👧 ❤\ufe0f") == []  # the joiner and selector need no glyph


# -- printed sheets -----------------------------------------------------------------


@cache
def font_files() -> dict[str, list[str]]:
    """The files of each font family fontconfig knows, by the name WeasyPrint
    embeds it under ("Noto-Sans-CJK-JP"); the bundled font is "Pad-Sans"."""
    listing = subprocess.run(["fc-list", "--format", "%{family[0]}|%{file}\n"], capture_output=True, text=True, check=True)
    files: dict[str, list[str]] = {"Pad-Sans": BUNDLED}
    for line in listing.stdout.splitlines():
        family, _, path = line.partition("|")
        files.setdefault(family.replace(" ", "-"), []).append(path)
    return files


@cache
def characters_of(path: str) -> frozenset[str]:
    with TTFont(path, fontNumber=0, lazy=True) as font:
        return frozenset(map(chr, font.getBestCmap()))


def drawn_characters(content: bytes) -> dict[str, set[str]]:
    """The characters each embedded font draws, by its name, read from its ToUnicode map."""
    drawn: dict[str, set[str]] = {}
    for page in PdfReader(io.BytesIO(content)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            name = str(font["/BaseFont"]).split("+", 1)[1]
            cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
            targets = []
            for section in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
                targets += re.findall(r"<[0-9a-fA-F]+>\s*<([0-9a-fA-F]+)>", section)
            for section in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
                for first, last, target in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", section):
                    start = int(target, 16)
                    targets += [f"{start + offset:04x}" for offset in range(int(last, 16) - int(first, 16) + 1)]
            characters = drawn.setdefault(name, set())
            for target in targets:
                characters.update(bytes.fromhex(target).decode("utf-16-be", errors="replace"))
    return drawn


def assert_every_letter_has_its_font(content: bytes, names) -> str:
    """Each character drawn is one its font has (no empty box, no .notdef), and
    every name is in the text; returns the text (pdftotext)."""
    drawn = drawn_characters(content)
    for font, characters in drawn.items():
        family = max((family for family in font_files() if font.startswith(family)), key=len, default=None)
        assert family, f"{font}: not one of the fonts installed ({sorted(font_files())})"
        has = frozenset().union(*(characters_of(path) for path in font_files()[family]))
        missing = {c for c in characters if c not in has and not scorepads.names._drawn_without_a_glyph(c)}
        assert not missing, f"{font} draws {missing!r}, which it has no glyph for"
    every = set().union(*drawn.values())
    for name in names:
        assert set(name.replace(" ", "")) <= every, (name, drawn)
    text = pdftotext(content)
    squashed = re.sub(rf"[\s{RIGHT_TO_LEFT}\u00ad-]", "", text)
    for name in names:
        assert name.replace(" ", "") in squashed, name
    return text


def pdftotext(content: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=content, capture_output=True, check=True).stdout.decode()


def look_at(content: bytes, stem: str) -> None:
    """The first page, drawn at 80 dpi to be looked at: test-artifacts/names-STEM-1.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"names-{stem}.pdf"
    path.write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", str(path), str(path.with_suffix(""))], check=True)


def fetched_pdf(client, url, **params) -> bytes:
    response = client.get(url, params)
    assert response.status_code == 200, response.content[:500]
    assert response.content.startswith(b"%PDF-")
    return response.content


@pytest.fixture
def arabic_pad(user):
    """Zoë and محمد العربي, eight hands into a game."""
    partnership = pad_services.partnership_get_or_create(odd_name="Zoë", even_name=ARABIC, user=user)
    game = pad_services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MMMMPPII")
    return game


def test_the_gorilla_result_line_keeps_the_score_after_a_right_to_left_name(client, arabic_pad):
    page = client.get(reverse("game_pad", args=[arabic_pad.pk])).content.decode()
    announced = re.search(rf'data-announce="Partnership (\d+), Fates (\d+). Hand 9: {FSI}(Zoë|{ARABIC}){PDI} deals."', page)
    assert announced, page
    partnership, fates = announced.group(1), announced.group(2)
    assert f'<u class="odd-partner" title="odd partner"><bdi>Zoë</bdi></u> &amp; <bdi>{ARABIC}</bdi>' in page
    content = fetched_pdf(client, reverse("game_pad_pdf", args=[arabic_pad.pk]))
    text = assert_every_letter_has_its_font(content, ["Zoë", ARABIC])
    # Read back in order: the partnership's 4 after the name, not before it.
    result = re.search(rf"In progress: Zoë & [{RIGHT_TO_LEFT}]?\s*(.+?)[{RIGHT_TO_LEFT}]?\s*(\d+), the Fates (\d+)", text)
    assert result and result.groups() == (ARABIC, partnership, fates), text
    assert PdfReader(io.BytesIO(content)).metadata.title == (
        f"Gorilla: {fsi('Zoë')} & {fsi(ARABIC)}, 2026-07-09"
    )
    look_at(content, "gorilla-pad")


@pytest.mark.parametrize(("odd", "even"), [(LONG, HEBREW), (DEVANAGARI, THAI), (CJK, EMOJI)])
def test_the_gorilla_pad_and_season_report_print_every_script(client, user, odd, even):
    partnership = pad_services.partnership_get_or_create(odd_name=odd, even_name=even, user=user)
    game = pad_services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MMMMMMMMMM")
    pad = fetched_pdf(client, reverse("game_pad_pdf", args=[game.pk]))
    assert len(PdfReader(io.BytesIO(pad)).pages) == 1
    assert_every_letter_has_its_font(pad, [odd, even])
    season = fetched_pdf(client, reverse("partnership_season_pdf", args=[partnership.pk]), season="2026")
    assert len(PdfReader(io.BytesIO(season)).pages) == 1
    text = assert_every_letter_has_its_font(season, [odd, even])
    if odd == LONG:
        # The heading prints the long name whole, on one line, in the smaller type of long names.
        assert re.search(rf"^{LONG} &", text, re.M), text
        look_at(pad, "gorilla-pad-long")
        look_at(season, "season-report")


def test_the_two_way_street_sheet_and_ratings_record(client, user):
    names = [ARABIC, HEBREW, DEVANAGARI, THAI, CJK, EMOJI, LONG]
    game = street_services.game_start(
        seats=[Seat(name) for name in names], target=3, date=datetime.date(2026, 7, 9), user=user
    )
    street_services.hand_record(
        game=game,
        number=1,
        results=[(4, "high", "declared")] + [(1, "high", "declared")] * 4 + [(2, "low", "declared")] * 2,
    )
    page = client.get(reverse("two_way_street:sheet", args=[game.pk])).content.decode()
    for name in names:
        assert f'<th scope="col"><bdi>{name}</bdi></th>' in page
    content = fetched_pdf(client, reverse("two_way_street:sheet_pdf", args=[game.pk]))
    assert_every_letter_has_its_font(content, names)
    look_at(content, "two-way-street")


def test_the_ratings_record_keeps_each_score_after_its_name():
    from two_way_street.rules import RatingsEntry, RatingsRecord

    record = RatingsRecord(datetime.date(2026, 7, 9), datetime.time(20, 15), 12, None, (RatingsEntry("4", ARABIC, 6),))
    assert record.as_text().splitlines()[1] == f"4 {FSI}{ARABIC}{PDI} 6"


def test_the_mah_jongg_sheet(client, user):
    from tests.mahjong.conftest import BEN_WINS, record

    names = [ARABIC, f"{DEVANAGARI} {THAI}", f"{CJK} {EMOJI}", LONG]
    game = mahjong_services.game_start(seats=[Seat(name) for name in names], date=datetime.date(2026, 7, 9), user=user)
    record(game, [BEN_WINS])
    page = client.get(reverse("mahjong:sheet", args=[game.pk])).content.decode()
    assert f"{fsi(names[1])} leads with" in page
    assert f'<th scope="col"><bdi>{ARABIC}</bdi></th>' in page
    content = fetched_pdf(client, reverse("mahjong:sheet_pdf", args=[game.pk]))
    assert_every_letter_has_its_font(content, names)
    assert f"{fsi(names[0])} pays {fsi(names[1])}" in page
    look_at(content, "mah-jongg")
    blank = fetched_pdf(client, reverse("mahjong:game_blank_pdf", args=[game.pk]))
    assert_every_letter_has_its_font(blank, names)
    look_at(blank, "mah-jongg-blank")


def test_a_bridge_ruling(client):
    event = f"{ARABIC} {HEBREW} {DEVANAGARI} {THAI} {CJK} {EMOJI}"
    slug, data = save_post(event=event)
    client.post(calculator_url(slug), data)
    ruling = Ruling.objects.get()
    page = client.get(reverse("bridge:ruling", args=[ruling.pk])).content.decode()
    assert f"<h1>Ruling 1 · <bdi>{event}</bdi>, board 7</h1>" in page
    content = fetched_pdf(client, reverse("bridge:ruling_pdf", args=[ruling.pk]))
    assert_every_letter_has_its_font(content, [event])
    assert PdfReader(io.BytesIO(content)).metadata.title == f"Ruling 1 · {fsi(event)}, board 7"
    look_at(content, "bridge-ruling")


def test_a_name_no_font_has_prints_its_code_points_not_a_box(client, user):
    partnership = pad_services.partnership_get_or_create(odd_name="Ann\U00013000", even_name="Ben", user=user)
    game = pad_services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    content = fetched_pdf(client, reverse("game_pad_pdf", args=[game.pk]))
    text = assert_every_letter_has_its_font(content, ["Ann", "Ben"])
    assert "Ann[U+13000]" in text and "\U00013000" not in text
