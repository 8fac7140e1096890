# Two entry points for a fresh machine with Python 3.11+:
#   make lab   installs everything into .venv and opens JupyterLab on notebooks/
#   make test  installs everything into .venv and runs the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab serve test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	touch $(STAMP)

# JupyterLab refuses to run as root unless told to (containers and CI machines often are root).
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP)
	$(BIN)/python tools/lab.py $(ROOT_OK)

# The notebooks as apps for a class (code hidden), on this machine only: http://127.0.0.1:8866
serve: $(STAMP)
	$(BIN)/voila notebooks/ --no-browser --Voila.ip=127.0.0.1 --port=8866

lint: $(STAMP)
	$(BIN)/ruff check conftest.py harmonies azul tabletop tests benchmarks tools notebooks

# axe-core, from the npm registry, for the accessibility check of a lesson page (a browser test
# injects it from node_modules; nothing is fetched at test time). Without npm that test is skipped.
AXE := tests/browser/node_modules/axe-core/axe.min.js
NPM := $(shell command -v npm)

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund
	touch $(AXE)

test: lint $(if $(NPM),$(AXE))
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/azul_random_games.py --games 300 --players 2 --seed 1
	$(BIN)/python benchmarks/harmonies_bench.py
	$(BIN)/python benchmarks/widgets_bench.py

clean:
	rm -rf $(VENV)
