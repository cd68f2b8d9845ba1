"""Sharing: a partnership's one-time invitation to the partner, and a game's
read-only link for spectators.

Both links carry a long random token (``secrets.token_urlsafe(32)``, 256 bits)
stored in the database, rather than a value signed with ``django.core.signing``:
each must be revocable (and the invitation usable once), which needs a row to
change whatever the token looks like. A stored random token is revoked by
clearing it, leaks nothing about the game it names, and survives a change of
SECRET_KEY; a signed value would need that same row plus a key to keep.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from pad import selectors, services
from pad.display import pad_at_table, shared_regions
from pad.services import RecordingError
from scorepads.patches import VERSION_HEADER
from scorepads.regions import PadMeta, meta_region
from scorepads.views import unchanged_poll

SHARED_TEMPLATE = "pad/shared.html"


@require_POST
def invitation_create(request, partnership_id: int):
    partnership = get_object_or_404(selectors.partnerships_of(request.user), pk=partnership_id)
    try:
        services.invitation_create(partnership=partnership, user=request.user)
    except RecordingError as error:
        messages.warning(request, f"No invitation was made: {error}.")
    else:
        messages.info(request, "Send this link to your partner. It works once.")
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(back)
    return redirect("partnership_detail", partnership_id=partnership.pk)


@require_POST
def invitation_revoke(request, partnership_id: int):
    partnership = get_object_or_404(selectors.partnerships_of(request.user), pk=partnership_id)
    if services.invitation_revoke(partnership=partnership):
        messages.info(request, "The invitation link was withdrawn: it no longer works.")
    return redirect("partnership_detail", partnership_id=partnership.pk)


@require_http_methods(["GET", "POST"])
def invitation_accept(request, token: str):
    """GET shows whose partnership this is and a Join button; POST joins.

    Joining takes a POST so that a link preview or a prefetch cannot use up
    the one-time link.
    """
    invitation = selectors.invitation_by_token(token)
    try:
        if request.method == "POST":
            partnership = services.invitation_accept(token=token, user=request.user)
            messages.info(request, f"You are now a member of {partnership}.")
            game = selectors.game_in_progress(partnership)
            if game is not None:  # straight to the game the partner is keeping
                return redirect("game_pad", game_id=game.pk)
            return redirect("partnership_detail", partnership_id=partnership.pk)
        services.check_invitation(invitation, user=request.user)
    except RecordingError as error:
        if error.code == "member" and invitation is not None:  # refused so only for a known invitation
            return redirect("partnership_detail", partnership_id=invitation.partnership_id)
        return render(
            request,
            "pad/invitation.html",
            {"invitation": None, "problem": error},
            status=404 if error.code == "unknown" else 200,
        )
    return render(request, "pad/invitation.html", {"invitation": invitation, "problem": None})


@require_POST
def game_share(request, game_id: int):
    game = get_object_or_404(selectors.games_visible_to(request.user), pk=game_id)
    services.game_share(game=game)
    return redirect("game_pad", game_id=game.pk)


@require_POST
def game_stop_sharing(request, game_id: int):
    game = get_object_or_404(selectors.games_visible_to(request.user), pk=game_id)
    services.game_stop_sharing(game=game)
    messages.info(request, "The share link no longer works.")
    return redirect("game_pad", game_id=game.pk)


@login_not_required
@require_GET
@vary_on_headers("HX-Request")
def shared_pad(request, token: str):
    """The pad, read-only, for anyone with the link; polled like the pad page
    (``?version=``, 204 while nothing changed), and like it saying its
    version (``X-Pad-Version``): an answer that says none is no pad, which
    the page never swaps in (static/scorepads/table.js). A revoked link is a 404."""
    def shared_revision():
        return selectors.revision_of(selectors.shared_games(), share_token=token)

    if unchanged := unchanged_poll(request, shared_revision):
        return unchanged
    game = selectors.shared_game(token)
    if game is None:
        raise Http404("No such shared pad.")
    display = pad_at_table(game, selectors.played_hands(game))
    template = SHARED_TEMPLATE + "#shared-pad" if request.htmx else SHARED_TEMPLATE
    meta = PadMeta(
        version=display.version,
        announce=display.announcement,
        keep_while=str(display.next_hand.number) if display.next_hand else "over",
    )
    regions = shared_regions(display, meta=meta_region(meta), token=token)
    response = render(request, template, {"game": game, "display": display, "token": token, "regions": regions, "poll_url": reverse("shared_pad", args=[token])})
    response[VERSION_HEADER] = str(display.version)
    return response
