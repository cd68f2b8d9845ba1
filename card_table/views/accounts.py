"""Accounts: sign up, the account page (email, data download, deletion) and
the password views; log in and out are Django's own views (card_table.urls).

Every other page needs a login (``LoginRequiredMiddleware`` in the settings);
the views here that do not are marked ``@login_not_required`` (Django's own
login and password reset views are marked already).

Logins are throttled by django-axes (settings), sign-ups by django-ratelimit.
"""

from __future__ import annotations

import tempfile

from axes.utils import reset as axes_reset
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import UserCreationForm
from django.http import FileResponse, Http404, HttpResponseRedirect
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse_lazy
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_ratelimit.core import is_ratelimited
from django_ratelimit.decorators import ratelimit

from card_table import accounts
from scorepads import registry, restore, seating
from scorepads.account_data import restore_start, write_archive
from scorepads.views import attachment_header

EMAIL_HELP = "Optional. Only for a link to set a new password if you forget yours."


def next_url(request) -> str:
    """Where to go after signing up: ``next`` when it is a path on this site
    ("/pad/"); anything else (another site, "x", "javascript:...") is ignored
    for the front page."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return resolve_url(settings.LOGIN_REDIRECT_URL)


# What a form's upload adds to the file itself (its boundaries, the CSRF token).
UPLOAD_OVERHEAD = 64 * 1024

class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text=EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


@login_not_required
@require_http_methods(["GET", "POST"])
@ratelimit(key="ip", rate=lambda group, request: settings.SIGNUP_RATE, method="POST", block=False)
def signup(request):
    """A new account, logged in at once. Each address may post the form
    ``SIGNUP_RATE`` times (5 an hour), accounts made or not."""
    if request.user.is_authenticated:
        return HttpResponseRedirect(next_url(request))
    next_value = request.POST.get("next") or request.GET.get("next", "")
    if getattr(request, "limited", False):
        return render(
            request,
            "registration/signup.html",
            {"form": SignupForm(), "next": next_value, "throttled": True},
            status=429,
        )
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(next_url(request))
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": next_value},
        status=400 if request.method == "POST" else 200,
    )


class EmailForm(forms.Form):
    email = forms.EmailField(required=False, help_text=EMAIL_HELP)


class DeletionForm(forms.Form):
    password = forms.CharField(
        label="Your password", strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password


class RestoreForm(forms.Form):
    archive = forms.FileField(
        label="Your data download (data.zip)",
        help_text=f"The ZIP archive “Download all your data” gives, at most {restore.MAX_UPLOAD // (1024 * 1024)} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".zip,application/zip"}),
        error_messages={"required": "Choose the ZIP archive to restore."},
    )

    def clean_archive(self):
        archive = self.cleaned_data["archive"]
        if archive.size > restore.MAX_UPLOAD:
            raise forms.ValidationError(
                f"The file is {archive.size / (1024 * 1024):.1f} MB: a data download to restore is at most "
                f"{restore.MAX_UPLOAD // (1024 * 1024)} MB. Nothing was restored."
            )
        return archive


def account_page(request, *, form=None, restore_form=None, status=200):
    return render(
        request,
        "registration/account.html",
        {
            "form": form or EmailForm(initial={"email": request.user.email}),
            "restore_form": restore_form or RestoreForm(),
            "blocked": seating.blocked_accounts(request.user),
            "kinds": registry.kinds(),
            # The games whose file the download holds (their callables are no template's to call).
            "downloaded": ", ".join(kind.label for kind in registry.kinds() if kind.account_data is not None),
        },
        status=status,
    )


@require_http_methods(["GET", "POST"])
def account(request):
    """The account page: its email address, and links to the password, the
    data download and the deletion."""
    form = EmailForm(request.POST or None, initial={"email": request.user.email})
    if request.method == "POST" and form.is_valid():
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        messages.info(request, "Your email address is saved.")
        return redirect("account")
    return account_page(request, form=form, status=400 if request.method == "POST" else 200)


@require_POST
def account_restore(request):
    """Restore a data download into this account, all or nothing: the games
    it holds that the account has not, each game's players by name (the user
    takes the seat bearing their user name; no account is invited). The file
    is checked here, whole, and written by the task worker: the answer is the
    restore's page, which shows its progress and its result. An account may
    ask for ``RESTORE_RATE`` restores (6 a minute), and has one file checked
    at a time; past that, and for a file that cannot be restored, the account
    page says why, nothing written."""
    too_large = int(request.META.get("CONTENT_LENGTH") or 0) > restore.MAX_UPLOAD + UPLOAD_OVERHEAD
    form = RestoreForm({}, {}) if too_large else RestoreForm(request.POST, request.FILES)
    throttled = is_ratelimited(
        request, group="restore", key="user", rate=lambda group, request: settings.RESTORE_RATE, method="POST", increment=True
    )
    if too_large:  # refused before the upload is read
        form.is_valid()
        form.errors["archive"] = form.error_class(
            [f"The file is larger than {restore.MAX_UPLOAD // (1024 * 1024)} MB, the most a data download to restore may be. Nothing was restored."]
        )
    elif throttled:
        form.is_valid()
        form.errors["archive"] = form.error_class(
            ["Too many restores from this account in a short time: wait a minute and try again. Nothing was restored."]
        )
    elif form.is_valid():
        if not restore.check_turn_taken(request.user):
            throttled = True
            form.add_error(
                "archive", "Another restore of this account is being checked: wait for its answer, then try again. Nothing was restored."
            )
        else:
            try:
                job = restore_start(request.user, form.cleaned_data["archive"])
            except restore.RestoreError as error:
                form.add_error("archive", f"Nothing was restored: {error}.")
            else:
                return redirect("account_restore_progress", job_id=job.pk)
            finally:
                restore.check_turn_given_back(request.user)
    return account_page(request, restore_form=form, status=413 if too_large else 429 if throttled else 400)


@require_GET
@vary_on_headers("HX-Request")
def account_restore_progress(request, job_id: int):
    """A restore's page: waiting for the worker, how far it has got, then its
    result. While it runs, its region asks again every 2 seconds (htmx) and
    is swapped for what is new; without JavaScript the page reloads itself."""
    job = restore.restore_of(request.user, job_id)
    if job is None:
        raise Http404("No such restore.")
    template = "registration/restore.html"
    if request.htmx:
        template += "#progress"
    return render(request, template, {"job": job})


#: Bytes of an archive kept in memory while it is written; beyond, a temporary file.
ARCHIVE_IN_MEMORY = 8 * 1024 * 1024


@require_GET
def account_archive(request):
    """All of the account's data, every game's, as one ZIP download."""
    name = f"scorepads-{request.user.get_username()}-{timezone.localdate().isoformat()}.zip"
    archive = tempfile.SpooledTemporaryFile(max_size=ARCHIVE_IN_MEMORY)
    write_archive(request.user, archive)
    archive.seek(0)
    return FileResponse(archive, content_type="application/zip", headers={"Content-Disposition": attachment_header(name)})


@require_http_methods(["GET", "POST"])
def account_delete(request):
    """Delete the account after its password is given again."""
    form = DeletionForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        accounts.account_delete(user=user)
        return render(request, "registration/account_deleted.html")
    return render(
        request,
        "registration/account_delete.html",
        {
            "form": form,
            "parts": [
                (kind.deletion_template, kind.deletion_context(request.user) if kind.deletion_context else {})
                for kind in registry.kinds()
                if kind.deletion_template
            ],
        },
        status=400 if request.method == "POST" else 200,
    )


@login_not_required
def locked_out(request, response=None, credentials=None):
    """django-axes' answer to a login while locked out (AXES_LOCKOUT_CALLABLE)."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    return render(
        request,
        "registration/locked_out.html",
        {
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "username": username[:150],
            "minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
        },
        status=429,
    )


class Login(auth_views.LoginView):
    """Django's login, its posts counted per address: past ``LOGIN_RATE`` (30
    a minute) from one address, for whatever accounts, a post is refused (429)
    before its password is checked, with the form and a message that says
    why. A guesser cannot try many accounts' passwords fast from one address,
    and a refused try counts against no account (django-axes)."""

    def post(self, request, *args, **kwargs):
        if is_ratelimited(
            request, group="login", key="ip", rate=lambda group, request: settings.LOGIN_RATE, method="POST", increment=True
        ):
            form = self.get_form_class()(request, initial={"username": request.POST.get("username", "")[:150]})
            refusal = "Too many logins from this address in a short time: wait a minute, then try again. No password was checked."
            return self.render_to_response(self.get_context_data(form=form, refusal=refusal), status=429)
        return super().post(request, *args, **kwargs)


class PasswordChange(auth_views.PasswordChangeView):
    success_url = reverse_lazy("password_change_done")


class PasswordReset(auth_views.PasswordResetView):
    """Sends the link to the account's email address, if it has one; the page
    says the same either way, so it tells nobody which addresses have accounts."""

    email_template_name = "registration/password_reset_email.txt"


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """A new password from a reset link also lifts a login lockout: the way
    back for an owner locked out by someone guessing at their account."""

    def form_valid(self, form):
        response = super().form_valid(form)
        axes_reset(username=form.user.get_username())
        return response
