"""The site's addresses and one more that fails, for the tests of what a 500 leaves behind."""

from django.contrib.auth.decorators import login_not_required
from django.urls import path

from gorilla_site.urls import handler500
from gorilla_site.urls import urlpatterns as site_urlpatterns

__all__ = ["handler500", "urlpatterns"]


@login_not_required
def failing(request):
    raise RuntimeError("a failure in the view")


urlpatterns = [path("failing/", failing), *site_urlpatterns]
