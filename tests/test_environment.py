"""The pip route (pyproject.toml) and the conda route (environment.yml) install the same packages."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_yml_lists_the_same_packages_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip_side = {_name(r) for group in project["optional-dependencies"].values() for r in group}
    pip_side |= {_name(r) for r in project["dependencies"]}

    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "conda-forge" in env["channels"]
    conda_side = {_name(d) for d in env["dependencies"] if isinstance(d, str)} - {"python", "pip"}
    assert conda_side == pip_side


def test_environment_yml_installs_this_project():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_lists = [d["pip"] for d in env["dependencies"] if isinstance(d, dict)]
    assert ["-e ."] in pip_lists


def test_rules_layer_imports_neither_jupyter_nor_matplotlib():
    banned = re.compile(r"^\s*(import|from)\s+(matplotlib|ipywidgets|IPython|anywidget|numpy)\b", re.M)
    rules = [p for pkg in ("harmonies", "azul") for p in (ROOT / pkg).glob("*.py")
             if not p.name.startswith(("draw", "widget", "figure"))]
    assert rules
    offenders = [p.name for p in rules if banned.search(p.read_text())]
    assert offenders == []
