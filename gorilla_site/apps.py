from django.contrib.staticfiles.apps import StaticFilesConfig


class CollectedStaticFilesConfig(StaticFilesConfig):
    """collectstatic leaves out what no page loads: of django-htmx's files, the
    pages load htmx 2 minified alone (``{% htmx_script %}``), not its htmx 4
    builds, extensions or readable copies."""

    ignore_patterns = [
        *StaticFilesConfig.ignore_patterns,
        "django_htmx/ext/*",
        "django_htmx/htmx-4*",
        "django_htmx/htmax-4*",
        "django_htmx/htmx-2.js",
        "django_htmx/django-htmx.js",
    ]
