"""The settings bench/load.py serves the app with: the deployment's own, with
one URL more (bench/load_urls.py), the floor a recording is measured against."""

from gorilla_site.settings import *  # noqa: F403

ROOT_URLCONF = "bench.load_urls"
