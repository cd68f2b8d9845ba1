"""Failures leave a trace: every 500 is logged, with its path and the id of
its request, to stderr, and the 500 page shows the same id for the user to quote."""

import io
import logging
import logging.config
import re
import sys

import pytest
from django.conf import settings
from django.test import Client


@pytest.fixture
def logged(monkeypatch):
    """What the settings' logging (LOGGING) writes to stderr, caught: set up
    anew with stderr caught, and again as it was afterwards."""
    caught = io.StringIO()
    monkeypatch.setattr(sys, "stderr", caught)
    logging.config.dictConfig(settings.LOGGING)
    yield caught
    monkeypatch.undo()
    logging.config.dictConfig(settings.LOGGING)


def test_a_500_is_logged_with_its_path_and_the_request_id_the_page_shows(db, settings, logged):
    settings.ROOT_URLCONF = "tests.card_table.failing_urls"
    assert not settings.DEBUG
    response = Client(raise_request_exception=False).get("/failing/?x=1")
    assert response.status_code == 500
    page = response.content.decode()
    request_id = re.search(r"tell us this reference: <strong>([0-9a-f]{8})</strong>", page).group(1)
    assert response["X-Request-Id"] == request_id
    log = logged.getvalue()
    assert f"ERROR django.request [request {request_id}] Internal Server Error: /failing/" in log
    assert "RuntimeError: a failure in the view" in log  # with its traceback


def test_each_request_has_its_own_id_and_answers_that_are_not_failures_log_nothing(client, db, logged):
    first, second = client.get("/healthz"), client.get("/healthz")
    assert re.fullmatch(r"[0-9a-f]{8}", first["X-Request-Id"])
    assert first["X-Request-Id"] != second["X-Request-Id"]
    assert client.get("/no-such-page/").status_code == 404
    assert logged.getvalue() == ""
