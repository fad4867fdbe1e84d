# warroom: `make run` sets everything up and starts the main job; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: setup run test lint typecheck pytest chromium bench clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,rl,ray]'
	touch $@

run: setup
	$(BIN)/warroom serve

lint: setup
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: setup
	$(BIN)/mypy

pytest: setup chromium
	$(PY) -m pytest -p no:cacheprovider

test: lint typecheck pytest

# the browser tests drive Debian's Chromium; install it when it is missing (with sudo unless root)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
chromium:
	@test -x /usr/bin/chromium || ($(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q chromium)

bench: setup
	for f in bench/*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
