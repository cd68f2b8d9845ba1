"""The product's name in templates (a builtin of every template, pages and
printed sheets alike): ``{% product_name %}``, and ``{% product_short_name %}``
where a phone's home screen has room for little. Both are the settings'
PRODUCT_NAME and PRODUCT_SHORT_NAME, the one place the name is written."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def product_name() -> str:
    return settings.PRODUCT_NAME


@register.simple_tag
def product_short_name() -> str:
    return settings.PRODUCT_SHORT_NAME
