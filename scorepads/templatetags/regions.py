"""Drawing a pad's regions (scorepads.regions), a builtin of every template.

``{% draw_region region %}`` draws a region by its partial, given the region as
``region``; ``{% draw_region region "record-number" %}`` draws its part of that
id. Both on the page (the partial writes no ``oob``) and in a patch
(scorepads.patches.drawn), where ``oob`` is htmx's out-of-band
attribute. ``{% form_token %}`` is a form's CSRF token on the page; in a patch,
whose forms htmx sends with the token in a header, it is left out.
"""

import threading
from collections import OrderedDict

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: The drawings of regions marked ``kept`` (scorepads.regions.Region), by
#: region: a long game's chart is drawn once a row, not once a poll.
KEPT_DRAWINGS = 4096
_kept: OrderedDict = OrderedDict()
_kept_lock = threading.Lock()


@register.simple_tag(takes_context=True)
def draw_region(context, region, part: str = "", oob: str = "") -> SafeString:
    return draw(context, region.part(part) if part else region, oob)


def draw(context, region, oob: str = "") -> SafeString:
    """``region`` drawn by its partial in ``context``, its element carrying
    htmx's out-of-band swap ``oob`` when given (in a patch)."""
    keep = region.kept and not oob
    if keep:
        with _kept_lock:
            drawn = _kept.get(region)
            if drawn is not None:
                _kept.move_to_end(region)
                return drawn
    partial = context.template.engine.get_template(region.template)
    with context.push(region=region, oob=mark_safe(f' hx-swap-oob="{oob}"') if oob else ""):
        drawn = mark_safe(partial.render(context))
    if keep:
        with _kept_lock:
            _kept[region] = drawn
            if len(_kept) > KEPT_DRAWINGS:
                _kept.popitem(last=False)
    return drawn


_CSRF = CsrfTokenNode()


@register.simple_tag(takes_context=True)
def form_token(context) -> SafeString:
    return mark_safe("" if context.get("in_patch") else _CSRF.render(context))
