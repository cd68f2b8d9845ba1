"""The wheel built from the project holds every app of the project that the
settings install: each of its modules, its RULES.md, and its templates and
static files (the site's, each app's in a folder of its name)."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

ROOT = Path(__file__).resolve().parents[1]
PACKAGED = ("__pycache__", "*.pyc")


def project_apps():
    """The installed apps whose code is the project's own (a folder of the
    project's), not a dependency's."""
    return [config for config in apps.get_app_configs() if Path(config.path).resolve().parent == ROOT]


def files_under(folder: Path) -> set[str]:
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def built_wheel(tmp_path_factory) -> Path:
    """A wheel built, offline, from a copy of the project's sources."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    packages = [path.parent for path in ROOT.glob("*/__init__.py") if path.parent.name != "tests"]
    for folder in [*packages, ROOT / "templates", ROOT / "static"]:
        shutil.copytree(folder, source / folder.name, ignore=shutil.ignore_patterns(*PACKAGED))
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--wheel-dir", str(out), str(source)],
        capture_output=True, text=True, timeout=120,
    )
    assert built.returncode == 0, built.stderr
    (path,) = out.glob("*.whl")
    return path


@pytest.fixture(scope="module")
def wheel(built_wheel) -> set[str]:
    """The names in the wheel."""
    with zipfile.ZipFile(built_wheel) as archive:
        return set(archive.namelist())


def test_every_app_of_the_project_is_installed_from_the_wheel(wheel):
    names = [config.name for config in project_apps()]
    assert {"scorepads", "card_table", "pad", "two_way_street", "mahjong", "bridge"} <= set(names)
    for config in project_apps():
        package = config.name.split(".")[0]
        missing = sorted(f"{package}/{name}" for name in files_under(Path(config.path)) if f"{package}/{name}" not in wheel)
        assert not missing, f"{config.name}: not in the wheel: {missing}"


def test_each_apps_templates_and_static_files_are_in_the_wheel(wheel):
    for kind, folder in (("templates", settings.TEMPLATES[0]["DIRS"][0]), ("static", settings.STATICFILES_DIRS[0])):
        for config in project_apps():
            own = Path(folder) / config.label
            missing = sorted(name for name in files_under(own) if f"gorilla_site/{kind}/{config.label}/{name}" not in wheel)
            assert not missing, f"{config.label}'s {kind}: not in the wheel: {missing}"
        site_wide = sorted(name for name in files_under(Path(folder)) if f"gorilla_site/{kind}/{name}" not in wheel)
        assert not site_wide, f"the site's {kind}: not in the wheel: {site_wide}"


def test_the_solver_and_the_rules_of_each_game_are_in_the_wheel(wheel):
    assert {f"solver/{name}" for name in files_under(ROOT / "solver")} <= wheel
    rules = {path.relative_to(ROOT).as_posix() for path in ROOT.glob("*/RULES.md")}
    assert rules and rules <= wheel


def test_installed_from_the_wheel_the_site_finds_its_templates_and_static_files(built_wheel, tmp_path):
    installed = tmp_path / "site-packages"
    with zipfile.ZipFile(built_wheel) as archive:
        archive.extractall(installed)
    found = subprocess.run(
        [sys.executable, "-c", (
            "import django; django.setup()\n"
            "from django.contrib.staticfiles import finders\n"
            "from django.template.loader import get_template\n"
            "print(get_template('base.html').origin.name)\n"
            "print(get_template('pad/game.html').origin.name)\n"
            "print(finders.find('pad/pad.css'))\n"
            "from scorepads.names import BUNDLED_FONTS\n"
            "print(*BUNDLED_FONTS, sep=chr(10))\n"
        )],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(installed), "DEBUG": "true",
             "DJANGO_SETTINGS_MODULE": "gorilla_site.settings"},
    )
    assert found.returncode == 0, found.stderr
    paths = [Path(line) for line in found.stdout.splitlines()]
    assert len(paths) == 5
    assert all(path.is_relative_to(installed / "gorilla_site") and path.is_file() for path in paths), paths
