# Two commands do everything on a fresh machine with only python3:
#   make run   - set up, then start the browser table on http://127.0.0.1:8000/ (SQLite in polemos-data/)
#   make test  - set up, then run ruff, mypy --strict and the whole test suite
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SYSTEM := $(VENV)/.system-packages

.PHONY: run test setup clean bench

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

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

run: $(STAMP)
	$(BIN)/polemos serve --host 127.0.0.1 --port 8000 --data-dir polemos-data

test: $(STAMP) $(SYSTEM)
	$(BIN)/ruff check polemos tests
	$(BIN)/mypy
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/polemos bench athens-and-sparta

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
