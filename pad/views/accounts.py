"""Accounts: sign up here; log in and out are Django's own views (pad.urls).

Every other page needs a login (``LoginRequiredMiddleware`` in the settings);
the views here that do not are marked ``@login_not_required``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods


def next_url(request) -> str:
    """Where to go after signing up: ``next`` when it is on this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return resolve_url(settings.LOGIN_REDIRECT_URL)


@login_not_required
@require_http_methods(["GET", "POST"])
def signup(request):
    """A new account, logged in at once."""
    if request.user.is_authenticated:
        return redirect(next_url(request))
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url(request))
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": request.POST.get("next") or request.GET.get("next", "")},
        status=400 if request.method == "POST" else 200,
    )
