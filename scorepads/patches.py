"""Answering a tap with what it changed on the pad, not with the whole pad.

A game draws its pad as regions (:mod:`scorepads.regions`). The answer to a tap
made on the pad as it stood just before the tap (the phone sends the version
it shows in ``X-Pad-Shown``, static/scorepads/table.js) is :func:`patch`: only
the regions the tap changed, which htmx swaps into place out of band. The rest
of the phone's pad stays as it is, with whatever is being typed in it: an
answer costs what the tap changed, however long the game. A phone that shows
another version (the other phone changed the pad meanwhile), and a change the
rows cannot follow, are answered with the whole pad.

The answer says which version it patches and which it makes
(``X-Pad-Patch: 41 42``): a phone whose pad moved on meanwhile (a poll brought
it) drops the patch and asks for the pad (table.js). Once the patch is in
place, htmx raises ``pad-patched`` on the page.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.http import HttpResponse
from django.template import Engine, RequestContext
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from scorepads import redo
from scorepads.regions import Region, Swap, Toast, ToastMessage, changes, toast_region
from scorepads.templatetags.regions import draw

#: The header of a tap that names the version of the pad the phone shows.
SHOWN_HEADER = "X-Pad-Shown"
#: The header of a patch: the version it patches and the version it makes, "41 42".
PATCH_HEADER = "X-Pad-Patch"
#: The header of every pad answered whole: the version it shows. A phone never
#: swaps in a pad no newer than the one it shows (static/scorepads/table.js).
VERSION_HEADER = "X-Pad-Version"
#: The event raised on the page once a patch is in place (HX-Trigger-After-Settle).
PATCHED_EVENT = "pad-patched"


def patch(
    request,
    *,
    before: Sequence[Region],
    after: Sequence[Region],
    version_before: int | str,
    version_after: int | str,
) -> HttpResponse | None:
    """The answer to a tap that changed the pad from version ``version_before``
    (drawn from ``before``) to ``version_after`` (drawn from ``after``): the
    regions that changed (see the module's docstring). None when the request
    is no htmx request, the phone shows another version, or the change is one
    to answer with the whole pad."""
    if not getattr(request, "htmx", False) or request.headers.get(SHOWN_HEADER) != str(version_before):
        return None
    swaps = changes(before, after)
    if swaps is None:
        return None
    response = HttpResponse(drawn(request, swaps))
    response["HX-Reswap"] = "none"
    response["HX-Trigger-After-Settle"] = PATCHED_EVENT
    response[PATCH_HEADER] = f"{version_before} {version_after}"
    return response


def drawn(request, swaps: Sequence[Swap]) -> str:
    """The answer's HTML: each swap's regions drawn by their partials, each
    carrying htmx's out-of-band swap (``hx-swap-oob``), the rows of a table
    in a template element, where they may stand alone, a region removed as
    an empty element of its id. Drawn in one context, its processors run
    once; a patch's forms are sent by htmx, which carries the CSRF token in a
    header, so they are drawn without it (``in_patch``)."""
    if not swaps:
        return ""
    engine = Engine.get_default()
    context = RequestContext(request, {"in_patch": True})
    pieces = []
    with context.bind_template(engine.get_template(swaps[0].regions[0].template)):
        for swap in swaps:
            if swap.how == "delete":
                piece = format_html('<i id="{}" hx-swap-oob="delete"></i>', swap.regions[0].id)
            elif swap.holder:
                rows = mark_safe("".join(draw(context, region) for region in swap.regions))
                piece = format_html('<{} hx-swap-oob="{}">{}</{}>', swap.holder, swap.how, rows, swap.holder)
            else:
                piece = draw(context, swap.regions[0], oob=swap.how)
            pieces.append(format_html("<template>{}</template>", piece) if swap.in_table else piece)
    return "".join(pieces)


def toast(request, game, *, undo_number: int | None, next_number: int | None, redo_url: str) -> Region:
    """The toast region of this answer about ``game``: the messages the request
    left (used up here), an Undo of hand ``undo_number`` beside a recorded
    entry, and a Redo (at ``redo_url``) beside an undone one while the hand
    this phone undid can go back as the next, ``next_number``
    (:func:`scorepads.redo.offered`; see :class:`scorepads.regions.Toast`)."""
    put_back = redo.offered(request, game, next_number)
    redo_number = put_back["number"] if put_back else None
    said = []
    for message in messages.get_messages(request):
        tags = message.tags.split()
        action = "undo" if "recorded" in tags and undo_number else "redo" if "undone" in tags and redo_number else ""
        said.append(ToastMessage(str(message), message.tags, action))
    return toast_region(Toast(tuple(said), undo_number, redo_url, redo_number))


#: The toast of a pad drawn before a tap: the tap's answer says what it did.
NO_TOAST = toast_region(Toast())
