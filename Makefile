# warroom: `make run` sets everything up and starts the main job; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: setup run test lint typecheck pytest chromium bench clean

setup: $(VENV)/.installed $(VENV)/.compiled

# the install compiles the campaign engine's hot modules with mypyc (setup.py; WARROOM_PURE=1
# installs without compiling); a change to one of them compiles them again
COMPILED_SOURCES := src/warroom/engine/contract.py src/warroom/engine/match.py src/warroom/kit/areamap.py $(wildcard src/warroom/games/campaign_commander/*.py src/warroom/games/campaign_commander/*/rules.py) src/warroom/ai/rules/cc_series.py src/warroom/ai/rules/coral_sea.py src/warroom/ai/rules/roads_to_stalingrad.py

# (no C compiler: the pure-Python install, said once)
NO_CC := $(shell command -v cc >/dev/null 2>&1 || echo 1)
ifeq ($(NO_CC),1)
export WARROOM_PURE := 1
endif

$(VENV)/.installed: pyproject.toml setup.py
	@test -z "$(NO_CC)" || echo "no C compiler (cc): installing the pure-Python campaign engine"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,rl,ray]' || { echo "the compiled build failed: installing the pure-Python campaign engine"; WARROOM_PURE=1 $(PY) -m pip install --quiet -e '.[dev,rl,ray]'; }
	touch $@ $(VENV)/.compiled

$(VENV)/.compiled: $(COMPILED_SOURCES)
	$(PY) -m pip install --quiet --no-deps -e . || { echo "the compiled build failed: installing the pure-Python campaign engine"; WARROOM_PURE=1 $(PY) -m pip install --quiet --no-deps -e .; }
	touch $@

run: setup
	$(BIN)/warroom serve

lint: setup
	$(BIN)/ruff check src tests bench setup.py
	$(BIN)/ruff format --check src tests bench setup.py

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
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build src/warroom/_compiled.json
	find src -name '*.so' -delete
