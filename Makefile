# Two entry points for a fresh machine with Python 3.11+:
#   make lab   installs everything into .venv and opens JupyterLab on notebooks/
#   make test  installs everything into .venv and runs the whole test suite
# and one for a class without a server:
#   make lite  builds the lessons as a static JupyterLite site into site/ (OFFLINE=1: needs no internet)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab serve test lint bench clean lite lite-inputs

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	touch $(STAMP)

# JupyterLab refuses to run as root unless told to (containers and CI machines often are root).
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP)
	$(BIN)/python tools/lab.py $(ROOT_OK)

# The notebooks as apps for a class (code hidden), through the classroom server (classroom/):
#   make serve                     this machine only, http://127.0.0.1:8866, no access code
#   make serve HOST=0.0.0.0        the class network, with an access code (the link is printed)
#   LESSON=en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb POOL=30   that lesson preheated 30 times
#   PREHEAT=fa:6                   6 more of the same lesson in Persian (a page asking ?lang=fa)
#   MAX_KERNELS=36                 at most this many kernels (about 115 MB each), then "server full"
HOST ?= 127.0.0.1
LESSON ?=
POOL ?= 0
MAX_KERNELS ?= 36
PREHEAT ?=
serve: $(STAMP)
	CLASSROOM_LESSON='$(LESSON)' CLASSROOM_POOL='$(POOL)' CLASSROOM_MAX_KERNELS='$(MAX_KERNELS)' \
		CLASSROOM_PREHEAT='$(PREHEAT)' \
		$(BIN)/python -m classroom notebooks/ --no-browser --Voila.ip=$(HOST) --port=8866

lint: $(STAMP)
	$(BIN)/ruff check conftest.py harmonies azul tabletop classroom tests benchmarks tools notebooks

# axe-core, from the npm registry, for the accessibility check of a lesson page (a browser test
# injects it from node_modules; nothing is fetched at test time). Without npm that test is skipped.
AXE := tests/browser/node_modules/axe-core/axe.min.js
NPM := $(shell command -v npm)

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund
	touch $(AXE)

# The test suite builds the offline Lite site itself; its downloads (npm, PyPI) happen here, once.
# On every processor: a notebook, a test file and the browser tests are each one unit (conftest.py).
# Containers often forbid writing bytecode (PYTHONDONTWRITEBYTECODE): every process of the suite (each
# kernel, each server) would then compile the project from its sources, 0.15 s each. Compiled once
# here, they all read it (Python reads the bytecode it may not write).
test: lint lite-inputs $(if $(NPM),$(AXE))
	$(BIN)/python -m compileall -q harmonies azul tabletop classroom
	$(BIN)/python -m pytest -n auto --dist loadscope

# The lessons as a static site (JupyterLite): Python runs in each learner's browser. The folder
# site/ goes to any static web space as it is. With OFFLINE=1 the site holds Pyodide itself and
# asks no other host for anything; every lesson runs there, charts included (docs/lite.md).
# jupyterlite in an environment of its own: its kernel extension must not reach Voila's and Lab's pages
# (jupyter-server: the build reads the lessons through its contents manager).
LITE_TOOLS := .lite/tools
$(LITE_TOOLS)/.installed:
	$(PYTHON) -m venv $(LITE_TOOLS)
	$(LITE_TOOLS)/bin/python -m pip install --quiet "jupyterlite-core==0.8.6" "jupyterlite-pyodide-kernel==0.8.6" \
		"jupyter-server>=2"
	touch $@

lite: $(STAMP) $(LITE_TOOLS)/.installed
	$(BIN)/python tools/lite.py fetch $(if $(OFFLINE),--offline)
	$(BIN)/python tools/lite.py build --out site $(if $(OFFLINE),--offline)

# What an offline build needs, downloaded once into .lite/ (Pyodide from npm, wheels from PyPI).
lite-inputs: $(STAMP) $(LITE_TOOLS)/.installed
	$(BIN)/python tools/lite.py fetch --offline

bench: $(STAMP)
	$(BIN)/python benchmarks/azul_random_games.py --games 300 --players 2 --seed 1
	$(BIN)/python benchmarks/harmonies_bench.py
	$(BIN)/python benchmarks/widgets_bench.py
	$(BIN)/python benchmarks/widget_machines.py --actions 300

clean:
	rm -rf $(VENV) .lite site
