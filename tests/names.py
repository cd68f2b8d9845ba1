"""Names as the pages and texts write them, each isolated in its own direction:
``<bdi>`` in HTML, FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE in plain text."""


def bdi(*names: str) -> str:
    """The names as a page lists them: ``<bdi>Ann</bdi>, <bdi>Ben</bdi>``."""
    return ", ".join(f"<bdi>{name}</bdi>" for name in names)


def fsi(name: str) -> str:
    """A name as plain text writes it among other words: ``\u2068Ann\u2069``."""
    return f"\u2068{name}\u2069"
