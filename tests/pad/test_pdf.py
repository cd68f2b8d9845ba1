"""The printed score pad: what the PDFs say, how they look, and what they may fetch."""

import datetime
import io
import re
import subprocess
import sys

import pytest
from django.urls import reverse
from django.utils import timezone
from PIL import Image
from pypdf import PdfReader

from pad import pdf, services
from pad.models import Partnership
from scorepads import pdf as sheets
from tests.browser.conftest import ARTIFACTS
from tests.conftest import record_outcomes
from tests.printing import assert_printed_alike

# The reference example (7-7 after 14 hands), then P M I M to 9-9 and two made
# hands: won 11-9 on the 20th hand. Jon deals the odd hands (the 9th is odd).
FINISHED = "MMMMIIIPPPIMMM" + "PMIMMM"
# Past 8-8 the game goes on until one side is two ahead: alternate M and I.
FORTY_HANDS = "MI" * 19 + "MM"  # 20 innings, won 21-19
SEVENTY_HANDS = "MI" * 34 + "MM"  # 35 innings, won 36-34
HUNDRED_HANDS = "MI" * 49 + "MM"  # 50 innings, won 51-49

A4 = (595, 842)
LETTER = (612, 792)


def reader(content: bytes) -> PdfReader:
    assert content.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(content))


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(content).pages)


def page_sizes(content: bytes) -> set[tuple[int, int]]:
    return {
        (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        for page in reader(content).pages
    }


def squashed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def has_totals(text: str, *numbers: int) -> bool:
    """Whether a line of the text reads ``inning M P I`` exactly (the chart's row)."""
    return re.search(r"(?m)^" + " +".join(map(str, numbers)) + " *$", text) is not None


def get_pdf(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200, response.content[:200]
    assert response["Content-Type"] == "application/pdf"
    return response


def game_pdf(client, game, **params):
    return get_pdf(client, reverse("game_pad_pdf", args=[game.pk]), **params)


def blank_pdf(client, partnership, **params):
    return get_pdf(client, reverse("partnership_blank_pdf", args=[partnership.pk]), **params)


# -- the finished game --------------------------------------------------------------


def test_game_pad_holds_names_date_totals_statistics_and_result(client, game, django_assert_max_num_queries):
    record_outcomes(game, FINISHED)
    # + the session and the user; + printing's: the rate limit (5), the stored
    # PDF and the renders of the hour (2), storing the PDF (3)
    with django_assert_max_num_queries(3 + 2 + 10):
        response = game_pdf(client, game)
    assert response["Content-Disposition"] == 'attachment; filename="gorilla-2026-07-09-jon-richard.pdf"'
    text = text_of(response.content)
    assert "Jon & Richard" in text
    assert "Thursday 9 July 2026" in text
    # Inning by inning, the running totals of M, P and I (see RULES.md's worked example).
    assert has_totals(text, 1, 4, 0, 3)
    assert has_totals(text, 2, 4, 3, 4)
    assert has_totals(text, 3, 7, 4, 4)
    assert has_totals(text, 4, 8, 4, 5)
    assert has_totals(text, 5, 11, 4, 5)
    assert "In progress" not in text and "IN PROGRESS" not in text
    statistics = ("Play", "11/15", "73%", "Fate", "15/20", "75%", "Game pride", "Jon dealt", "6/10", "Richard dealt", "9/10")
    for statistic in statistics:
        assert statistic in text, statistic
    assert "Jon & Richard won 11–9." in text
    assert "theirs to win from hand 14" in text


def test_game_pad_prints_what_the_display_context_says(game):
    from pad.display import pad_display
    from pad.selectors import games_with_hands

    record_outcomes(game, "MMIPI")
    loaded = games_with_hands().get(pk=game.pk)
    display = pad_display(loaded, loaded.hands.all())
    text = " ".join(text_of(pdf.render_game_pad(display)).split())
    assert "\u2068Jon\u2069 & \u2068Richard\u2069" in display.result  # each name isolated
    assert display.result.replace("\u2068", "").replace("\u2069", "") in text  # the isolates print nothing
    for statistic in display.statistics:
        assert statistic.name in text and statistic.value in text


def test_game_pad_is_one_a4_page_by_default_and_letter_on_request(client, game):
    record_outcomes(game, FINISHED)
    a4 = game_pdf(client, game).content
    letter = game_pdf(client, game, size="letter").content
    assert len(reader(a4).pages) == 1 and page_sizes(a4) == {A4}
    assert len(reader(letter).pages) == 1 and page_sizes(letter) == {LETTER}
    assert page_sizes(game_pdf(client, game, size="a4").content) == {A4}


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_a_forty_hand_game_still_fits_one_page(client, game, size):
    record_outcomes(game, FORTY_HANDS)
    content = game_pdf(client, game, size=size).content
    assert len(reader(content).pages) == 1
    text = text_of(content)
    assert has_totals(text, 20, 21, 0, 19)
    assert "won 21–19" in text


def test_a_very_long_game_flows_onto_more_pages_with_the_header_repeated(client, game):
    record_outcomes(game, HUNDRED_HANDS)
    pages = reader(game_pdf(client, game).content).pages
    assert len(pages) > 1
    first, last = pages[0].extract_text(), pages[-1].extract_text()
    assert "Jon & Richard" in last and "Thursday 9 July 2026" in last  # the running head
    assert "M P I M P I" in first and "M P I M P I" in last  # the chart's column letters
    assert has_totals(last, 50, 51, 0, 49)
    assert "won 51–49" in last
    assert f"page {len(pages)} of {len(pages)}" in last


def test_a_game_in_progress_says_so_and_prints_only_definite_totals(client, game):
    record_outcomes(game, "MMMMIIIPPPIMMM")
    text = text_of(game_pdf(client, game).content)
    assert "IN PROGRESS" in text  # the banner
    assert "In progress: Jon & Richard 7, the Fates 7." in text  # the result
    assert "Jon deals hand 15" in text
    assert has_totals(text, 1, 4, 0, 3)
    assert has_totals(text, 2, 4, 3, 4)
    assert has_totals(text, 3)  # inning 3 (M M M) has no definite total yet
    assert "Game pride" in text


def test_a_game_without_hands_prints_an_empty_pad(client, game):
    text = text_of(game_pdf(client, game).content)
    assert "No hand played yet." in text and "IN PROGRESS" in text


def test_every_font_in_the_pdf_is_the_bundled_one(client, game):
    record_outcomes(game, FINISHED)
    content = game_pdf(client, game).content
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader(content).pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert fonts and all(re.fullmatch(r"/[A-Z]{6}\+Pad-Sans(-Bold)?", font) for font in fonts), fonts
    assert "♠ ♥ ♦ ♣" in text_of(content)


def test_the_game_pdf_refuses_a_bad_size_and_an_unknown_game(client, game):
    response = client.get(reverse("game_pad_pdf", args=[game.pk]), {"size": "a3"})
    assert response.status_code == 400
    assert "'a3'" in response.content.decode() and "letter" in response.content.decode()
    assert client.get(reverse("game_pad_pdf", args=[game.pk + 1000])).status_code == 404
    assert client.post(reverse("game_pad_pdf", args=[game.pk])).status_code == 405


# -- blank pads ----------------------------------------------------------------------


def test_blank_pads_one_a_page_with_names_date_and_first_dealer(client, partnership):
    response = blank_pdf(client, partnership, date="2026-07-09", copies="3")
    disposition = 'attachment; filename="gorilla-blank-2026-07-09-jon-richard.pdf"'
    assert response["Content-Disposition"] == disposition
    pages = reader(response.content).pages
    assert len(pages) == 3 + 1  # and a continuation sheet
    assert page_sizes(response.content) == {A4}
    first, continuation = pdf.blank_charts("a4")
    for page in pages[:3]:
        text = page.extract_text()
        assert "Jon & Richard" in text and "Thursday 9 July 2026" in text
        assert "Jon deals first" in text and "odd day" in text
        for box in ("Play", "Fate", "Game pride", "Jon dealt", "Richard dealt", "Result"):
            assert box in text
        assert has_totals(text, first.innings[-1])  # the empty innings, numbered
        assert "continued" not in text
    text = pages[3].extract_text()
    assert "Jon & Richard" in text and "Thursday 9 July 2026 · continued, page 2" in text
    assert "M P I M P I" in text  # the chart's column heads
    assert has_totals(text, first.innings[-1] + 1) and has_totals(text, continuation.innings[-1])
    assert "Result" not in text and "Play" not in text


def test_blank_pad_on_an_even_day_on_letter_paper(client, partnership):
    content = blank_pdf(client, partnership, date="2026-07-10", size="letter").content
    assert len(reader(content).pages) == 1 and page_sizes(content) == {LETTER}
    text = text_of(content)
    assert "Richard deals first" in text and "even day" in text
    assert "Friday 10 July 2026" in text


def test_blank_pad_defaults_to_today(client, partnership):
    response = blank_pdf(client, partnership)
    today = timezone.localdate()
    assert f"gorilla-blank-{today.isoformat()}-jon-richard.pdf" in response["Content-Disposition"]
    assert len(reader(response.content).pages) == 1


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"date": "2026-02-30"}, "'2026-02-30'"),
        ({"date": "20260709"}, "'20260709'"),
        ({"date": "yesterday"}, "'yesterday'"),
        ({"copies": "0"}, "not 0"),
        ({"copies": "21"}, "not 21"),
        ({"copies": "9" * 5000}, "from 1 to 20"),
        ({"copies": "two"}, "'two'"),
        ({"copies": "-1"}, "'-1'"),
        ({"copies": "٣"}, "'٣'"),
        ({"size": "legal"}, "'legal'"),
    ],
)
def test_blank_pad_refuses_bad_parameters_naming_them(client, partnership, params, named):
    response = client.get(reverse("partnership_blank_pdf", args=[partnership.pk]), params)
    assert response.status_code == 400
    assert named in response.content.decode()


def test_blank_pad_of_an_unknown_partnership_is_404(client, db):
    assert client.get(reverse("partnership_blank_pdf", args=[999])).status_code == 404


def test_file_names_are_slugs_of_the_names_in_any_script():
    date = datetime.date(2026, 1, 2)
    assert pdf.blank_pad_filename(Partnership(odd_name="Zoë Ann", even_name="李"), date) == "gorilla-blank-2026-01-02-zoe-ann-李.pdf"
    assert pdf.blank_pad_filename(Partnership(odd_name="🦍", even_name="مريم"), date) == "gorilla-blank-2026-01-02-odd-مريم.pdf"


def test_a_unicode_file_name_is_sent_as_rfc_6266_says(client, user):
    partnership = services.partnership_get_or_create(odd_name="王小明", even_name="Jon", user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    disposition = game_pdf(client, game)["Content-Disposition"]
    assert disposition == (
        'attachment; filename="gorilla-2026-07-09-___-jon.pdf"; '
        "filename*=utf-8''gorilla-2026-07-09-%E7%8E%8B%E5%B0%8F%E6%98%8E-jon.pdf"
    )


# Names in every script a player may write, and the longest a name may be.
WORLD_NAMES = [("Émile Zoë", "王小明"), ("مريم", "🦍 Jon 🃏"), ("山田太郎", "김민준"), ("A" * 30 + " " + "B" * 29, "Ødegård-Ålesund")]


@pytest.mark.parametrize(("odd", "even"), WORLD_NAMES)
def test_every_name_prints_in_a_font_that_has_it(client, user, odd, even):
    """Accented, CJK, Arabic, emoji and 60-character names print as text, each
    glyph from a font that has it: the bundled one, or the Noto fonts that both
    README commands install, never an empty box."""
    partnership = services.partnership_get_or_create(odd_name=odd, even_name=even, user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MPI")
    content = game_pdf(client, game).content
    text = text_of(content)
    for name in (odd, even):
        assert name.replace(" ", "") in text.replace(" ", "").replace("\n", "")
    fonts = {
        str(font.get_object()["/BaseFont"]).split("+", 1)[1]
        for page in reader(content).pages
        for font in page["/Resources"]["/Font"].values()
    }
    wanted = {"Pad-Sans"}
    if any("\u4e00" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af" for char in odd + even):
        wanted.add("Noto-Sans-CJK")
    if any(ord(char) > 0x1F000 for char in odd + even):
        wanted.add("Noto-Color-Emoji")
    assert all(any(font.startswith(name) for font in fonts) for name in wanted), fonts
    # Rendered to be looked at: test-artifacts/pdf-names-N-1.png
    ARTIFACTS.mkdir(exist_ok=True)
    stem = ARTIFACTS / f"pdf-names-{WORLD_NAMES.index((odd, even)) + 1}"
    stem.with_suffix(".pdf").write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(stem.with_suffix(".pdf")), str(stem)], check=True)


# -- nothing fetched but the app's static files -------------------------------------

HOSTILE_ODD = '<img src="file:///etc/passwd">'
HOSTILE_EVEN = '<link rel="stylesheet" href="http://example.com/x">'


@pytest.fixture
def fetched(monkeypatch):
    """Every URL WeasyPrint asks for while rendering, stylesheet and fonts included."""
    urls = []
    real_fetch = sheets.fetch_static

    def recording_fetch(url):
        urls.append(url)
        return real_fetch(url)

    monkeypatch.setattr(sheets, "fetch_static", recording_fetch)
    monkeypatch.setattr(sheets, "_stylesheet_cache", {})
    return urls


def test_the_recording_fetcher_sees_and_refuses_what_markup_would_fetch(fetched):
    content = sheets.write_pdf(
        '<!doctype html><p>x</p><img src="file:///etc/passwd"><img src="http://example.com/x.png">',
        stylesheet=pdf.STYLESHEET,
    )
    assert content.startswith(b"%PDF-")
    assert "file:///etc/passwd" in fetched and "http://example.com/x.png" in fetched


def test_hostile_names_print_as_text_and_fetch_nothing(client, fetched, user):
    partnership = services.partnership_get_or_create(odd_name=HOSTILE_ODD, even_name=HOSTILE_EVEN, user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MPI")
    game_content = game_pdf(client, game).content
    blank_content = blank_pdf(client, partnership, date="2026-07-09").content
    # Names this long take room from the ruled rows, not a second page.
    assert len(reader(game_content).pages) == 1 and len(reader(blank_content).pages) == 1
    game_text, blank_text = text_of(game_content), text_of(blank_content)
    for text in (game_text, blank_text):  # long names wrap: compare without the spaces
        assert squashed(HOSTILE_ODD) in squashed(text) and squashed(HOSTILE_EVEN) in squashed(text)
    ours = (sheets.static_url("pad/"), sheets.static_url("scorepads/"))
    assert fetched, "the stylesheet and fonts come through the fetcher"
    assert all(url.startswith(ours) for url in fetched), fetched
    assert not any("passwd" in url or "example.com" in url for url in fetched)


def test_the_fetcher_serves_static_files_from_disk():
    font = sheets.fetch_static(sheets.static_url("pad/fonts/DejaVuSans.ttf"))
    assert font.read()[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    stylesheet = sheets.fetch_static(sheets.static_prefix() + "scorepads/print-fonts.css")
    assert b"@font-face" in stylesheet.read()
    assert stylesheet.content_type == "text/css"


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://example.com/x",
        "https://example.com/static/pad/print.css",
        "//example.com/static/pad/print.css",
        "/static/../../etc/passwd",
        "/static/pad/../../../etc/passwd",
        sheets.PDF_BASE_URL + "static/../../etc/passwd",
        sheets.PDF_BASE_URL + "static/%2e%2e/%2e%2e/etc/passwd",
        sheets.PDF_BASE_URL + "static/pad/..%2F..%2Fgorilla_site/settings.py",
        sheets.PDF_BASE_URL + "static//etc/passwd",
        sheets.PDF_BASE_URL + "static/pad\\..\\..\\etc\\passwd",
        sheets.PDF_BASE_URL + "etc/passwd",
        sheets.PDF_BASE_URL + "static/pad/missing.css",
        "data:text/css,body{}",
        "ftp://example.com/static/pad/print.css",
        "static/pad/print.css",
    ],
)
def test_the_fetcher_refuses_everything_else(url):
    with pytest.raises(sheets.FetchRefused):
        sheets.fetch_static(url)


def test_weasyprint_is_imported_on_first_render_not_with_the_app():
    code = (
        "import django, sys; django.setup(); import pad.pdf, pad.views.printing, pad.urls; "
        "print('weasyprint' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "gorilla_site.settings", "DEBUG": "true"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "False"


def test_stylesheet_and_fonts_are_parsed_once(partnership):
    pdf.render_blank_pads(partnership, datetime.date(2026, 7, 9))
    first = sheets._stylesheet(pdf.STYLESHEET)
    pdf.render_blank_pads(partnership, datetime.date(2026, 7, 9))
    assert sheets._stylesheet(pdf.STYLESHEET) is first
    assert sheets._weasyprint() is sheets._weasyprint()


# -- how the pads look ---------------------------------------------------------------


def png_pages(content: bytes, tmp_path) -> list[Image.Image]:
    """The PDF's pages as 50 dpi greyscale images, drawn by poppler."""
    (tmp_path / "pad.pdf").write_bytes(content)
    subprocess.run(["pdftoppm", "-r", "50", "-png", "pad.pdf", "page"], cwd=tmp_path, check=True)
    return [Image.open(path).convert("L") for path in sorted(tmp_path.glob("page-*.png"))]


def vertical_runs(image: Image.Image) -> list[tuple[int, int, int]]:
    """Every vertical run of dark pixels, as (x, top, bottom)."""
    width, height = image.size
    pixels = image.load()
    runs = []
    for x in range(width):
        y = 0
        while y < height:
            if pixels[x, y] < 128:
                top = y
                while y < height and pixels[x, y] < 128:
                    y += 1
                runs.append((x, top, y))
            else:
                y += 1
    return runs


def measure_chart(image: Image.Image) -> dict:
    """Find the chart (its longest vertical lines are the rules of the M, P and I
    columns), its base lines, and the pen strokes inside the three columns."""
    pixels = image.load()
    runs = vertical_runs(image)
    longest = max(bottom - top for _, top, bottom in runs)
    rules = [run for run in runs if run[2] - run[1] >= longest - 2]
    columns: list[list[int]] = []
    for x in sorted({x for x, _, _ in rules}):
        if columns and x - columns[-1][-1] <= 2:
            columns[-1].append(x)
        else:
            columns.append([x])
    assert len(columns) >= 4, columns
    chart_top = min(top for _, top, _ in rules)
    chart_bottom = max(bottom for _, _, bottom in rules)
    left, right = columns[0][-1], columns[3][0]
    base_lines = {
        y
        for y in range(chart_top, chart_bottom)
        if sum(pixels[x, y] < 128 for x in range(left, right)) > 0.9 * (right - left)
    }
    header_line = min(base_lines)
    insides = [(a[-1] + 2, b[0] - 1) for a, b in zip(columns[:3], columns[1:4])]
    rings = find_rings(image, insides, range(header_line + 2, chart_bottom), base_lines)
    strokes: list[list[int]] = []
    for x, top, bottom in sorted(runs):
        if not any(start <= x < end for start, end in insides):
            continue
        if any(left <= x <= right and top <= ring_bottom and bottom >= ring_top for left, right, ring_top, ring_bottom in rings):
            continue  # a ringed mark is counted as a ring
        if top <= header_line or bottom > chart_bottom or bottom - top < 3:
            continue
        for stroke in strokes:  # a stroke may be two pixels wide: keep its lowest end
            if stroke[0] == x - 1 and abs(stroke[1] - top) <= 1:
                stroke[0], stroke[2] = x, max(stroke[2], bottom)
                break
        else:
            strokes.append([x, top, bottom])
    touching = [bottom - top for _, top, bottom in strokes if bottom - 1 in base_lines]
    floating = [bottom - top for _, top, bottom in strokes if bottom - 1 not in base_lines]
    lines = len([y for y in base_lines if y - 1 not in base_lines])  # a thick line may take two rows of pixels
    return {"rows": lines - 1, "tall": touching, "short": floating, "rings": len(rings)}


def find_rings(image: Image.Image, insides, ys, base_lines) -> list[tuple[int, int, int, int]]:
    """The rings round marks, as boxes (left, right, top, bottom): a ring's top
    and bottom are the only dark runs across a column wider than a pen stroke,
    off the base lines. The mark in a ring is not measured."""
    pixels = image.load()
    spans: list[list[int]] = []  # [left, right, y]
    for y in ys:
        if y in base_lines:
            continue
        for start, end in insides:
            x = start
            while x < end:
                if pixels[x, y] < 128:
                    left = x
                    while x < end and pixels[x, y] < 128:
                        x += 1
                    if x - left >= 3:
                        spans.append([left, x - 1, y])
                else:
                    x += 1
    clusters: list[list[int]] = []  # [left, right, top, bottom]
    for left, right, y in sorted(spans):
        if clusters and left <= clusters[-1][1] + 3:
            cluster = clusters[-1]
            cluster[1], cluster[2], cluster[3] = max(cluster[1], right), min(cluster[2], y), max(cluster[3], y)
        else:
            clusters.append([left, right, y, y])
    rings = []
    for left, right, top, bottom in clusters:
        # A ring stands in its row, between two base lines.
        top = max((line for line in base_lines if line < top), default=top)
        bottom = min((line for line in base_lines if line > bottom), default=bottom)
        # The ring's whole width: the dark columns between its top and bottom.
        dark = [
            x
            for x in range(left - 3, right + 4)
            if any(pixels[x, y] < 128 for y in range(top, bottom + 1) if y not in base_lines)
        ]
        rings.append((min(dark) - 1, max(dark) + 1, top, bottom))
    return rings


def assert_two_kinds_of_marks(chart, tall: int, short: int, rings: int = 0):
    assert len(chart["tall"]) == tall, chart
    assert len(chart["short"]) == short, chart
    assert chart["rings"] == rings, chart
    if tall and short:
        # Tall marks reach the base line; short ones stop well above it.
        assert min(chart["tall"]) >= max(chart["short"]) + 4, chart


def assert_inked(image: Image.Image):
    dark = sum(image.point(lambda value: 255 if value < 128 else 0).histogram()[255:])
    assert dark > 0.01 * image.size[0] * image.size[1]


def test_finished_pad_draws_tall_and_short_marks(client, game, tmp_path):
    record_outcomes(game, FINISHED)
    [page] = png_pages(game_pdf(client, game).content, tmp_path)
    assert_inked(page)
    chart = measure_chart(page)
    assert chart["rows"] >= 14  # ruled like a paper pad, down to the statistics
    # Jon dealt hands 1, 3, ..., 19; Richard's hand 14 is ringed.
    assert_two_kinds_of_marks(chart, tall=10, short=9, rings=1)


def test_in_progress_pad_draws_the_marks_so_far(client, game, tmp_path):
    record_outcomes(game, "MMMMIIIPPPIMM" + "M")
    [page] = png_pages(game_pdf(client, game, size="letter").content, tmp_path)
    assert_inked(page)
    assert_two_kinds_of_marks(measure_chart(page), tall=7, short=6, rings=1)  # hand 14 is ringed


def test_a_long_game_draws_every_mark_in_compact_rows(client, game, tmp_path):
    record_outcomes(game, FORTY_HANDS)
    [page] = png_pages(game_pdf(client, game).content, tmp_path)
    chart = measure_chart(page)
    assert chart["rows"] >= 20
    assert_two_kinds_of_marks(chart, tall=20, short=19, rings=1)  # the last hand, Richard's, is ringed


def test_blank_pad_is_an_empty_ruled_chart(client, partnership, tmp_path):
    pages = png_pages(blank_pdf(client, partnership, copies="2").content, tmp_path)
    assert len(pages) == 3
    charts = pdf.blank_charts("a4")
    for page, chart_rows in zip(pages, [charts[0], charts[0], charts[1]]):
        assert_inked(page)
        chart = measure_chart(page)
        assert chart["rows"] == len(chart_rows.innings)
        assert chart["tall"] == [] and chart["short"] == [] and chart["rings"] == 0


def test_a_printed_pad_is_rendered_once_for_each_revision(client, game, monkeypatch, settings):
    renders = []
    real_render = pdf.render_game_pad

    def counting_render(display, size="a4", **kwargs):
        renders.append(display.version)
        return real_render(display, size, **kwargs)

    monkeypatch.setattr(pdf, "render_game_pad", counting_render)
    record_outcomes(game, "MP")
    first = game_pdf(client, game).content
    assert game_pdf(client, game).content == first
    assert len(renders) == 1
    record_outcomes(game, "I")  # any change raises the revision: the next PDF is new
    third = game_pdf(client, game).content
    assert len(renders) == 2 and third != first
    assert "3 hands" in text_of(third) or "hand 4" in text_of(third)
    game_pdf(client, game, size="letter")
    assert len(renders) == 3  # each page size is its own PDF


def test_blank_copies_are_laid_out_once(partnership, monkeypatch):
    from scorepads import pdf as sheets

    layouts = []
    real_layout = sheets._layout

    def counting_layout(*args, **kwargs):
        layouts.append(1)
        return real_layout(*args, **kwargs)

    monkeypatch.setattr(sheets, "_layout", counting_layout)
    content = pdf.render_blank_pads(partnership, datetime.date(2026, 7, 9), copies=pdf.MAX_COPIES)
    assert len(reader(content).pages) == pdf.MAX_COPIES + 1  # and the continuation sheet
    assert len(layouts) == 1


@pytest.mark.parametrize(("odd_name", "even_name"), [("Ångström", "山田太郎"), ("Jon", "Bartholomew"), ("山田", "佐藤")])
@pytest.mark.parametrize("size", ["a4", "letter"])
def test_a_blank_pad_for_accented_cjk_or_wrapping_names_is_laid_out_once(user, monkeypatch, odd_name, even_name, size):
    """Their heading and statistics are taller than an ordinary pad's: the
    estimate says how much, so the chart is ruled to the foot of the page at
    the first layout."""
    from scorepads import pdf as sheets

    partnership = services.partnership_get_or_create(odd_name=odd_name, even_name=even_name, user=user)
    layouts = []
    layout = sheets._layout
    monkeypatch.setattr(sheets, "_layout", lambda *args, **kwargs: layouts.append(1) or layout(*args, **kwargs))
    content = pdf.render_blank_pads(partnership, datetime.date(2026, 7, 9), size=size)
    assert len(reader(content).pages) == 1 and len(layouts) == 1


def test_the_partnership_page_prints_blank_pads_by_form(client, partnership):
    page = client.get(reverse("partnership_detail", args=[partnership.pk])).content.decode()
    form = page.split('class="blank-pad-form"', 1)[1].split("</form>", 1)[0]
    assert f'action="{reverse("partnership_blank_pdf", args=[partnership.pk])}"' in page
    assert '<option value="a4">A4</option><option value="letter">US Letter</option>' in form
    assert f'max="{pdf.MAX_COPIES}"' in form and f'value="{timezone.localdate().isoformat()}"' in form
    # What the form sends: three US Letter pads dated 2026-07-09.
    content = blank_pdf(client, partnership, size="letter", copies="3", date="2026-07-09").content
    pages = reader(content).pages
    assert len(pages) == 3 + 1 and pages[0].mediabox.height == 792
    assert "Thursday 9 July 2026" in text_of(content)
    # The date or the copies left empty: today, one pad.
    content = blank_pdf(client, partnership, size="a4", copies="", date="").content
    assert len(reader(content).pages) == 1


def test_the_pad_page_offers_both_page_sizes(client, game):
    page = client.get(reverse("game_pad", args=[game.pk])).content.decode()
    url = reverse("game_pad_pdf", args=[game.pk])
    assert f'href="{url}">Pad as PDF</a>' in page and f'href="{url}?size=letter"' in page


# -- long games and wide figures --------------------------------------------------


def laid_out(game, size):
    """The game's printed pad laid out by WeasyPrint (its pages of boxes), as the download is."""
    from django.template.loader import render_to_string

    from pad.display import pad_display
    from pad.selectors import hands_in_order

    display = pad_display(game, hands_in_order(game))
    context = {**pdf.pad_context(display), "page_size": sheets.page_size_css(size), "size": size}
    with sheets._render_lock:
        return sheets._layout(render_to_string("pad/print/game.html", context), pdf.STYLESHEET)


def test_with_long_names_the_wallow_gives_the_cards_the_whole_line(user):
    from django.template.loader import render_to_string

    from pad.display import pad_display, wallow
    from pad.selectors import hands_in_order

    partnership = services.partnership_get_or_create(odd_name="W" * 60, even_name="Maximiliane " * 4 + "Brandenburg", user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    services.hand_record(
        game=game, number=1, outcome="I", taker_cards="7H 6H 5D 4C 3S 2S", giver_cards="QH JH 6D 5C 9S 8S", verdict_by="solver"
    )
    hands = hands_in_order(game)
    context = {**pdf.pad_context(pad_display(game, hands), wallow(hands, partnership.names)), "page_size": "A4", "size": "a4"}
    with sheets._render_lock:
        document = sheets._layout(render_to_string("pad/print/game.html", context), pdf.STYLESHEET)
    mm = 25.4 / 96
    cards = [
        box
        for page in document.pages
        for box in page._page_box.descendants()
        if getattr(box, "element_tag", "") == "dd" and type(box).__name__ == "BlockBox"
    ]
    assert len(cards) == 2
    for box in cards:
        lines = [line for line in box.children if type(line).__name__ == "LineBox"]
        assert len(lines) == 1 and box.width * mm > 120, (len(lines), box.width * mm)  # six cards on one line, not three


def test_the_hands_notes_are_printed_together_on_one_page(client, game):
    # Forty hands, a long note on every second: the list is too long for the foot of the first page.
    for number, outcome in enumerate("MI" * 20, start=1):
        note = {"irregularity": f"card exposed after the deal at hand {number}, then a long talk about the laws"}
        services.hand_record(game=game, number=number, outcome=outcome, **(note if outcome == "I" else {}))
    pages = [page.extract_text() for page in reader(game_pdf(client, game).content).pages]
    holding = [index for index, text in enumerate(pages) if "card exposed after the deal" in text]
    assert len(holding) == 1, holding
    assert all(f"at hand {number}," in pages[holding[0]] for number in range(2, 41, 2))


def statistic_overflows(document) -> list[str]:
    """Every piece of text in a statistic's box that ends past the box's right edge."""
    found = []
    for page in document.pages:
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if element is None or "statistic" not in (element.get("class") or "").split():
                continue
            if not type(box).__name__.startswith("TableCell"):
                continue
            right = box.position_x + box.padding_left + box.width + box.padding_right
            for child in box.descendants():
                if type(child).__name__ == "TextBox" and child.text and child.position_x + child.width > right + 0.5:
                    found.append(child.text)
    return found


@pytest.mark.parametrize("size", ["a4", "letter"])
@pytest.mark.parametrize(
    "outcomes",
    [
        "PM" * 50 + "MM",  # 102 hands: 52/102 51%, 102/102 100%, 51/51 100%
        "IM" * 45 + "MM",  # 92 hands: 47/47 100%, 47/92 51%
        "PPPIMMMMMMMMMM",  # 14 hands: 10/13 77%, 13/14 93%
    ],
)
def test_the_widest_statistics_stay_in_their_boxes(user, outcomes, size):
    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, outcomes)
    assert statistic_overflows(laid_out(game, size)) == []


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_up_to_thirty_innings_share_a_page_with_the_statistics(client, user, size):
    from pad.display import pad_display
    from pad.selectors import hands_in_order

    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    seen = set()
    for hands in (28, 38, 40, 58, 60):  # 15, 20, 21, 30 and 31 innings: each side of each boundary
        game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
        record_outcomes(game, ("PM" * 40)[:hands])
        innings = len(pad_display(game, hands_in_order(game)).innings)
        seen.add(innings)
        content = game_pdf(client, game, size=size).content
        if innings <= pdf.DENSE_INNINGS:
            assert len(reader(content).pages) == 1, (innings, size)
            assert "STATISTICS" in text_of(content).upper()
        if innings in (21, 30) and size == "letter":  # to be looked at: test-artifacts/pdf-innings-N-1.png
            ARTIFACTS.mkdir(exist_ok=True)
            stem = ARTIFACTS / f"pdf-innings-{innings}"
            stem.with_suffix(".pdf").write_bytes(content)
            subprocess.run(["pdftoppm", "-png", "-r", "60", str(stem.with_suffix(".pdf")), str(stem)], check=True)
    assert seen == {15, 20, 21, 30, 31}


def test_the_responsible_mark_is_ringed_as_on_screen(client, game):
    from django.template.loader import render_to_string

    from pad.display import pad_display
    from pad.selectors import hands_in_order

    record_outcomes(game, FINISHED)
    display = pad_display(game, hands_in_order(game))
    html = render_to_string("pad/print/game.html", {"pad": display, "page_size": "A4", "size": "a4", **pdf.chart_rows(len(display.innings))})
    ringed = re.findall(r'<span class="mark (tall|short) responsible">', html)
    screen = client.get(reverse("game_pad", args=[game.pk])).content.decode()
    assert len(ringed) == 1 == screen.count(" responsible\" role=\"img\"")
    assert "The game was theirs to win from hand 14 (its mark is ringed)." in text_of(game_pdf(client, game).content)
    # To be looked at: test-artifacts/pdf-responsible-1.png
    ARTIFACTS.mkdir(exist_ok=True)
    stem = ARTIFACTS / "pdf-responsible"
    stem.with_suffix(".pdf").write_bytes(game_pdf(client, game).content)
    subprocess.run(["pdftoppm", "-png", "-r", "100", str(stem.with_suffix(".pdf")), str(stem)], check=True)


def test_the_wallow_follows_the_pad_with_each_gorillaed_hand(client, game):
    record_outcomes(game, "MM")
    services.hand_record(
        game=game, number=3, outcome="I", taker_cards="7H 6H 5D", giver_cards="QH JH 6D", verdict_by="solver"
    )
    services.hand_record(
        game=game, number=4, outcome="I", taker_cards="AS KS", giver_cards="QS JS", verdict_by="players"
    )
    record_outcomes(game, "M")
    content = game_pdf(client, game).content
    pages = reader(content).pages
    assert len(pages) == 2
    pad_page, wallow_page = pages[0].extract_text(), pages[1].extract_text()
    assert "STATISTICS" in pad_page.upper() and "The wallow" not in pad_page
    assert "The wallow" in wallow_page
    assert "Hand 3: recorded as I, the solver's verdict" in wallow_page
    assert "Hand 4: recorded as I by the players, overruling the solver" in wallow_page
    assert "Taker (Richard)" in wallow_page or "Taker (Jon)" in wallow_page
    assert "Impossible." in wallow_page and "Possible." in wallow_page
    assert "A winning line: A♠–Q♠, K♠–J♠." in wallow_page
    # A pad with no hand gorillaed out has no wallow.
    other = services.game_start(partnership=game.partnership, date=datetime.date(2026, 7, 10))
    record_outcomes(other, "MMI")
    assert "The wallow" not in text_of(game_pdf(client, other).content)


def test_a_days_session_prints_its_pads_in_one_pdf(client, partnership, game):
    record_outcomes(game, FINISHED)
    second = services.game_start(partnership=partnership, date=game.date)
    record_outcomes(second, "MMI")
    other_day = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 10))
    record_outcomes(other_day, "M")
    day = game.date.isoformat()
    page = client.get(reverse("game_list"), {"date_from": day, "date_to": day}).content.decode()
    url = f"{reverse('games_pdf')}?date_from={day}&amp;date_to={day}"
    assert f'href="{url}">Their pads (PDF)</a>' in page
    response = client.get(reverse("games_pdf"), {"date_from": day, "date_to": day, "size": "letter"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = reader(response.content).pages
    assert len(pages) == 3 and pages[0].mediabox.height == 792
    day_page, first, last = (page.extract_text() for page in pages)
    assert "THE DAY" in day_page.upper() and "Thursday 9 July 2026" in day_page
    assert "Jon & Richard won 11–9." in first  # the first game played comes first
    assert "IN PROGRESS" in last.upper() and "3 hands so far" in last
    assert "a total is written once it is definite" in " ".join(last.split()), last  # as the pad on the phone says


def day_lines(text: str) -> list[str]:
    """The lines of the day's page, each squeezed to single spaces."""
    return [" ".join(line.split()) for line in text.splitlines()]


def test_the_days_pdf_opens_with_the_days_games_and_totals(client, partnership, user):
    today = timezone.localdate()
    won = services.game_start(partnership=partnership, date=today)
    record_outcomes(won, FINISHED)  # won 11-9 in 20 hands
    lost = services.game_start(partnership=partnership, date=today)
    record_outcomes(lost, "PIIIIIIIII")  # lost 0-10
    others = services.partnership_get_or_create(odd_name="محمد العربي", even_name="中文名字", user=user)
    going = services.game_start(partnership=others, date=today)
    record_outcomes(going, "MMI")  # 2-1 so far
    listed = client.get(reverse("game_list"), {"date_from": today.isoformat(), "date_to": today.isoformat()})
    for row in (won, lost, going):
        assert f'href="{reverse("game_pad", args=[row.pk])}"' in listed.content.decode()
    content = get_pdf(client, reverse("games_pdf"), date_from=today.isoformat(), date_to=today.isoformat()).content
    pages = reader(content).pages
    assert len(pages) == 4  # the day's page, then the three pads
    lines = day_lines(pages[0].extract_text())
    text = " ".join(lines)
    assert f"{today:%A} {today.day} {today:%B %Y}" in text and "2 partnerships" in text
    assert "3 games: 1 won, 1 lost, 1 in progress; points for 13, against 20 (−7)" in text
    started = [f"{timezone.localtime(game.created_at):%H:%M}" for game in (won, lost, going)]
    # Each game in the order played: number, start, partners, result as the list words it, score, margin, hands.
    assert any(line.startswith(f"1 {started[0]} Jon & Richard Won 11–9 +2 20") for line in lines), lines
    assert any(line.startswith(f"2 {started[1]} Jon & Richard Lost to the Fates 0–10 −10 10") for line in lines), lines
    assert any(line.startswith(f"3 {started[2]}") and line.endswith("In progress · 3 hands 2–1 +1 3") for line in lines), lines
    # The day's line adds up each column.
    assert "The day 1 won, 1 lost, 1 in progress 13–20 −7 33" in lines, lines
    # Each pad after it carries its game's number on the day's page.
    for number, page in enumerate(pages[1:], start=1):
        assert f"Game {number} of 3 · {today:%A} {today.day} {today:%B %Y}" in " ".join(page.extract_text().split())
    letter = get_pdf(client, reverse("games_pdf"), date_from=today.isoformat(), date_to=today.isoformat(), size="letter")
    assert page_sizes(letter.content) == {LETTER}


def test_a_day_of_one_game_entered_later_has_no_start_time_and_one_partnership(client, game):
    record_outcomes(game, FINISHED)  # on 9 July 2026, entered today
    content = get_pdf(client, reverse("games_pdf"), date_from="2026-07-09", date_to="2026-07-09").content
    pages = reader(content).pages
    assert len(pages) == 2
    lines = day_lines(pages[0].extract_text())
    text = " ".join(lines)
    assert "Jon & Richard" in text and "Thursday 9 July 2026" in text and "partnerships" not in text
    assert "1 – Won 11–9 +2 20" in lines, lines
    assert "The day 1 won, 0 lost 11–9 +2 20" in lines, lines


def test_a_pdf_of_pads_is_refused_when_the_list_is_too_long_or_empty(client, partnership, user):
    from tests.card_table.test_history import bulk_games

    bulk_games(partnership, pdf.MAX_PADS + 1)
    response = client.get(reverse("games_pdf"))
    assert response.status_code == 400
    assert f"more than {pdf.MAX_PADS} games match these filters" in response.content.decode()
    assert "Their pads (PDF)" not in client.get(reverse("game_list")).content.decode()
    response = client.get(reverse("games_pdf"), {"date_from": "2030-01-01"})
    assert response.status_code == 400 and "no game matches" in response.content.decode()
    assert client.get(reverse("games_pdf"), {"date_from": "bad"}).status_code == 400


def test_a_season_report_for_a_year_or_a_month(client, partnership):
    from tests.card_table.test_history import bulk_games

    bulk_games(partnership, 40, start=datetime.date(2025, 12, 20), outcomes="MMMMMMMMMM")  # won 10-0, to 28 Jan
    bulk_games(partnership, 5, start=datetime.date(2026, 3, 1), outcomes="IIIIIIIIII")  # lost 0-10
    page = client.get(reverse("partnership_detail", args=[partnership.pk])).content.decode()
    assert '<option value="2026">2026</option><option value="2025">2025</option>' in page
    assert '<option value="2026-03">March 2026</option><option value="2026-01">January 2026</option>' in page
    url = reverse("partnership_season_pdf", args=[partnership.pk])
    response = client.get(url, {"season": "2026"})
    assert response.status_code == 200
    assert 'filename="gorilla-season-2026-jon-richard.pdf"' in response["Content-Disposition"]
    pages = reader(response.content).pages
    assert len(pages) == 1
    text = text_of(response.content)
    assert "SEASON REPORT" in text and "1 January 2026 to 31 December 2026" in text
    assert re.search(r"Played\s+33\s+Won\s+28\s+Lost\s+5", text), text  # 28 in January, 5 in March
    assert "Longest winning run" in text and "Best game" in text and "Worst game" in text
    assert "over 330 hands of 33 finished games" in text
    # The chart: every game of the season, a scale for each frame, dates under them.
    squeezed = " ".join(text.split())
    for label in ("0%", "25%", "50%", "75%", "100%", "+10", "+5", "−5", "−10", "won by", "lost by"):
        assert label in squeezed, label
    assert "1 Jan" in squeezed and "Mar" in squeezed and "5 Mar" in squeezed  # the first game, March, the last
    assert "Results of 33 finished games" in squeezed
    play = re.search(r"Play\s+(\d+)/(\d+)\s+(\d+)%", text)
    assert play, text
    assert f"The play ratio ends at {play[3]}% ({play[1]}/{play[2]})" in squeezed  # as the box says
    assert f"play {play[3]}%" in squeezed
    month = text_of(client.get(url, {"season": "2026-03"}).content)
    assert "1 March 2026 to 31 March 2026" in month and re.search(r"Played\s+5\s+Won\s+0\s+Lost\s+5", month)
    empty = text_of(client.get(url, {"season": "2024"}).content)
    assert "No game in 2024." in empty
    this_year = text_of(client.get(url).content)  # no season: this year
    assert f"1 January {timezone.localdate().year} to 31 December" in this_year
    for bad in ("26", "2026-13", "2026-7", "x" * 40):
        response = client.get(url, {"season": bad})
        assert response.status_code == 400 and "season must be a year like 2026" in response.content.decode()
    # To be looked at: test-artifacts/pdf-season-1.png
    ARTIFACTS.mkdir(exist_ok=True)
    stem = ARTIFACTS / "pdf-season"
    stem.with_suffix(".pdf").write_bytes(client.get(url, {"season": "2026"}).content)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(stem.with_suffix(".pdf")), str(stem)], check=True)


def test_a_season_report_charts_every_game_of_a_long_season_and_a_single_game(client, partnership):
    from tests.card_table.test_history import bulk_games

    bulk_games(partnership, 94, start=datetime.date(2026, 1, 1), outcomes="MMMMIIIPPPIMMMPMIMMM")
    url = reverse("partnership_season_pdf", args=[partnership.pk])
    content = get_pdf(client, url, season="2026").content
    assert len(reader(content).pages) == 1
    text = " ".join(text_of(content).split())
    assert "Results of 94 finished games" in text and "the last 60" not in text
    assert "1 Jan" in text and "4 Apr" in text  # the first and last games' dates
    assert "Feb" in text and "Mar" in text
    assert "The play ratio ends at 73% (1034/1410)" in text and "Play 1034/1410 73%" in text
    bulk_games(partnership, 1, start=datetime.date(2025, 7, 9), outcomes="MMMMIIIPPPIMMMPMIMMM")
    one = " ".join(text_of(get_pdf(client, url, season="2025").content).split())
    assert "Results of 1 finished game," in one and "9 Jul" in one
    assert "play 73%" in one and "fate 75%" in one and "100%" in one and "+10" in one


def test_long_names_leave_the_running_heads_date_whole(client, user):
    partnership = services.partnership_get_or_create(odd_name="A" * 30 + " " + "B" * 29, even_name="Ødegård-Ålesund " * 3, user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, HUNDRED_HANDS)
    pages = reader(game_pdf(client, game).content).pages
    assert len(pages) > 1
    assert "Thursday 9 July 2026" in pages[-1].extract_text()  # on one line, beside the long names


@pytest.mark.parametrize("size", ["a4", "letter"])
@pytest.mark.parametrize("hands", ["MMMMMMMMMM", "MMMMIIIPPPIMMMPMIMMM", "MI" * 14 + "MM"])
def test_the_longest_names_print_on_one_page_laid_out_once(user, hands, size, monkeypatch):
    """Two 60-character names of the widest letters: the chart gives up ruled
    rows for the heading, so the pad fits its page at the first layout."""
    from pad.display import pad_display
    from pad.selectors import hands_in_order

    partnership = services.partnership_get_or_create(odd_name="W" * 60, even_name="M" * 60, user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, hands)
    layouts = []
    layout = sheets._layout
    monkeypatch.setattr(sheets, "_layout", lambda *args, **kwargs: layouts.append(1) or layout(*args, **kwargs))
    content = pdf.render_game_pad(pad_display(game, hands_in_order(game)), size)
    assert len(layouts) == 1
    assert len(PdfReader(io.BytesIO(content)).pages) == 1
    # Each statistic names the seat, not a name that would wrap over lines.
    text = " ".join(PdfReader(io.BytesIO(content)).pages[0].extract_text().split())
    assert "Odd partner dealt" in text and "Even partner dealt" in text


def test_the_reports_print_the_same_as_with_weasyprints_stylesheet(client, partnership, game, tmp_path, monkeypatch):
    from tests.card_table.test_history import bulk_games

    bulk_games(partnership, 8, start=datetime.date(2026, 3, 1), outcomes="MMIMPMMIMMMM")
    record_outcomes(game, "MMMMIIIPPPIMMM")
    day = game.date.isoformat()
    assert_printed_alike(
        lambda: [
            client.get(reverse("partnership_season_pdf", args=[partnership.pk]), {"season": "2026"}).content,
            client.get(reverse("games_pdf"), {"date_from": "2026-03-01", "date_to": day}).content,
        ],
        tmp_path,
        monkeypatch,
    )



# -- notes, statistics, continuation sheets and full blank pads ---------------------


def record_with_notes(game):
    """FINISHED, with a Fates' point on hand 5 and irregularities on hands 11 and 17."""
    notes = {
        5: {"fates_point": True},
        11: {"irregularity": "card exposed after the deal"},
        17: {"irregularity": "led out of turn"},
    }
    for number, outcome in enumerate(FINISHED, start=1):
        services.hand_record(game=game, number=number, outcome=outcome, **notes.get(number, {}))


def test_the_hands_notes_are_marked_in_the_chart_and_listed_under_it(client, game):
    from pad.display import pad_display
    from pad.selectors import hands_in_order

    record_with_notes(game)
    display = pad_display(game, hands_in_order(game))
    assert [(note.number, note.hand.number, note.hand.note) for note in display.hand_notes] == [
        (1, 5, "Fates' point"),
        (2, 11, "card exposed after the deal"),
        (3, 17, "led out of turn"),
    ]
    noted = {mark.hand: mark.note for inning in display.innings for column in inning.columns for mark in column if mark.note}
    assert noted == {5: 1, 11: 2, 17: 3}
    # The hand list on screen says the same of each hand.
    hand_list = client.get(reverse("hand_list", args=[game.pk])).content.decode()
    for note in display.hand_notes:
        assert note.hand.note in hand_list.replace("&#x27;", "'")
    for size in ("a4", "letter"):
        content = game_pdf(client, game, size=size).content
        assert len(reader(content).pages) == 1
        text = " ".join(text_of(content).split())
        assert "1 Hand 5 (I, Jon dealt): Fates' point" in text
        assert "2 Hand 11 (I, Jon dealt): card exposed after the deal" in text
        assert "3 Hand 17 (I, Jon dealt): led out of turn" in text
        assert "won 11–9" in text and "STATISTICS" in text.upper()
    # A pad without a note lists none.
    other = services.game_start(partnership=game.partnership, date=datetime.date(2026, 7, 10))
    record_outcomes(other, "MMI")
    assert "Hand 3 (" not in text_of(game_pdf(client, other).content)


def value_sizes(page, values) -> dict[str, float]:
    """The size of the type of each of ``values`` on ``page`` (the largest where
    the same text is also written smaller, an inning's number or a total)."""
    sizes: dict[str, float] = {}

    def visit(text, cm, tm, font, font_size):
        if text.strip() in values:
            size = round(abs(font_size * tm[0] * (cm[0] if cm else 1)), 1)
            sizes[text.strip()] = max(size, sizes.get(text.strip(), 0))

    page.extract_text(visitor_text=visit)
    return sizes


def test_every_statistic_is_printed_in_one_size(client, game):
    from pad.display import pad_display
    from pad.selectors import hands_in_order

    record_outcomes(game, HUNDRED_HANDS)  # Fate 51/100: too long for the big type
    display = pad_display(game, hands_in_order(game))
    assert display.statistics_long and not all(statistic.is_long for statistic in display.statistics)
    values = {statistic.value for statistic in display.statistics}
    small = value_sizes(reader(game_pdf(client, game).content).pages[-1], values)
    assert set(small) == values and len(set(small.values())) == 1, small  # 2 as small as 51/100
    # A game whose values all fit the big type prints them all big.
    short = services.game_start(partnership=game.partnership, date=datetime.date(2026, 7, 10))
    record_outcomes(short, "MMMMMMMMMM")
    display = pad_display(short, hands_in_order(short))
    assert not display.statistics_long
    values = {statistic.value for statistic in display.statistics}
    big = value_sizes(reader(game_pdf(client, short).content).pages[0], values)
    assert set(big) == values and len(set(big.values())) == 1, big
    assert min(big.values()) > max(small.values())


def test_a_long_games_following_pages_are_continuation_sheets(client, game):
    record_outcomes(game, HUNDRED_HANDS)
    pages = reader(game_pdf(client, game).content).pages
    assert len(pages) >= 2
    assert "continued" not in pages[0].extract_text()
    for number, page in enumerate(pages[1:], start=2):
        text = page.extract_text()
        assert "Jon & Richard" in text and f"Thursday 9 July 2026 · continued, page {number}" in text
        assert "M P I M P I" in text  # the chart's column heads, repeated


def test_each_pad_of_a_pdf_of_pads_counts_its_own_continuation_pages(partnership):
    from pad.display import pad_display
    from pad.selectors import hands_in_order

    contexts = []
    for day in (9, 10):
        game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, day))
        record_outcomes(game, HUNDRED_HANDS)
        contexts.append(pdf.pad_context(pad_display(game, hands_in_order(game))))
    pages = [page.extract_text() for page in reader(pdf.render_game_pads(contexts)).pages]
    assert len(pages) == 4
    assert "continued" not in pages[0] and "continued" not in pages[2]
    assert "Thursday 9 July 2026 · continued, page 2" in pages[1]
    assert "Friday 10 July 2026 · continued, page 2" in pages[3]


def test_the_continuation_heading_names_the_partners_in_any_script(client, user):
    partnership = services.partnership_get_or_create(odd_name="محمد العربي", even_name="中文名字", user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, HUNDRED_HANDS)
    pages = reader(game_pdf(client, game).content).pages
    text = pages[1].extract_text()
    assert "中文名字" in text and "continued, page 2" in text


@pytest.mark.parametrize(("size", "height"), [("a4", 297.0), ("letter", 279.4)])
def test_the_blank_pads_rows_are_computed_from_the_page(size, height):
    first, continuation = pdf.blank_charts(size)
    room = height - pdf.PAGE_MARGINS_MM
    for chart, furniture in ((first, pdf.BLANK_FURNITURE_MM), (continuation, pdf.CONTINUATION_FURNITURE_MM)):
        rows = len(chart.innings)
        # As many rows as fit at the least height, stretched to fill the room.
        assert rows * pdf.BLANK_ROW_MM <= room - furniture < (rows + 1) * pdf.BLANK_ROW_MM
        assert room - furniture - 2 < rows * chart.row_mm <= room - furniture
    assert continuation.innings.start == first.innings.stop
    assert len(pdf.blank_charts(size, pdf.BLANK_FURNITURE_MM + 30)[0].innings) < len(first.innings)


def blank_layouts(partnership, size, copies, monkeypatch) -> tuple[bytes, list]:
    """The PDF of blank pads, and each WeasyPrint document laid out for it."""
    documents = []
    layout = sheets._layout
    monkeypatch.setattr(sheets, "_layout", lambda *args, **kwargs: documents.append(layout(*args, **kwargs)) or documents[-1])
    return pdf.render_blank_pads(partnership, datetime.date(2026, 7, 9), copies, size), documents


def bottom_of(page, tag: str, class_name: str) -> float:
    """Where the lowest box of an element ``tag.class_name`` ends on the laid-out page, in mm from its top."""
    bottoms = [
        box.position_y + box.margin_height()
        for box in page._page_box.descendants()
        if getattr(box, "element", None) is not None
        and box.element.tag == tag
        and class_name in (box.element.get("class") or "").split()
        and hasattr(box, "margin_height")
    ]
    return max(bottoms) * 25.4 / 96


@pytest.mark.parametrize(
    "names",
    [
        ("Jon", "Richard"),
        ("محمد العربي", "中文名字"),
        ("Jonathan Alexander", "Richard Bartholomew"),
        ("W" * 20, "M" * 20),
        ("W" * 60, "M" * 60),
        ("A" * 60, "B" * 10),
    ],
)
@pytest.mark.parametrize(("size", "height"), [("a4", 297.0), ("letter", 279.4)])
def test_a_blank_pad_fills_its_page(user, names, size, height, monkeypatch):
    partnership = services.partnership_get_or_create(odd_name=names[0], even_name=names[1], user=user)
    content, documents = blank_layouts(partnership, size, 3, monkeypatch)
    assert len(reader(content).pages) == 3 + 1
    document = documents[-1]
    assert len(document.pages) == 2  # the pad and its continuation sheet
    if names == ("Jon", "Richard"):
        assert len(documents) == 1  # ordinary names: the rows computed fit at once
    assert len(documents) <= 2
    foot = height - 14  # the page's bottom margin
    # The result line ends the first sheet, the chart's last row the continuation,
    # less than a row's height from the foot: no room for another row.
    assert foot - 1.5 < bottom_of(document.pages[0], "p", "result") <= foot
    assert foot - 1.5 < bottom_of(document.pages[1], "table", "chart") <= foot
    for page in document.pages:
        rows = [box for box in page._page_box.descendants() if type(box).__name__ == "TableRowBox" and "inning-row" in (box.element.get("class") or "")]
        assert min(box.height for box in rows) * 25.4 / 96 >= pdf.BLANK_ROW_MM - 0.01
    if names == ("Jon", "Richard"):
        first, continuation = pdf.blank_charts(size)
        texts = [page.extract_text() for page in reader(content).pages]
        assert has_totals(texts[0], first.innings[-1]) and not has_totals(texts[0], first.innings[-1] + 1)
        assert has_totals(texts[-1], continuation.innings[-1])


def test_notes_and_continuation_sheets_print_the_same_as_with_weasyprints_stylesheet(game, tmp_path, monkeypatch):
    from pad.display import pad_display
    from pad.selectors import hands_in_order

    record_with_notes(game)
    display = pad_display(game, hands_in_order(game))
    assert_printed_alike(
        lambda: [
            pdf.render_game_pad(display, "letter"),
            pdf.render_blank_pads(game.partnership, game.date, copies=2, size="letter"),
        ],
        tmp_path,
        monkeypatch,
    )


def test_a_hand_with_a_fates_point_and_an_irregularity_reads_alike_on_the_hands_page_and_the_pad(client, game):
    services.hand_record(game=game, number=1, outcome="I", fates_point=True, irregularity="card exposed")
    hand_list = client.get(reverse("hand_list", args=[game.pk])).content.decode().replace("&#x27;", "'")
    assert "Fates' point; card exposed" in hand_list
    assert "1 Hand 1 (I, Jon dealt): Fates' point; card exposed" in " ".join(text_of(game_pdf(client, game).content).split())
