# Two commands do everything on a fresh machine with only python3:
#   make run   - set up, then start the browser table on http://127.0.0.1:8000/ (SQLite in polemos-data/)
#   make test  - set up, then run ruff, mypy --strict and the whole test suite
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SYSTEM := $(VENV)/.system-packages
NATIVE := $(VENV)/.native
# the modules compiled with mypyc (polemos/core/native.py: COMPILED) and what decides how
HOT := $(wildcard polemos/games/athens_sparta/*.py polemos/games/thermopylae/*.py polemos/games/peloponnesian_war/*.py polemos/core/*.py)
# POLEMOS_NATIVE=0 make ...: no mypyc build (pure Python); POLEMOS_PURE=1 at run time ignores a build
POLEMOS_NATIVE ?= 1

.PHONY: run test lint setup clean bench i18n

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The hot modules compiled in place with mypyc (issue 12). A failed build (no C compiler, no Python
# headers) removes what it made and only warns: the same sources then run as pure Python, and the
# package ignores any build whose sources changed since (polemos/core/native.py).
$(NATIVE): $(HOT) | $(STAMP)
	@if [ "$(POLEMOS_NATIVE)" = 0 ]; then \
	  $(BIN)/python -c "import polemos.core.native as n; n.clean()"; \
	else \
	  echo "compiling the hot modules with mypyc (POLEMOS_NATIVE=0 to skip)"; \
	  $(BIN)/python -c "import polemos.core.native as n; raise SystemExit(n.main(['build']))" \
	    || echo "warning: the mypyc build failed: Polemos runs as pure Python"; \
	fi
	@touch $@

setup: $(STAMP) $(NATIVE)

# What the tests need from the system: Debian's Chromium (browser tests, driven by Playwright with
# executable_path) and PostgreSQL's server binaries (the server's PostgreSQL tests).
$(SYSTEM): | $(STAMP)
	@if ! command -v chromium >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  echo "installing Debian packages chromium and postgresql for the tests"; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium postgresql \
	    >/dev/null || echo "warning: could not install chromium/postgresql: their tests will be skipped"; \
	fi
	touch $@

run: $(STAMP) $(NATIVE)
	$(BIN)/polemos serve --host 127.0.0.1 --port 8000 --data-dir polemos-data

# ruff and mypy (lint) run while the mypyc build compiles: CI has two cores, and mypy took one for a
# minute or two that the build then waited for. A failed build still only warns; a lint failure fails.
test: $(STAMP) $(SYSTEM)
	$(MAKE) --no-print-directory --output-sync=target -j2 lint $(NATIVE)
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check polemos tests
	$(BIN)/mypy

# English and Spanish (polemos/i18n.py): extract the messages (babel.cfg), update the .po catalogs and
# compile them to the .mo files the package reads (committed, so a fresh machine needs no step)
i18n: $(STAMP)
	$(BIN)/python scripts/i18n.py

bench: $(STAMP) $(NATIVE)
	$(BIN)/polemos bench athens-and-sparta
	POLEMOS_PURE=1 $(BIN)/polemos bench athens-and-sparta

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
	rm -f polemos/_native.json polemos/_native*__mypyc*.so polemos/games/*/*.so
