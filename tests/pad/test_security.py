"""Hardening: the Content-Security-Policy, no inline script or style in the
templates, and `check --deploy` clean with production settings."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
TEMPLATES = BASE_DIR / "templates"
# The print templates are read by WeasyPrint only, never served to a browser.
SERVED_TEMPLATES = [path for path in TEMPLATES.rglob("*.html") if "print" not in path.parts]


def production_env(**overrides) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SECURE_", "CSRF_", "DJANGO_"))
    }
    env.update(
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="pad.example.com",
        CSRF_TRUSTED_ORIGINS="https://pad.example.com",
    )
    env.update(overrides)
    return env


def test_check_deploy_with_production_settings_reports_nothing():
    completed = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr + completed.stdout
    assert "System check identified no issues" in completed.stdout
    assert "WARNING" not in completed.stderr + completed.stdout


def test_check_deploy_notices_ssl_redirect_turned_off():
    completed = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=production_env(SECURE_SSL_REDIRECT="false"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode != 0
    assert "security.W008" in completed.stderr + completed.stdout


@pytest.mark.parametrize("path", SERVED_TEMPLATES, ids=lambda path: str(path.relative_to(TEMPLATES)))
def test_no_inline_script_or_style_in_served_templates(path):
    text = path.read_text()
    assert not re.search(r"\sstyle\s*=", text), "inline style attributes are blocked by the CSP"
    assert "<style" not in text
    for tag in re.findall(r"<script\b[^>]*>", text):
        assert "src=" in tag, f"inline script {tag} is blocked by the CSP"
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handlers are blocked by the CSP"


def test_pages_carry_the_content_security_policy(client, game):
    response = client.get(f"/games/{game.pk}/")
    policy = response.headers["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in policy.split(";") if part.strip()
    )
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["default-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    # htmx would add an inline <style> for its indicators; the page turns that off.
    assert b'"includeIndicatorStyles": false' in response.content


def test_healthz_is_trivial(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"

