"""The app as a phone installs it: manifest, icons, favicon, the service
worker's script and version, the offline page, compressed pages."""

import gzip
import json
import os
import re

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from PIL import Image

from scorepads import app_shell


def test_the_manifest_names_the_app_its_icons_and_how_it_opens(db):
    response = Client().get("/manifest.webmanifest")  # asked without cookies, as browsers do
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert (manifest["name"], manifest["short_name"], manifest["display"], manifest["start_url"], manifest["scope"]) == (
        settings.PRODUCT_NAME, settings.PRODUCT_SHORT_NAME, "standalone", "/", "/"
    )
    assert manifest["theme_color"] == manifest["background_color"] == app_shell.THEME_COLOURS["light"]
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        width, height = Image.open(path).size
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest_icons_and_theme_colours_light_and_dark(db):
    page = Client().get("/accounts/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon"' in page and 'rel="icon"' in page
    for scheme, colour in app_shell.THEME_COLOURS.items():
        assert f'<meta name="theme-color" content="{colour}" media="(prefers-color-scheme: {scheme})">' in page


def test_favicon_is_found_at_the_root(db):
    response = Client().get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("favicon.ico")
    assert Client().get(response["Location"]).status_code == 200


def test_the_service_worker_is_served_from_the_root_and_never_kept_stale(db):
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    script = response.content.decode()
    assert f'const VERSION = "{app_shell.static_version()}";' in script
    assert "workbox-core.prod.js" in script and "scorepads/tap_queue.js" in script
    for module in app_shell.WORKBOX_MODULES:
        assert finders.find(f"vendor/workbox/workbox-{module}.prod.js")


def test_the_service_workers_version_changes_with_any_static_file(tmp_path, settings):
    settings.STATICFILES_DIRS = [tmp_path]
    (tmp_path / "pad.css").write_text("a {}")
    before = app_shell.static_version()
    assert app_shell.static_version() == before
    (tmp_path / "pad.css").write_text("a { color: red }")
    stat = os.stat(tmp_path / "pad.css")
    os.utime(tmp_path / "pad.css", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert app_shell.static_version() != before


def test_the_offline_page_needs_no_account_and_names_none(db, user):
    client = Client()
    client.force_login(user)
    page = client.get("/offline/").content.decode()
    assert "No connection" in page
    assert user.username not in page  # kept on the phone for whoever uses it next


def test_pages_are_compressed_for_browsers_that_ask(client, game):
    plain = client.get(f"/games/{game.pk}/")
    packed = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert len(packed.content) < len(plain.content) / 2
    # The same page (its CSRF token is masked anew each time).
    assert gzip.decompress(packed.content).decode().count('class="mark') == plain.content.decode().count('class="mark')


def test_collectstatic_keeps_the_htmx_the_pages_load_and_leaves_out_its_other_builds(tmp_path, settings, client):
    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", interactive=False, verbosity=0)
    collected = {path.relative_to(tmp_path).as_posix() for path in (tmp_path / "django_htmx").rglob("*") if path.is_file()}
    loaded = set()
    for debug in (False, True):  # a deployment, and development (make run)
        settings.DEBUG = debug
        page = client.get("/accounts/login/").content.decode()
        loaded |= set(re.findall(r'src="/static/(django_htmx/[^"]+)"', page))
    assert loaded == {"django_htmx/htmx-2.min.js", "django_htmx/django-htmx.js"}
    assert collected == loaded
    assert (tmp_path / "pad").is_dir() and (tmp_path / "admin").is_dir()  # the rest is collected as before
