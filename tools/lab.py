"""Open JupyterLab on the lessons in a language: ``TABLETOP_LANGUAGE=nl make lab``.

Lab opens that language's start-here notebook, and its own menus follow the same setting where an
official JupyterLab language pack exists (Dutch and Vietnamese; none exists for Persian, so Lab's
menus stay English around Persian lessons). The setting lives in this environment's own Lab
settings folder, not in the user's ``~/.jupyter``. Extra arguments go to ``jupyter lab``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.i18n import ENVIRONMENT, check_language  # noqa: E402

#: The table server for friends inside Lab (tabletop/tables/jupyter.py); a pip install enables it by a
#: config file too (pyproject.toml), an editable one of an older checkout may not have it.
EXTENSION = "--ServerApp.jpserver_extensions=tabletop.tables.jupyter=True"

#: JupyterLab's locale for each language of the project (the packs are in pyproject.toml).
LAB_LOCALES = {"en": "en", "fa": "en", "nl": "nl_NL", "vi": "vi_VN"}


def settings_folder(language: str) -> Path:
    """A Lab user-settings folder whose language setting is ``language``'s."""
    folder = Path(sys.prefix) / "lab-settings"
    plugin = folder / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    plugin.parent.mkdir(parents=True, exist_ok=True)
    plugin.write_text(json.dumps({"locale": LAB_LOCALES[language]}) + "\n", encoding="utf-8")
    return folder


def main(argv: list[str]) -> None:
    language = check_language(os.environ.get(ENVIRONMENT) or "en")
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(settings_folder(language))}
    jupyter = str(Path(sys.executable).parent / "jupyter")
    os.execve(jupyter, [jupyter, "lab", f"--ServerApp.root_dir={ROOT / 'notebooks'}", EXTENSION,
                        f"--LabApp.default_url=/lab/tree/{language}/00-start-here.ipynb", *argv], env)


if __name__ == "__main__":
    main(sys.argv[1:])
