"""The site around the games: one product name written once, a layer that
imports no game, every page's header and skip link, and Gorilla's styles and
script on Gorilla's pages only."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scorepads import registry

ROOT = Path(__file__).resolve().parents[2]
GAME_APPS = {"pad", "solver", "two_way_street", "mahjong", "bridge"}
#: Where the product's name is written, and nowhere else.
THE_ONE_PLACE = ROOT / "gorilla_site" / "settings.py"
SOURCES = ("*.py", "*.html", "*.txt", "*.js", "*.css")


def source_files():
    for folder in ["templates", "static", "gorilla_site", "card_table", "scorepads", *sorted(GAME_APPS)]:
        for pattern in SOURCES:
            for path in (ROOT / folder).rglob(pattern):
                if "vendor" not in path.parts:
                    yield path


def test_the_product_is_named_as_decided():
    assert (settings.PRODUCT_NAME, settings.PRODUCT_SHORT_NAME) == ("Score pads for the card table", "Score pads")


def test_no_template_or_module_writes_the_products_name_but_the_one_place():
    full = re.compile(re.escape(settings.PRODUCT_NAME), re.IGNORECASE)
    short = re.compile(rf"""(["'>]){re.escape(settings.PRODUCT_SHORT_NAME)}(["'<])""")
    old = re.compile(r"gorilla score pad\b|\"short_name\": \"Gorilla\"", re.IGNORECASE)
    files = list(source_files())
    assert len(files) > 100
    written = [
        str(path.relative_to(ROOT))
        for path in files
        if path != THE_ONE_PLACE and (full.search(text := path.read_text()) or short.search(text) or old.search(text))
    ]
    assert written == []
    assert full.search(THE_ONE_PLACE.read_text())


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("layer", ["scorepads", "card_table"])
def test_the_shared_layer_and_the_site_import_no_game(layer):
    modules = list((ROOT / layer).rglob("*.py"))
    assert modules
    found = {str(path.relative_to(ROOT)): imported_modules(path) & GAME_APPS for path in modules}
    assert {path: games for path, games in found.items() if games} == {}


def test_every_page_says_the_product_name_in_its_title_and_header(client, game):
    for url in (reverse("front_page"), reverse("game_list"), reverse("account"), reverse("game_pad", args=[game.pk])):
        page = client.get(url).content.decode()
        assert re.search(rf"<title>[^<]*{re.escape(settings.PRODUCT_NAME)}</title>", page), url
        assert f'<span class="site-long-name">{settings.PRODUCT_NAME}</span>' in page, url


def test_the_headers_new_game_offers_every_registered_game(client, db):
    page = client.get(reverse("account")).content.decode()
    menu = page.split('class="site-menu new-game-menu"', 1)[1].split("</details>", 1)[0]
    assert re.findall(r'<li><a href="([^"]+)">([^<]+)</a></li>', menu) == [
        (reverse(kind.start_url_name), kind.label) for kind in registry.kinds()
    ]
    assert len(registry.kinds()) == 5  # the site's four and the tests' Tally


def test_a_game_registered_later_is_offered_too(client, db, monkeypatch):
    toy = registry.GameKind(
        slug="toy", label="Toy game", recent=lambda user, limit: [], row_template="", listed=None,
        history_rows=None, history_row_template="", start_url_name="account",
    )
    monkeypatch.setitem(registry._kinds, "toy", toy)
    page = client.get(reverse("password_change")).content.decode()
    assert f'<li><a href="{reverse("account")}">Toy game</a></li>' in page


def test_every_page_starts_with_a_skip_link_to_its_content(client, anonymous_client, game):
    pages = [
        client.get(reverse("front_page")),
        client.get(reverse("game_pad", args=[game.pk])),
        anonymous_client.get(reverse("login")),
    ]
    for response in pages:
        page = response.content.decode()
        body = page.split("<body", 1)[1]
        first_link = re.search(r"<a [^>]*>", body).group(0)
        assert first_link == '<a class="skip-link" href="#main">'
        assert '<main id="main" tabindex="-1">' in page


def test_gorillas_styles_and_script_load_on_gorillas_pages_only(client, game):
    site_pages = [reverse("front_page"), reverse("game_list"), reverse("account"), reverse("two_way_street:new")]
    for url in site_pages:
        page = client.get(url).content.decode()
        assert "card_table/site.css" in page and "card_table/site.js" in page, url
        assert "pad/pad.css" not in page and "pad/pad.js" not in page, url
    for url in (reverse("game_pad", args=[game.pk]), reverse("hand_list", args=[game.pk]), reverse("game_start")):
        page = client.get(url).content.decode()
        assert "pad/pad.css" in page and "pad/pad.js" in page, url


def test_a_refused_gorilla_start_lists_its_problems_first_each_linked_to_its_field(client, db):
    response = client.post(reverse("game_start"), {"odd_name": "", "even_name": "Richard", "date": "2026-02-30"})
    assert response.status_code == 400
    page = response.content.decode()
    summary = page.split("data-error-summary", 1)[1].split("</div>", 1)[0]
    assert page.index("data-error-summary") < page.index('name="odd_name"')
    links = dict((target, text) for target, text in re.findall(r'<a href="#([^"]+)">([^<]+)</a>', summary))
    assert links["id_date"] == "Date: Enter a valid date."
    assert "Enter a name" in links["id_odd_name"]
    assert 'id="id_odd_name"' in page and 'aria-describedby="id_odd_name_error"' in page


def test_a_refused_mah_jongg_start_lists_its_problems_first(client, db):
    response = client.post(reverse("mahjong:new"), {"name_1": "Ann", "date": "2026-07-09"})
    assert response.status_code == 400
    page = response.content.decode()
    summary = page.split("data-error-summary", 1)[1].split("</div>", 1)[0]
    targets = re.findall(r'<a href="#([^"]+)">', summary)
    assert targets and all(f'id="{target}"' in page for target in targets)
