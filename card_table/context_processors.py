"""What every page's template may read: the product's name, the games a new
game can be started of (the header's "New game"), and the length limits of
what players type, each game's as its registration gives them, so a form
field's ``maxlength`` is the model's limit, written once in the game's models."""

from django.urls import reverse

from scorepads import registry


def site(request):
    kinds = registry.kinds()
    return {
        "new_games": [(kind.label, reverse(kind.start_url_name)) for kind in kinds if kind.start_url_name],
        "limits": {name: limit for kind in kinds for name, limit in kind.limits},
    }
