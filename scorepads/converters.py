"""Path converters every game's URLs use."""

from django.urls import register_converter

from scorepads.models import SHARE_TOKEN_MAX_LENGTH


class TokenConverter:
    """A share or invitation token: ``secrets.token_urlsafe``'s alphabet, at
    most as long as the column. Anything else (a NUL byte, which PostgreSQL
    refuses to compare) is "not found" before any query."""

    regex = f"[A-Za-z0-9_-]{{1,{SHARE_TOKEN_MAX_LENGTH}}}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")
