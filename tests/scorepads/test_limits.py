"""The daily limits each game declares on its registration: the setting named
from the game's slug, read from the environment, the settings or the default."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from scorepads import limits, registry


def test_each_games_limit_is_the_setting_its_slug_names():
    declared = {kind.slug: kind.daily_limit.setting for kind in registry.kinds() if kind.daily_limit}
    assert declared["two-way-street"] == "TWO_WAY_STREET_GAMES_PER_DAY"
    assert declared["mah-jongg"] == "MAH_JONGG_GAMES_PER_DAY"
    assert declared["bridge"] == "BRIDGE_RULINGS_PER_DAY"
    assert "gorilla" not in declared


def test_the_number_comes_from_the_settings_else_the_environment_else_the_default(monkeypatch, settings):
    monkeypatch.delenv("NEW_GAME_GAMES_PER_DAY", raising=False)
    assert limits.games_started("new-game", "New game", "auth.User", 7).most == 7
    monkeypatch.setenv("NEW_GAME_GAMES_PER_DAY", " 12 ")
    limit = limits.games_started("new-game", "New game", "auth.User", 7)
    assert limit.most == 12
    settings.NEW_GAME_GAMES_PER_DAY = 3
    assert limit.most == 3


@pytest.mark.parametrize("value", ["many", "-1", "2.5", "١٢"])
def test_a_wrong_number_in_the_environment_stops_the_registration_naming_it(monkeypatch, value):
    monkeypatch.setenv("NEW_GAME_GAMES_PER_DAY", value)
    with pytest.raises(ImproperlyConfigured, match="NEW_GAME_GAMES_PER_DAY must be a whole number of 0 or more"):
        limits.games_started("new-game", "New game", "auth.User", 7)


def test_a_model_no_game_limits_is_never_refused(user):
    from django.contrib.auth.models import Group

    assert limits.registered_for(Group) is None
    limits.check_today(user, Group)  # nothing to count, nothing refused
