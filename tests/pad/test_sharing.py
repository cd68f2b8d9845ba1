"""Partnerships shared by invitation, games shared read-only, and the owners of
imported and exported games."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from pad import services
from pad.models import Game, Invitation, Partnership
from pad.services import RecordingError
from tests.conftest import record_outcomes

HTMX = {"HTTP_HX_REQUEST": "true"}


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


# Invitations.


def invite(client, partnership):
    response = client.post(reverse("invitation_create", args=[partnership.pk]))
    assert response.status_code == 302
    return Invitation.objects.filter(partnership=partnership, used_at=None, revoked_at=None).get()


def test_the_creator_invites_the_partner_with_a_one_time_link(client, partnership, stranger, stranger_client):
    invitation = invite(client, partnership)
    link = reverse("invitation_accept", args=[invitation.token])
    page = client.get(reverse("partnership_detail", args=[partnership.pk])).content.decode()
    assert f"http://testserver{link}" in page and "Withdraw the invitation" in page
    # Opening the link shows what it is; nothing is used up yet.
    page = stranger_client.get(link).content.decode()
    assert "Join Jon &amp; Richard" in page
    assert not partnership.members.filter(pk=stranger.pk).exists()
    response = stranger_client.post(link)
    assert response.status_code == 302
    assert response["Location"] == reverse("partnership_detail", args=[partnership.pk])
    invitation.refresh_from_db()
    assert invitation.used_by == stranger and invitation.used_at is not None
    assert set(partnership.members.values_list("username", flat=True)) == {"jon", "stranger"}
    assert stranger_client.get(reverse("partnership_detail", args=[partnership.pk])).status_code == 200
    # Two members now: no further invitation.
    page = client.get(reverse("partnership_detail", args=[partnership.pk])).content.decode()
    assert "Invite your partner" not in page and "jon and stranger" in page
    with pytest.raises(RecordingError, match="already has 2 members"):
        services.invitation_create(partnership=partnership, user=stranger)


def test_a_used_link_is_refused_and_changes_nothing(client, partnership, stranger_client, django_user_model):
    invitation = invite(client, partnership)
    link = reverse("invitation_accept", args=[invitation.token])
    stranger_client.post(link)
    third = logged_in(django_user_model.objects.create_user("third", password="x-long-password-3"))
    for response in (third.get(link), third.post(link)):
        assert response.status_code == 200
        assert "Nothing was changed: this invitation link has already been used" in response.content.decode()
    assert partnership.members.count() == 2


def test_a_third_member_is_refused(client, partnership, stranger, django_user_model):
    invitation = invite(client, partnership)
    partnership.members.add(stranger)  # joined some other way meanwhile
    third = logged_in(django_user_model.objects.create_user("third", password="x-long-password-3"))
    response = third.post(reverse("invitation_accept", args=[invitation.token]))
    assert "already has 2 members" in response.content.decode()
    assert partnership.members.count() == 2
    invitation.refresh_from_db()
    assert invitation.used_at is None


def test_a_withdrawn_or_unknown_link_is_refused(client, partnership, stranger_client):
    invitation = invite(client, partnership)
    client.post(reverse("invitation_revoke", args=[partnership.pk]))
    link = reverse("invitation_accept", args=[invitation.token])
    response = stranger_client.post(link)
    assert "has been withdrawn" in response.content.decode()
    response = stranger_client.get(reverse("invitation_accept", args=["no-such-token"]))
    assert response.status_code == 404 and "is not known" in response.content.decode()
    assert partnership.members.count() == 1


def test_a_new_invitation_withdraws_the_old_one(client, partnership):
    first = invite(client, partnership)
    second = invite(client, partnership)
    first.refresh_from_db()
    assert first.revoked_at is not None and second.open


def test_the_member_opening_their_own_link_uses_nothing(client, partnership):
    invitation = invite(client, partnership)
    response = client.post(reverse("invitation_accept", args=[invitation.token]))
    assert response.status_code == 302
    invitation.refresh_from_db()
    assert invitation.open


def test_nobody_opening_the_link_logs_in_first(anonymous_client, client, partnership):
    invitation = invite(client, partnership)
    link = reverse("invitation_accept", args=[invitation.token])
    response = anonymous_client.get(link)
    assert response["Location"] == f"{reverse('login')}?next={link}"
    login_page = anonymous_client.get(response["Location"]).content.decode()
    assert f"{reverse('signup')}?next=" in login_page  # sign up, then come back


# The read-only share link.


def share(client, game):
    client.post(reverse("game_share", args=[game.pk]))
    game.refresh_from_db()
    assert game.share_token
    return reverse("shared_pad", args=[game.share_token])


def test_a_shared_pad_is_read_only_and_needs_no_account(client, game, anonymous_client):
    record_outcomes(game, "MPI")
    url = share(client, game)
    assert f"http://testserver{url}" in client.get(reverse("game_pad", args=[game.pk])).content.decode()
    response = anonymous_client.get(url)
    page = response.content.decode()
    assert response.status_code == 200
    assert "<form" not in page.replace('<form class="site-user"', "")  # no form but log in
    assert "Jon" in page and "Richard" in page and 'class="chart"' in page and "Statistics" in page
    assert "Hand 4:" in page
    assert reverse("game_pad", args=[game.pk]) not in page  # no link into the pad itself


def test_a_shared_pad_polls_like_the_pad(client, game, anonymous_client):
    url = share(client, game)
    page = anonymous_client.get(url).content.decode()
    assert f'hx-get="{url}" hx-include="#pad-meta"' in page
    version = page.split('id="pad-meta" name="version" value="', 1)[1].split('"', 1)[0]
    assert anonymous_client.get(url, {"version": version}, **HTMX).status_code == 204
    record_outcomes(game, "M")
    response = anonymous_client.get(url, {"version": version}, **HTMX)
    assert response.status_code == 200
    assert "Hand 2:" in response.content.decode() and "<html" not in response.content.decode()
    # Its version said, as the pad's is: the page swaps in no answer that says none.
    assert int(response["X-Pad-Version"]) > int(version)


def test_stop_sharing_makes_the_old_link_404(client, game, anonymous_client):
    url = share(client, game)
    client.post(reverse("game_stop_sharing", args=[game.pk]))
    assert anonymous_client.get(url).status_code == 404
    assert anonymous_client.get(url, {"version": "x"}, **HTMX).status_code == 404
    # Sharing again gives a new link; the old one stays dead.
    new_url = share(client, game)
    assert new_url != url and anonymous_client.get(url).status_code == 404


def test_a_stranger_cannot_share(stranger_client, game):
    assert stranger_client.post(reverse("game_share", args=[game.pk])).status_code == 404
    game.refresh_from_db()
    assert game.share_token == ""


# Import and export with owners.

DOCUMENT = {
    "format": "gorilla-pad/1",
    "games": [
        {"partnership": {"odd": "Jon", "even": "Richard"}, "date": "2026-07-09", "hands": [{"outcome": "M"}]},
        {"partnership": {"odd": "Ann", "even": "Bea"}, "date": "2026-07-10", "hands": [{"outcome": "P"}]},
    ],
}


def import_file(tmp_path, *options):
    path = tmp_path / "games.json"
    path.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    call_command("import_games", str(path), *options, stdout=io.StringIO())


def export(*options):
    out = io.StringIO()
    call_command("export_games", *options, stdout=out)
    return json.loads(out.getvalue())


def test_import_for_a_user_goes_to_their_partnerships(tmp_path, partnership, user, client):
    import_file(tmp_path, "--user", "jon")
    assert Game.objects.get(date="2026-07-09").partnership == partnership  # found among Jon's
    ann = Partnership.objects.get(odd_name="Ann")
    assert list(ann.members.all()) == [user] and ann.created_by == user
    assert client.get(reverse("game_pad", args=[Game.objects.get(date="2026-07-10").pk])).status_code == 200


def test_import_without_a_user_belongs_to_no_one(tmp_path, partnership, client):
    import_file(tmp_path)
    imported = Game.objects.get(date="2026-07-09")
    assert imported.partnership != partnership and not imported.partnership.members.exists()
    assert client.get(reverse("game_pad", args=[imported.pk])).status_code == 404


def test_an_unknown_user_writes_nothing(tmp_path, db):
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        import_file(tmp_path, "--user", "nobody")
    assert not Game.objects.exists() and not Partnership.objects.exists()
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        export("--user", "nobody")


def test_export_for_a_user_holds_their_games_only(tmp_path, game, stranger):
    import_file(tmp_path)  # no one's
    services.game_start(
        partnership=services.partnership_get_or_create(odd_name="Eve", even_name="Mal", user=stranger),
        date=game.date,
    )
    assert [entry["uid"] for entry in export("--user", "jon")["games"]] == [str(game.uid)]
    assert len(export()["games"]) == 4


def test_a_shared_pad_offers_its_pdf_until_sharing_stops(client, game, anonymous_client):
    record_outcomes(game, "MPI")
    url = share(client, game)
    pdf_url = url + "pad.pdf"
    page = anonymous_client.get(url).content.decode()
    assert f'href="{pdf_url}"' in page and f'href="{pdf_url}?size=letter"' in page
    response = anonymous_client.get(pdf_url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF") and "private" in response["Cache-Control"]
    assert anonymous_client.get(pdf_url, {"size": "a0"}).status_code == 400
    client.post(reverse("game_stop_sharing", args=[game.pk]))
    assert anonymous_client.get(pdf_url).status_code == 404
