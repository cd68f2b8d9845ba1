"""axe-core finds no accessibility violation on the app's pages, on a phone,
light and dark."""

from pathlib import Path

import pytest

from tests.conftest import record_outcomes

AXE = Path(__file__).resolve().parent / "js" / "node_modules" / "axe-core" / "axe.min.js"


def violations(page) -> list[str]:
    page.evaluate(AXE.read_text())  # through the browser's debugger, as the CSP allows no script of ours
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{violation['id']} ({violation['impact']}): {node['target']}"
        for violation in found
        for node in violation["nodes"]
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_accessibility_violation(chromium, live_server, log_in, game, scheme, monkeypatch):
    if not AXE.exists():
        pytest.fail("axe-core is missing: `make test` installs it (tests/browser/js)")
    record_outcomes(game, "MMIPM")
    from pad import services

    services.game_share(game=game)
    # History in pages of one game, so that its pager shows, a way with no page greyed out.
    services.game_start(partnership=game.partnership, date=game.date)
    monkeypatch.setattr("card_table.views.history.GAMES_PER_PAGE", 1)
    context = log_in(chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, color_scheme=scheme))
    page = context.new_page()
    pages = [
        "/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/gorilla/",
        f"/games/{game.pk}/hands/all/",
        "/games/",
        f"/partnerships/{game.partnership_id}/",
        "/accounts/",
    ]
    found = {}
    for path in pages:
        page.goto(live_server.url + path)
        if problems := violations(page):
            found[path] = problems
    context.close()
    anonymous = chromium.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    visitor = anonymous.new_page()
    for path in ("/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", f"/share/{game.share_token}/"):
        visitor.goto(live_server.url + path)
        if problems := violations(visitor):
            found[path] = problems
    anonymous.close()
    assert found == {}


def test_the_check_finds_a_violation_where_there_is_one(chromium, live_server):
    context = chromium.new_context()
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<img src=\"/x.png\">')")
    assert any(problem.startswith("image-alt") for problem in violations(page))
    context.close()
