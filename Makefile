# Two commands do everything on a fresh machine with only python3:
#   make run   - set up, then play Athens & Sparta in the terminal against the computer
#   make test  - set up, then run ruff, mypy --strict and the whole test suite
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test setup clean bench

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/polemos play athens-and-sparta --vs heuristic

test: $(STAMP)
	$(BIN)/ruff check polemos tests
	$(BIN)/mypy
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/polemos bench athens-and-sparta

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
