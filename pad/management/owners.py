"""The --user option of import_games and export_games."""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def user_named(username: str):
    """The user with this username; CommandError naming it when there is none."""
    User = get_user_model()
    try:
        return User.objects.get_by_natural_key(username)
    except User.DoesNotExist:
        raise CommandError(f"no user named {username!r}; nothing was done") from None
