from django.contrib import admin
from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.urls import include, path

from scorepads import app_shell, game_urls


@login_not_required
def healthz(request):
    """A trivial view: the load bench measures the pad against it."""
    return HttpResponse("ok", content_type="text/plain")


# The 500 page shows the request's id, which the log has beside the failure.
handler500 = "gorilla_site.request_ids.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("sw.js", app_shell.service_worker, name="service_worker"),
    path("manifest.webmanifest", app_shell.web_manifest, name="web_manifest"),
    path("favicon.ico", app_shell.favicon, name="favicon"),
    path("offline/", app_shell.offline_page, name="offline_page"),
    path("admin/", admin.site.urls),
    # The site's own pages, then every game's (as each registers them).
    path("", include("card_table.urls")),
    *game_urls.includes(),
]
