from django.contrib import admin
from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.urls import include, path


@login_not_required
def healthz(request):
    """A trivial view: the load bench measures the pad against it."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("two-way-street/", include("two_way_street.urls")),
    path("mah-jongg/", include("mahjong.urls")),
    path("bridge/", include("bridge.urls")),
    path("", include("pad.urls")),
]
