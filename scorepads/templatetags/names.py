"""Names in templates, each isolated in its own direction (a builtin of every template).

``{{ name|isolated }}`` writes ``<bdi>name</bdi>``; ``{{ names|isolated_join:", " }}``
each name so, joined; ``{{ name|isolated_text }}`` the name between FSI and PDI,
for text that holds no markup (a document's title, an attribute);
``{{ names|isolated_heading }}`` as many names as a one-line heading holds.
"""

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from scorepads.names import MORE, heading_names, isolate

register = template.Library()


@register.filter
def isolated(name) -> str:
    return format_html("<bdi>{}</bdi>", name) if name not in (None, "") else ""


@register.filter
def isolated_join(names, separator: str = ", ") -> str:
    return mark_safe(conditional_escape(separator).join(isolated(name) for name in names))


@register.filter
def isolated_text(name) -> str:
    return isolate(str(name)) if name is not None else ""


@register.filter
def isolated_heading(names) -> str:
    """As many of ``names`` as a one-line heading holds, each isolated and cut
    when long, then how many more there are: "Ann, Ben, … and 7 more"."""
    shown, more = heading_names(list(names))
    text = isolated_join(shown)
    return format_html("{}" + MORE, text, more) if more else text
