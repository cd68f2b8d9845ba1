from django.contrib.staticfiles.apps import StaticFilesConfig


class CollectedStaticFilesConfig(StaticFilesConfig):
    """collectstatic leaves out what no page loads: of django-htmx's files, the
    pages load htmx 2 minified (``{% htmx_script %}``), and with DEBUG on its
    script that shows error pages, not its htmx 4 builds, extensions or
    readable copies."""

    ignore_patterns = [
        *StaticFilesConfig.ignore_patterns,
        "django_htmx/ext/*",
        "django_htmx/htmx-4*",
        "django_htmx/htmax-4*",
        "django_htmx/htmx-2.js",
    ]
