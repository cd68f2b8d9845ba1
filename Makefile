# The two commands of the README: `make run` (the development server and,
# beside it, the task worker that prints long PDFs) and `make test`. Both install what
# they need first: a virtualenv from pyproject.toml pinned by constraints.txt,
# and Debian's Pango (which WeasyPrint lays out PDFs with) and the fonts that
# print every name the bundled DejaVu font (Latin, Greek, Cyrillic, Arabic,
# Hebrew) lacks: Noto CJK and Noto Color Emoji, Lohit Devanagari, Loma (Thai),
# found through fontconfig; the tests also Debian's chromium, poppler-utils,
# postgresql and nodejs.
#
# `make test` first checks the code (`make lint`: ruff, and mypy with
# django-stubs, as pyproject.toml sets them), then runs the whole suite on
# SQLite, then again on a throwaway PostgreSQL server on 127.0.0.1
# (scripts/with-throwaway-postgres), where only the tests that use the database
# run (--database-tests-only, tests/conftest.py) and the browser tests are left
# out: what differs there is the database. Each run spreads the tests over the machine's
# cores (pytest-xdist, PYTEST_WORKERS, 2 by default); on SQLite the browser
# tests come after the others, over BROWSER_WORKERS (4 by default: they mostly
# wait, for Chromium and for the live server, so more of them than cores keep
# the cores busy), and the browser tests that time taps, alone, last. It fails if any
# of the three fails. `make lint`, `make test-sqlite` and `make test-postgresql`
# run one each; PYTEST_ARGS goes to pytest (e.g. PYTEST_ARGS='-k concurrency').

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
RUN_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 fontconfig fonts-noto-cjk fonts-noto-color-emoji fonts-lohit-deva fonts-tlwg-loma-ttf
# nodejs runs the site's scripts in the tests (tests/javascript.py), both runs.
SYSTEM_PACKAGES := $(RUN_PACKAGES) chromium poppler-utils postgresql nodejs
# axe-core, which the browser tests load into pages to check their accessibility.
AXE := tests/browser/js/node_modules/axe-core/axe.min.js
PYTEST_ARGS ?=
PYTEST_WORKERS ?= 2
BROWSER_WORKERS ?= 4
# The project's packages, which mypy checks: every folder with an __init__.py but the tests.
PACKAGES := $(filter-out tests,$(patsubst %/__init__.py,%,$(wildcard */__init__.py)))

.PHONY: run test lint test-sqlite test-postgresql install system-packages lock vendor-workbox screenshots

# The settings fail closed (DEBUG off, a SECRET_KEY needed): development asks for DEBUG.
run: $(INSTALLED)
	@$(MAKE) --no-print-directory system-packages SYSTEM_PACKAGES="$(RUN_PACKAGES)"
	DEBUG=true $(PY) manage.py migrate --noinput
	DEBUG=true $(PY) manage.py createcachetable
	DEBUG=true STATIC_HASHED=true $(PY) manage.py collectstatic --noinput --verbosity 0
	@# The task worker that prints long PDFs, in a process group of its own
	@# (with its reloader's child), stopped with the server however it ends,
	@# started again should it stop before, and yielding the CPU to the server (nice).
	DEBUG=true STATIC_HASHED=true setsid sh -c 'while :; do nice -n 10 $(PY) manage.py db_worker; echo "db_worker stopped ($$?): starting it again in 2 s"; sleep 2; done' & worker=$$!; \
	trap 'kill -TERM -$$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	DEBUG=true STATIC_HASHED=true $(PY) manage.py runserver 127.0.0.1:8000

test: $(INSTALLED) system-packages $(AXE)
	@lint=passed; sqlite=passed; postgresql=passed; \
	$(MAKE) --no-print-directory lint || lint=FAILED; \
	$(MAKE) --no-print-directory test-sqlite || sqlite=FAILED; \
	$(MAKE) --no-print-directory test-postgresql || postgresql=FAILED; \
	echo "==== make test: lint and types $$lint, SQLite $$sqlite, PostgreSQL $$postgresql ===="; \
	[ $$lint = passed ] && [ $$sqlite = passed ] && [ $$postgresql = passed ]

# ruff's checks and mypy's; `$(PY) -m ruff check --fix .` mends what ruff can.
lint: $(INSTALLED)
	@echo "==== Lint (ruff) and types (mypy) ===="
	$(PY) -m ruff check .
	DEBUG=true $(PY) -m mypy $(PACKAGES)

test-sqlite: $(INSTALLED) system-packages $(AXE)
	@echo "==== The test suite on SQLite ($(PYTEST_WORKERS) workers) ===="
	@# The browser tests after the others, over more workers; the tests that
	@# time taps alone after them (tests/browser/conftest.py). A run that
	@# PYTEST_ARGS leaves no test in (pytest's status 5) fails nothing.
	@status=0; \
	env -u DATABASE_URL $(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m "not browser" $(PYTEST_ARGS) || [ $$? -eq 5 ] || status=1; \
	echo "==== The browser tests on SQLite ($(BROWSER_WORKERS) workers) ===="; \
	env -u DATABASE_URL $(PY) -m pytest -p no:cacheprovider -n $(BROWSER_WORKERS) --dist worksteal -m "browser and not serial" $(PYTEST_ARGS) || [ $$? -eq 5 ] || status=1; \
	echo "==== The tests that time taps, alone ===="; \
	env -u DATABASE_URL $(PY) -m pytest -p no:cacheprovider -m serial $(PYTEST_ARGS) || [ $$? -eq 5 ] || status=1; \
	exit $$status

test-postgresql: $(INSTALLED) system-packages
	@echo "==== The tests that use the database, on PostgreSQL (a throwaway server on 127.0.0.1; no browser tests; $(PYTEST_WORKERS) workers) ===="
	scripts/with-throwaway-postgres $(PY) -m pytest -p no:cacheprovider -n $(PYTEST_WORKERS) --dist worksteal -m "not browser" --database-tests-only $(PYTEST_ARGS)

install: $(INSTALLED)

# The guides' pictures (docs/images/), taken again of the real app in Chromium
# (tests/browser/screenshots.py); not part of `make test`.
screenshots: $(INSTALLED) system-packages
	env -u DATABASE_URL $(PY) -m pytest -p no:cacheprovider tests/browser/screenshots.py

$(AXE): tests/browser/js/package.json tests/browser/js/package-lock.json
	@command -v npm >/dev/null || { sudo=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends npm; }
	cd tests/browser/js && npm ci --silent --no-audit --no-fund
	touch $(AXE)

$(INSTALLED): pyproject.toml setup.py constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(INSTALLED)

system-packages:
	@missing=$$(for package in $(SYSTEM_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'ok installed' || echo $$package; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		sudo=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
		$$sudo apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# Re-pin every dependency after changing pyproject.toml.
lock:
	rm -rf /tmp/gorilla-lock && $(PYTHON) -m venv /tmp/gorilla-lock
	/tmp/gorilla-lock/bin/pip install --quiet --upgrade pip
	/tmp/gorilla-lock/bin/pip install --quiet '.[test]'
	/tmp/gorilla-lock/bin/pip freeze --exclude gorilla-pad > constraints.txt

# Workbox, the service worker's library (static/vendor/workbox/): its production
# builds at this version, fetched again from npm by `make vendor-workbox`.
WORKBOX_VERSION := 7.4.1
WORKBOX_MODULES := core routing strategies expiration cacheable-response precaching
vendor-workbox:
	rm -rf static/vendor/workbox && mkdir -p static/vendor/workbox
	set -e; tmp=$$(mktemp -d); for module in $(WORKBOX_MODULES); do \
		(cd $$tmp && npm pack --silent workbox-$$module@$(WORKBOX_VERSION) >/dev/null && tar -xzf workbox-$$module-$(WORKBOX_VERSION).tgz); \
		sed '/sourceMappingURL/d' $$tmp/package/build/workbox-$$module.prod.js > static/vendor/workbox/workbox-$$module.prod.js; \
		cp $$tmp/package/LICENSE static/vendor/workbox/LICENSE; rm -rf $$tmp/package; \
	done; rm -rf $$tmp
