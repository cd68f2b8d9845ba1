"""Where the site's templates and static files are (each app's in a folder of
its name): beside the packages in a checkout, inside gorilla_site when the
project is installed from its wheel (pyproject.toml's package-dir).

Imports no Django, so that the settings and the modules that read a static
file themselves (the bundled fonts of scorepads.names) find them alike.
"""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent

SITE_FILES = _CHECKOUT if (_CHECKOUT / "templates").is_dir() else _PACKAGE
TEMPLATES = SITE_FILES / "templates"
STATIC = SITE_FILES / "static"
