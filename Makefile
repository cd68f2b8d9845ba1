# The two commands of the README: `make run` and `make test`. Both install what
# they need first (a virtualenv from pyproject.toml pinned by constraints.txt;
# for the tests also Debian's chromium and poppler-utils).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
SYSTEM_PACKAGES := chromium poppler-utils

.PHONY: run test install system-packages lock

run: $(INSTALLED)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

test: $(INSTALLED) system-packages
	$(PY) -m pytest

install: $(INSTALLED)

$(INSTALLED): pyproject.toml constraints.txt
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
